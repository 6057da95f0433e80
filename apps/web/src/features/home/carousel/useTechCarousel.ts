import { useState } from 'react';
import { clampPosition, techDelay, techReducer, type TechAction, type TechPosition } from './techCarousel.ts';
import { useAutoplay, type Timers } from './useAutoplay.ts';
import { useCarouselPause } from './usePause.ts';

/**
 * The technology carousel: five category lists, one shown at a time. Autoplay steps every 5 s and,
 * 4.5 s after the last slide of a list, shows the next category (from the fifth back to the first).
 */
export function useTechCarousel(counts: readonly number[], perView: number, timers?: Timers) {
  const [stored, setStored] = useState<TechPosition>({ category: 0, start: 0 });
  const shape = { counts, perView };
  const position = clampPosition(stored, shape);
  const pause = useCarouselPause();
  const dispatch = (action: TechAction) => setStored(techReducer(position, action, shape));

  useAutoplay({
    delay: techDelay(position, shape),
    running: pause.running && counts.length > 0,
    onStep: () => dispatch({ type: 'autoplay' }),
    position: `${position.category}:${position.start}`,
    timers,
  });

  return {
    ...position,
    select: (category: number) => dispatch({ type: 'select', category }),
    slide: (delta: number) => dispatch({ type: 'slide', delta }),
    pause,
  };
}

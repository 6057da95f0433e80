import { useCallback, useState } from 'react';
import { lastStart, stepIndex } from './timing.ts';
import { useAutoplay, type Timers } from './useAutoplay.ts';
import { useCarouselPause } from './usePause.ts';

export interface CarouselOptions {
  count: number;
  /** Slides visible at once (1 for the banner). */
  perView?: number;
  /** Autoplay delay in ms. */
  interval: number;
  timers?: Timers;
}

/**
 * A looping carousel (the banner and the achievements): `index` is the first visible slide. It
 * steps by one slide every `interval` ms and goes back to the first after the last full view.
 */
export function useCarousel({ count, perView = 1, interval, timers }: CarouselOptions) {
  const last = lastStart(count, perView);
  const [wanted, setWanted] = useState(0);
  // A resize to fewer slides per view may leave the remembered index past the end.
  const index = Math.min(wanted, last);
  const pause = useCarouselPause();

  const go = useCallback((target: number) => setWanted(Math.max(0, Math.min(target, last))), [last]);
  const next = useCallback(() => setWanted((i) => stepIndex(Math.min(i, last), 1, last, true)), [last]);
  const previous = useCallback(() => setWanted((i) => stepIndex(Math.min(i, last), -1, last, true)), [last]);

  useAutoplay({ delay: interval, running: pause.running && last > 0, onStep: next, position: index, timers });

  return { index, last, go, next, previous, pause };
}

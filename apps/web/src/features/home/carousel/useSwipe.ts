import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from './timing.ts';

/**
 * Horizontal swipes (touch, pen or mouse drag) on a carousel viewport: a move of at least
 * `threshold` px to the left shows the next slide, to the right the previous one. Shorter or
 * mostly vertical moves do nothing. The click that ends a swipe does not follow a link.
 */
export function useSwipe(onPrevious: () => void, onNext: () => void, threshold = SWIPE_THRESHOLD_PX) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY };
      swiped.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return;
      swiped.current = true;
      if (dx < 0) onNext();
      else onPrevious();
    },
    onPointerCancel: () => {
      start.current = null;
    },
    onClickCapture: (event: MouseEvent) => {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}

import { useState, type FocusEvent } from 'react';
import { usePrefersReducedMotion } from './useMediaQuery.ts';

function isKeyboardFocus(element: EventTarget): boolean {
  try {
    return element instanceof Element && element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * When a carousel rotates by itself. It pauses while the pointer is over it and while keyboard
 * focus is inside it; the visitor can stop and restart it with its rotation button. Visitors who
 * ask their system for reduced motion start with rotation stopped; everyone else gets the
 * contract's timings from the first second.
 */
export function useCarouselPause() {
  const reducedMotion = usePrefersReducedMotion();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [choice, setChoice] = useState<'stopped' | 'playing' | null>(null);
  const stopped = choice === null ? reducedMotion : choice === 'stopped';
  return {
    /** Rotating now. */
    running: !stopped && !hovered && !focused,
    /** Stopped by the visitor (or by the reduced-motion preference). */
    stopped,
    toggle: () => setChoice(stopped ? 'playing' : 'stopped'),
    /** Spread on the carousel's root element. */
    bind: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: (event: FocusEvent) => {
        if (isKeyboardFocus(event.target)) setFocused(true);
      },
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

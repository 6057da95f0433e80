import { useCallback, useSyncExternalStore } from 'react';
import { NARROW_QUERY, REDUCED_MOTION_QUERY, SLIDES_PER_VIEW } from './timing.ts';

/** Whether a CSS media query matches now; follows changes (resizing, system settings). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Slides per view of the technology and achievement carousels: 3, or 2 at 768 px or less. */
export function useSlidesPerView(): number {
  return useMediaQuery(NARROW_QUERY) ? SLIDES_PER_VIEW.narrow : SLIDES_PER_VIEW.wide;
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

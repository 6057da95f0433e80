import { useSyncExternalStore } from 'react';
import { reached, type ScrollFeature } from './scroll.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};

/** True once the page has scrolled as far as the threshold of `feature` (see SCROLL_THRESHOLDS). */
export function useScrolled(feature: ScrollFeature): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reached(feature, window.scrollY),
    () => false,
  );
}

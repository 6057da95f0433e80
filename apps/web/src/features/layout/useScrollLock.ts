import { useEffect } from 'react';

let locks = 0;
let previousOverflow = '';

/**
 * Locks page scrolling while `active` (an open menu on mobile). Several holders may
 * lock at once (the mobile menu and a dialog); the page scrolls again when the last one lets go.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (locks === 0) {
      previousOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      document.body.dataset.scrollLocked = 'true';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) {
        document.body.style.overflow = previousOverflow;
        delete document.body.dataset.scrollLocked;
      }
    };
  }, [active]);
}

import { useEffect, useState, type RefObject } from 'react';

const INTERACTIONS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * True once the element comes within `margin` px of the viewport or the visitor first uses the
 * keyboard, pointer or wheel; used to fetch the code of the lower part of the page only when it can
 * be needed. A keyboard user's first Tab loads it, long before focus could reach it.
 */
export function useDeferred(target: RefObject<Element | null>, margin = 300): boolean {
  const [ready, setReady] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (ready) return undefined;
    const element = target.current;
    const done = () => setReady(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: `${margin}px 0px` },
    );
    if (element) observer.observe(element);
    for (const type of INTERACTIONS) window.addEventListener(type, done, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, done);
    };
  }, [ready, target, margin]);
  return ready;
}

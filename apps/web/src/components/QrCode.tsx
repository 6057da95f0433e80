import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { QrCodeProps } from './QrSvg.tsx';

// The encoder is loaded only when a QR code comes into view: it is not part of the first page load.
const QrSvg = lazy(() => import('./QrSvg.tsx').then((m) => ({ default: m.QrSvg })));

/** How far below the viewport a QR code starts loading, so that it is drawn by the time it is seen. */
const PRELOAD_MARGIN = '300px';

/**
 * A QR code of `value`, as an SVG with `label` as its text alternative. It keeps its size from the
 * start and is drawn once it nears the viewport.
 */
export function QrCode(props: QrCodeProps) {
  const { size = 120, className } = props;
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);

  const placeholder = (
    <span
      ref={box}
      className={className}
      style={{ display: 'block', width: size, height: size, background: '#fff' }}
      role="img"
      aria-label={props.label}
    />
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <QrSvg {...props} />
    </Suspense>
  );
}

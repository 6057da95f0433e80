import { useMemo } from 'react';
import { qrMatrix, qrPath } from './qr.ts';

/** The quiet zone around a QR code, in modules (the standard asks for four). */
const QUIET_ZONE = 4;

export interface QrCodeProps {
  value: string;
  size?: number;
  label: string;
  className?: string;
}

/** The QR code drawn as an SVG (crisp at any size, no image request); see QrCode. */
export function QrSvg({ value, size = 120, label, className }: QrCodeProps) {
  const { path, side } = useMemo(() => {
    const matrix = qrMatrix(value);
    return { path: qrPath(matrix, QUIET_ZONE), side: matrix.size + QUIET_ZONE * 2 };
  }, [value]);
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#111" />
    </svg>
  );
}

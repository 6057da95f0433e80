import type { FaceRectangle } from '@pixora/catalog';
import styles from './FaceKit.module.css';

const round = (value: number) => Math.round(value * 10) / 10;

/** One path of dots: zero-length segments drawn with round caps, sized in screen pixels. */
export function dotsPath(points: ReadonlyArray<readonly number[]>): string {
  let path = '';
  for (const point of points) {
    const [x, y] = point;
    if (x === undefined || y === undefined) continue;
    path += `M${round(x)} ${round(y)}h0`;
  }
  return path;
}

/** A face as the overlay draws it. */
export interface OverlayFace {
  rectangle: FaceRectangle;
  /** Short text above the box: the face number, and a score or a verdict where the demo has one. */
  caption: string;
  /** Accessible name of the face. */
  title: string;
  /** `accent` marks a face the demo singles out (a baby, say). */
  tone?: 'default' | 'accent';
  mesh?: ReadonlyArray<readonly number[]>;
  iris?: ReadonlyArray<readonly number[]>;
}

interface FaceOverlayProps {
  width: number;
  height: number;
  faces: readonly OverlayFace[];
  /** Index of the face to emphasise (pointed at in the result list). */
  activeFace?: number | null;
  /** Accessible name of the whole drawing. */
  label: string;
}

/**
 * Draws faces over the photo: an SVG laid on the displayed image whose viewBox is the image's
 * pixel size, so answer coordinates map directly. One group per face with its box and caption,
 * and its mesh and iris points when the answer has them.
 */
export function FaceOverlay({ width, height, faces, activeFace = null, label }: FaceOverlayProps) {
  const fontSize = Math.max(12, Math.round(Math.max(width, height) / 45));
  return (
    <svg
      className={styles.overlay}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="face-overlay"
    >
      {faces.map((face, index) => {
        const { left, top, width: boxWidth, height: boxHeight } = face.rectangle;
        const classes = [
          face.tone === 'accent' ? styles.accentFace : '',
          activeFace === index ? styles.activeFace : '',
        ].join(' ');
        return (
          <g
            key={index}
            data-testid="face-result"
            className={classes.trim() || undefined}
            data-tone={face.tone ?? 'default'}
            data-active={activeFace === index || undefined}
          >
            <title>{face.title}</title>
            {(['boxHalo', 'box'] as const).map((part) => (
              <rect
                key={part}
                x={left}
                y={top}
                width={boxWidth}
                height={boxHeight}
                className={styles[part]}
                vectorEffect="non-scaling-stroke"
                data-testid={part === 'box' ? 'face-box' : undefined}
              />
            ))}
            <text
              x={left}
              y={Math.max(fontSize, top - fontSize * 0.35)}
              fontSize={fontSize}
              className={styles.boxLabel}
              data-testid="face-caption"
            >
              {face.caption}
            </text>
            {face.mesh && (
              <path
                d={dotsPath(face.mesh)}
                className={styles.mesh}
                vectorEffect="non-scaling-stroke"
                data-testid="face-mesh"
              />
            )}
            {face.iris && (
              <path
                d={dotsPath(face.iris)}
                className={styles.iris}
                vectorEffect="non-scaling-stroke"
                data-testid="face-iris"
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}

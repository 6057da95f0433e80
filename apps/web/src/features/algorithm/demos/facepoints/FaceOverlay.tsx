import type { FacePointsFace } from '../../../../api/gateway.ts';
import styles from './FacePoints.module.css';

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

interface FaceOverlayProps {
  width: number;
  height: number;
  faces: readonly FacePointsFace[];
  /** Index of the face to emphasise (hovered in the result list). */
  activeFace?: number | null;
  label: (index: number) => string;
}

/**
 * Draws the faces of a facepoints answer over the photo: an SVG laid on the displayed image whose
 * viewBox is the image's pixel size, so answer coordinates map directly. One group per face with
 * its box, the 468-point mesh and the iris points.
 */
export function FaceOverlay({ width, height, faces, activeFace = null, label }: FaceOverlayProps) {
  const fontSize = Math.max(12, Math.round(Math.max(width, height) / 45));
  return (
    <svg
      className={styles.overlay}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label(-1)}
      data-testid="face-overlay"
    >
      {faces.map((face, index) => {
        const { left, top, width: boxWidth, height: boxHeight } = face.face_rectangle;
        const active = activeFace === index;
        return (
          <g key={index} data-testid="face-result" className={active ? styles.activeFace : undefined}>
            <title>{label(index)}</title>
            <rect
              x={left}
              y={top}
              width={boxWidth}
              height={boxHeight}
              className={styles.boxHalo}
              vectorEffect="non-scaling-stroke"
            />
            <rect
              x={left}
              y={top}
              width={boxWidth}
              height={boxHeight}
              className={styles.box}
              vectorEffect="non-scaling-stroke"
              data-testid="face-box"
            />
            <text
              x={left}
              y={Math.max(fontSize, top - fontSize * 0.35)}
              fontSize={fontSize}
              className={styles.boxLabel}
            >
              {index + 1}
            </text>
            <path
              d={dotsPath(face.face_landmark.mesh)}
              className={styles.mesh}
              vectorEffect="non-scaling-stroke"
              data-testid="face-mesh"
            />
            <path
              d={dotsPath([...face.face_landmark.iris_left, ...face.face_landmark.iris_right])}
              className={styles.iris}
              vectorEffect="non-scaling-stroke"
              data-testid="face-iris"
            />
          </g>
        );
      })}
    </svg>
  );
}

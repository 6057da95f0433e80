import type { Keypoint, Layout } from '@pixora/catalog';
import { dotsPath } from '../../demo-kit/Overlay.tsx';
import styles from '../Kinds.module.css';

/**
 * A point the model scored below this is drawn faint, and so is an edge that ends in one: the
 * model is unsure where the point is (often because it is hidden).
 */
export const LOW_SCORE = 0.3;

export const isLow = (point: Keypoint) => point.score < LOW_SCORE;

/** The points of one item and the edges of its layout between them, in image pixels. */
export function Skeleton({ points, layout }: { points: readonly Keypoint[]; layout: Layout }) {
  const byName = new Map(points.map((point) => [point.name, point]));
  return (
    <>
      {layout.edges.map(([from, to]) => {
        const a = byName.get(from);
        const b = byName.get(to);
        if (!a || !b) return null;
        const faint = isLow(a) || isLow(b);
        return (
          <line
            key={`${from}-${to}`}
            x1={a.x}
            y1={a.y}
            x2={b.x}
            y2={b.y}
            className={`${styles.edge} ${faint ? styles.faint : ''}`}
            vectorEffect="non-scaling-stroke"
            data-testid="kind-edge"
            data-faint={faint || undefined}
          />
        );
      })}
      {points.map((point) => (
        <path
          key={point.name}
          d={dotsPath([[point.x, point.y]])}
          className={`${styles.point} ${isLow(point) ? styles.faint : ''}`}
          vectorEffect="non-scaling-stroke"
          data-testid="kind-point"
          data-name={point.name}
          data-faint={isLow(point) || undefined}
        />
      ))}
    </>
  );
}

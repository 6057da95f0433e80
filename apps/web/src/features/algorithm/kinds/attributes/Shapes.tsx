import { dotsPath } from '../../demo-kit/Overlay.tsx';
import type { Fields } from '../answer.ts';
import styles from '../Kinds.module.css';

/** A region (polygon) or findings (points) of an item, in image pixels, with its label. */
export interface Shape {
  label: string;
  polygon?: ReadonlyArray<readonly [number, number]>;
  points?: ReadonlyArray<readonly [number, number]>;
}

const isXY = (p: unknown): p is [number, number] =>
  Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && typeof p[1] === 'number';

/** The shapes of an item under the view's `shapes` name; anything malformed is left out. */
export function shapesOf(item: Fields, name: string): Shape[] {
  const list = item[name];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown): Shape[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { label, polygon, points } = entry as Fields;
    if (typeof label !== 'string') return [];
    if (Array.isArray(polygon) && polygon.length >= 3 && polygon.every(isXY)) return [{ label, polygon }];
    if (Array.isArray(points) && points.every(isXY)) return [{ label, points }];
    return [];
  });
}

/**
 * An item's regions outlined and its findings dotted over the photo, each named (a tooltip) by
 * `nameOf` its label's display name.
 */
export function Shapes({
  shapes,
  nameOf,
}: {
  shapes: readonly Shape[];
  nameOf: (code: string) => string | undefined;
}) {
  return (
    <>
      {shapes.map((shape, index) => {
        const title = <title>{nameOf(shape.label) ?? shape.label}</title>;
        return shape.polygon ? (
          <polygon
            key={index}
            points={shape.polygon.map(([x, y]) => `${x},${y}`).join(' ')}
            className={styles.region}
            vectorEffect="non-scaling-stroke"
            data-testid="kind-shape"
            data-label={shape.label}
          >
            {title}
          </polygon>
        ) : (
          <path
            key={index}
            d={dotsPath(shape.points ?? [])}
            className={styles.finding}
            vectorEffect="non-scaling-stroke"
            data-testid="kind-shape"
            data-label={shape.label}
          >
            {title}
          </path>
        );
      })}
    </>
  );
}

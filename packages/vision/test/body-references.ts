/**
 * The hand-drawn body references of test/fixtures/body-references.json (how they were made is in
 * its "note"): keypoints of clearly visible body parts and person outlines, per photo. Used by the
 * bodypose and segment tests and by scripts/measure-body.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { photoPath } from './fixtures.ts';

export type Point = [number, number];

export interface ReferencePerson {
  label?: string;
  /** Top of the hair to the chin, px: the scale of the tolerance discs. */
  headHeight: number;
  /** Marked points by COCO or 14-point name (`head_top`, `neck`). */
  points: Record<string, Point>;
}

export interface ReferencePhoto {
  /** `skimage:<file>`, `opencv-doc:<path>`, `face-api:demo/<file>` or `fixture:photos/<file>`. */
  file: string;
  size: [number, number];
  /** People in the photo, counted by eye. */
  people: number;
  persons: ReferencePerson[];
  /** Person outlines (segmentation reference), when drawn. */
  polygons?: Point[][];
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const BODY_REFERENCES = (
  JSON.parse(readFileSync(path.join(here, 'fixtures/body-references.json'), 'utf8')) as {
    photos: Record<string, ReferencePhoto>;
  }
).photos;

/** Path of a reference photo's file. */
export const referencePhotoPath = (ref: ReferencePhoto): Promise<string> => photoPath(ref.file);

/** Whether (x, y) is inside the polygon (even-odd rule). */
export function insidePolygon(x: number, y: number, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The reference drawn as a width x height mask, 1 inside any outline (pixel centres tested),
 * for comparing with a model's mask.
 */
export function referenceMask(ref: ReferencePhoto): Uint8Array {
  const [width, height] = ref.size;
  const mask = new Uint8Array(width * height);
  for (const polygon of ref.polygons ?? []) {
    for (let y = 0; y < height; y++) {
      // Crossings of this row's centre line with the outline, filled between pairs.
      const yc = y + 0.5;
      const xs: number[] = [];
      for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
        const [xi, yi] = polygon[i]!;
        const [xj, yj] = polygon[j]!;
        if (yi > yc !== yj > yc) xs.push(((xj - xi) * (yc - yi)) / (yj - yi) + xi);
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
        for (let x = from; x <= to; x++) mask[y * width + x] = 1;
      }
    }
  }
  return mask;
}

/**
 * Sharpness of a mask's edges where a person's outline was drawn: along every drawn edge (a
 * sample every 2 px, away from the image border), the mask is read on the line perpendicular to
 * the outline from `reach` px outside to `reach` px inside (bilinear, 0.25 px steps); where it
 * goes from <= 10 % outside to >= 90 % inside, the distance between its first 10 % and first 90 %
 * crossings is the edge's width there. Returns the median width (px) and how many profiles had
 * such a ramp.
 */
export function edgeWidthAlongOutline(
  mask: Uint8Array,
  ref: ReferencePhoto,
  reach: number,
): { median: number; profiles: number } {
  const [width, height] = ref.size;
  const at = (x: number, y: number): number => {
    const x0 = Math.max(0, Math.min(width - 1, Math.floor(x - 0.5)));
    const y0 = Math.max(0, Math.min(height - 1, Math.floor(y - 0.5)));
    const x1 = Math.min(width - 1, x0 + 1);
    const y1 = Math.min(height - 1, y0 + 1);
    const fx = Math.max(0, Math.min(1, x - 0.5 - x0));
    const fy = Math.max(0, Math.min(1, y - 0.5 - y0));
    const top = mask[y0 * width + x0]! * (1 - fx) + mask[y0 * width + x1]! * fx;
    const bottom = mask[y1 * width + x0]! * (1 - fx) + mask[y1 * width + x1]! * fx;
    return (top * (1 - fy) + bottom * fy) / 255;
  };
  const widths: number[] = [];
  for (const polygon of ref.polygons ?? []) {
    for (let i = 0; i < polygon.length; i++) {
      const [ax, ay] = polygon[i]!;
      const [bx, by] = polygon[(i + 1) % polygon.length]!;
      const length = Math.hypot(bx - ax, by - ay);
      if (length === 0) continue;
      let nx = -(by - ay) / length;
      let ny = (bx - ax) / length;
      for (let s = 1; s < length; s += 2) {
        const px = ax + ((bx - ax) * s) / length;
        const py = ay + ((by - ay) * s) / length;
        if (px < reach || py < reach || px > width - reach || py > height - reach) continue;
        // Point the normal into the drawn outline.
        if (!insidePolygon(px + nx * 2, py + ny * 2, polygon)) {
          nx = -nx;
          ny = -ny;
        }
        if (at(px - nx * reach, py - ny * reach) > 0.1 || at(px + nx * reach, py + ny * reach) < 0.9)
          continue;
        let t10 = NaN;
        let t90 = NaN;
        for (let t = -reach; t <= reach; t += 0.25) {
          const v = at(px + nx * t, py + ny * t);
          if (Number.isNaN(t10) && v >= 0.1) t10 = t;
          if (v >= 0.9) {
            t90 = t;
            break;
          }
        }
        if (!Number.isNaN(t10) && !Number.isNaN(t90)) widths.push(t90 - t10);
      }
    }
  }
  widths.sort((a, b) => a - b);
  return { median: widths.length ? widths[Math.floor(widths.length / 2)]! : NaN, profiles: widths.length };
}

/** Distance from (x, y) to the segment a-b. */
function segmentDistance(x: number, y: number, [ax, ay]: Point, [bx, by]: Point): number {
  const vx = bx - ax;
  const vy = by - ay;
  const l2 = vx * vx + vy * vy;
  const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * vx + (y - ay) * vy) / l2)) : 0;
  return Math.hypot(ax + t * vx - x, ay + t * vy - y);
}

/** Distance from (x, y) to the nearest edge of closed polygons, and the index of that polygon. */
export function outlineDistance(
  x: number,
  y: number,
  polygons: readonly (readonly Point[])[],
): { distance: number; polygon: number } {
  let best = { distance: Infinity, polygon: -1 };
  polygons.forEach((polygon, k) => {
    for (let i = 0; i < polygon.length; i++) {
      const d = segmentDistance(x, y, polygon[i]!, polygon[(i + 1) % polygon.length]!);
      if (d < best.distance) best = { distance: d, polygon: k };
    }
  });
  return best;
}

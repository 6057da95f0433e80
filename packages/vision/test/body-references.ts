/**
 * The hand-drawn body references of test/fixtures/body-references.json (how they were made is in
 * its "note"): keypoints of clearly visible body parts and person outlines, per photo. Used by the
 * bodypose and segment tests and by scripts/measure-body.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupSamplePath, opencvDocPath, skimageDataDir } from './fixtures.ts';

export type Point = [number, number];

export interface ReferencePerson {
  label?: string;
  /** Top of the hair to the chin, px: the scale of the tolerance discs. */
  headHeight: number;
  /** Marked points by COCO or 14-point name (`head_top`, `neck`). */
  points: Record<string, Point>;
}

export interface ReferencePhoto {
  /** `skimage:<file>`, `opencv-doc:<path>` or `face-api:demo/<file>`. */
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
export async function referencePhotoPath(ref: ReferencePhoto): Promise<string> {
  const [source, file] = ref.file.split(':') as [string, string];
  if (source === 'skimage') return path.join(skimageDataDir(), file);
  if (source === 'opencv-doc') return opencvDocPath(file);
  if (source === 'face-api')
    return groupSamplePath(Number(/sample(\d)/.exec(file)?.[1]) as 1 | 2 | 3 | 4 | 5 | 6);
  throw new Error(`unknown photo source ${source}`);
}

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

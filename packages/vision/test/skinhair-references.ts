/**
 * The hand-drawn skin and hair references of test/fixtures/skinhair-references.json (how they
 * were made is in its "note"). Used by the skin, hair and face segmentation tests and by
 * scripts/measure-skinhair.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceMask, referencePhotoPath, type Point, type ReferencePhoto } from './body-references.ts';

export interface SkinHairReference {
  /** `skimage:<file>`, `opencv-doc:<path>` or `face-api:demo/<file>`. */
  file: string;
  size: [number, number];
  /** [left, top, width, height] of the part drawn; the whole photo when absent. */
  region?: [number, number, number, number];
  skin: Point[][];
  skinHoles: Point[][];
  hair: Point[][];
}

const here = path.dirname(fileURLToPath(import.meta.url));

const photosOf = (file: string): Record<string, SkinHairReference> =>
  (
    JSON.parse(readFileSync(path.join(here, 'fixtures', file), 'utf8')) as {
      photos: Record<string, SkinHairReference>;
    }
  ).photos;

/** The report set: no skin or hair constant is tuned on these photos. */
export const SKIN_HAIR_REFERENCES = photosOf('skinhair-references.json');

/** The hair mask's tuning set (hair drawn only): HAIR_RULES may be tuned on these. */
export const HAIR_TUNE_REFERENCES = photosOf('hair-tune-references.json');

const asPhoto = (ref: SkinHairReference, polygons: Point[][]): ReferencePhoto => ({
  file: ref.file,
  size: ref.size,
  people: 0,
  persons: [],
  polygons,
});

export const skinHairPhotoPath = (ref: SkinHairReference): Promise<string> =>
  referencePhotoPath(asPhoto(ref, []));

/** The drawn skin (outlines minus holes) or hair as a width x height 0/1 mask. */
export function drawnMask(ref: SkinHairReference, what: 'skin' | 'hair'): Uint8Array {
  const mask = referenceMask(asPhoto(ref, ref[what]));
  if (what === 'skin') {
    const holes = referenceMask(asPhoto(ref, ref.skinHoles));
    for (let i = 0; i < mask.length; i++) if (holes[i]) mask[i] = 0;
  }
  return mask;
}

/** IoU, precision and recall of mask >= 128 against the drawn 0/1 mask, inside the drawn region. */
export function overlap(
  mask: Uint8Array,
  drawn: Uint8Array,
  ref: SkinHairReference,
): { iou: number; precision: number; recall: number } {
  const [width, height] = ref.size;
  const [left, top, w, h] = ref.region ?? [0, 0, width, height];
  let both = 0;
  let found = 0;
  let truth = 0;
  for (let y = top; y < top + h; y++) {
    for (let x = left; x < left + w; x++) {
      const i = y * width + x;
      const a = mask[i]! >= 128;
      const b = drawn[i] === 1;
      if (a && b) both++;
      if (a) found++;
      if (b) truth++;
    }
  }
  return {
    iou: both / Math.max(1, found + truth - both),
    precision: both / Math.max(1, found),
    recall: both / Math.max(1, truth),
  };
}

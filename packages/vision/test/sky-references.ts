/**
 * The hand-drawn sky references of test/fixtures/sky-references.json (how they were made is in its
 * "note"): sky polygons per photo, none for photos without sky. Used by the skysegment tests and
 * scripts/measure-sky.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RgbPixels } from '../src/image/resize.ts';
import { referenceMask, type Point } from './body-references.ts';
import { photoPath } from './fixtures.ts';

export interface SkyReference {
  /** `skimage:<file>`, `opencv-doc:<path>` or `face-api:demo/<file>`. */
  file: string;
  set: 'tuning' | 'report' | 'holdout';
  /** [left, top, width, height] of the photo inside the file (figures of several panels). */
  crop?: [number, number, number, number];
  size: [number, number];
  sky: Point[][];
  notSky?: Point[][];
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const SKY_REFERENCES = (
  JSON.parse(readFileSync(path.join(here, 'fixtures/sky-references.json'), 'utf8')) as {
    photos: Record<string, SkyReference>;
  }
).photos;

/** A reference's photo (cropped where it says), as packed RGB. */
export async function skyPhoto(ref: SkyReference): Promise<RgbPixels> {
  const file = await photoPath(ref.file);
  let pipeline = sharp(readFileSync(file)).rotate().removeAlpha().toColourspace('srgb');
  if (ref.crop) {
    const [left, top, width, height] = ref.crop;
    pipeline = pipeline.extract({ left, top, width, height });
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.width !== ref.size[0] || info.height !== ref.size[1] || info.channels !== 3)
    throw new Error(
      `${ref.file}: ${info.width} x ${info.height} x ${info.channels}, expected ${ref.size.join(' x ')} x 3`,
    );
  return { data, width: info.width, height: info.height };
}

/** The drawn sky as a mask of the photo's size: 1 inside a sky polygon and outside every notSky one. */
export function skyReferenceMask(ref: SkyReference): Uint8Array {
  const base = { file: ref.file, size: ref.size, people: 0, persons: [] };
  const sky = referenceMask({ ...base, polygons: ref.sky });
  if (!ref.notSky) return sky;
  const cut = referenceMask({ ...base, polygons: ref.notSky });
  for (let i = 0; i < sky.length; i++) sky[i] = sky[i]! & (1 - cut[i]!);
  return sky;
}

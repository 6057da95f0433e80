/**
 * The nearer/farther point pairs of test/fixtures/depth-order.json (how they were marked is in its
 * "note"), and reading the depth task's 16-bit map. Used by the depth tests and
 * scripts/measure-depth.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { groupSamplePath, opencvDocPath, skimageDataDir } from './fixtures.ts';

/** A point in percent of the photo's width and height. */
export type Percent = [number, number];

export interface DepthPair {
  near: Percent;
  far: Percent;
  what: string;
}

export interface DepthPhoto {
  /** `skimage:<file>`, `opencv-doc:<path>` or `face-api:demo/<file>`. */
  photo: string;
  set: 'tune' | 'report' | 'holdout';
  pairs: DepthPair[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const DEPTH_PHOTOS = (
  JSON.parse(readFileSync(path.join(here, 'fixtures/depth-order.json'), 'utf8')) as { photos: DepthPhoto[] }
).photos;

/** The photo file of a reference, from the Debian packages. */
export async function depthPhotoPath(photo: string): Promise<string> {
  const [source, file] = photo.split(/:(.*)/s) as [string, string];
  if (source === 'skimage') return path.join(skimageDataDir(), file);
  if (source === 'opencv-doc') return opencvDocPath(file);
  if (source === 'face-api')
    return groupSamplePath(Number(/sample(\d)\.jpg$/.exec(file)?.[1]) as 1 | 2 | 3 | 4 | 5 | 6);
  throw new Error(`unknown photo source ${photo}`);
}

/** A 16-bit greyscale PNG's samples and size. */
export async function readGrey16(
  png: Uint8Array,
): Promise<{ values: Uint16Array; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(png))
    .extractChannel(0)
    .toColourspace('grey16')
    .raw({ depth: 'ushort' })
    .toBuffer({ resolveWithObject: true });
  return {
    values: new Uint16Array(data.buffer, data.byteOffset, data.length / 2),
    width: info.width,
    height: info.height,
  };
}

/** The map's value at a point given in percent. */
export function valueAt(
  map: { values: Uint16Array; width: number; height: number },
  [px, py]: Percent,
): number {
  const x = Math.min(map.width - 1, Math.floor((px / 100) * map.width));
  const y = Math.min(map.height - 1, Math.floor((py / 100) * map.height));
  return map.values[y * map.width + x]!;
}

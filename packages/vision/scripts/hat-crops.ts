/**
 * The FairFace crops of test/fixtures/hat-labels.json through ornaments, at several face sizes,
 * for scripts/fit-hat-probe.ts and measure-ornaments.ts `hats`. At scale 1 each crop is a photo
 * of its own (its face about 45 % of the width); at scale k the crops of one half are laid k x k
 * in a mosaic of 768 px, so that each face is k times smaller in the photo and in CenterNet's
 * 512 px input, as faces in group photos are. Each face is matched to its cell (the face nearest
 * the cell's centre, within a quarter of the cell) and keeps its crop's label and fold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { decodeImage, DEFAULT_IMAGE_LIMITS } from '../src/image/decode.ts';
import { findOrnaments, ornaments, type OrnamentsModels } from '../src/algorithms/body/ornaments.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Headwear = 'hat' | 'wrap' | 'other' | 'none';

export interface HatLabel {
  headwear: Headwear | null;
  set: 'tune' | 'report';
}

export interface HatFace {
  id: string;
  headwear: Headwear;
  scale: number;
  /** Cross-validation fold: the crop's position in its half, mod 10 (the same at every scale). */
  fold: number;
  crown: Float32Array;
  /** The shipped probe's score; null when the crown is outside the photo. */
  hat: number | null;
}

export const HAT_LABELS = (
  JSON.parse(readFileSync(path.join(here, '../test/fixtures/hat-labels.json'), 'utf8')) as {
    photos: Record<string, HatLabel>;
  }
).photos;

const MOSAIC = 768;

const cropPath = (id: string) => path.join(here, '../test/fixtures/photos/fairface', `${id}.jpg`);

/**
 * The faces of one half's crops whose headwear is in `kinds`, at `scale` (1: each crop alone).
 * `missing` counts the crops whose face was not found.
 */
export async function hatFaces(
  models: OrnamentsModels,
  half: 'tune' | 'report',
  kinds: readonly Headwear[],
  scale: number,
): Promise<{ faces: HatFace[]; missing: number }> {
  const params = ornaments.parseParams({});
  const crops = Object.entries(HAT_LABELS)
    .filter(([, l]) => l.set === half && l.headwear !== null && kinds.includes(l.headwear))
    .map(([id, l], k) => ({ id, headwear: l.headwear!, fold: k % 10 }));
  const faces: HatFace[] = [];
  let missing = 0;
  const per = scale * scale;
  for (let start = 0; start < crops.length; start += per) {
    const group = crops.slice(start, start + per);
    let image: Buffer;
    const cell = Math.floor(MOSAIC / scale);
    if (scale === 1) image = readFileSync(cropPath(group[0]!.id));
    else {
      const tiles = await Promise.all(
        group.map(async (c, k) => ({
          input: await sharp(cropPath(c.id)).resize(cell, cell).toBuffer(),
          left: (k % scale) * cell,
          top: Math.floor(k / scale) * cell,
        })),
      );
      image = await sharp({
        create: { width: cell * scale, height: cell * scale, channels: 3, background: '#808080' },
      })
        .composite(tiles)
        .jpeg({ quality: 92 })
        .toBuffer();
    }
    const decoded = await decodeImage(image, DEFAULT_IMAGE_LIMITS, ornaments.decode);
    const { faces: found } = await findOrnaments(decoded, params, models);
    const side = decoded.width / scale;
    for (const [k, c] of group.entries()) {
      const cx = ((k % scale) + 0.5) * side;
      const cy = (Math.floor(k / scale) + 0.5) * side;
      const face = found
        .map((f) => ({ f, d: Math.hypot(f.centre[0] - cx, f.centre[1] - cy) }))
        .sort((a, b) => a.d - b.d)
        .find(({ d }) => d < 0.25 * side)?.f;
      if (!face) missing++;
      else faces.push({ ...c, scale, crown: face.crown, hat: face.hat });
    }
  }
  return { faces, missing };
}

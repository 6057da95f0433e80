/**
 * The FairFace crops (test/fixtures/photos/fairface) through ornaments, at several face sizes, with
 * their labels of hat-labels.json or necklace-labels.json, for scripts/fit-ornament-probe.ts and
 * measure-ornaments.ts `hats` and `necklaces`. At scale 1 each crop is a photo
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
import {
  findOrnaments,
  ornaments,
  type FaceOrnaments,
  type OrnamentsModels,
} from '../src/algorithms/body/ornaments.ts';
import type { CenternetFeatures } from '../src/algorithms/body/humandetect.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Hat labels: a hat, a headscarf / turban / hood, other headwear, a bare head. */
export type Headwear = 'hat' | 'wrap' | 'other' | 'none';

/** A label file's crops: per crop id, the label under `key` (null: cannot tell) and the half. */
function labelFile(
  name: string,
  key: string,
): Array<[string, { label: string | null; set: 'tune' | 'report' }]> {
  const photos = (
    JSON.parse(readFileSync(path.join(here, '../test/fixtures', name), 'utf8')) as {
      photos: Record<string, Record<string, string | null>>;
    }
  ).photos;
  return Object.entries(photos).map(([id, p]) => [
    id,
    { label: p[key] ?? null, set: p.set === 'report' ? 'report' : 'tune' },
  ]);
}

export const FAIRFACE_LABELS = {
  hat: () => labelFile('hat-labels.json', 'headwear'),
  necklace: () => labelFile('necklace-labels.json', 'necklace'),
  length: () => labelFile('hair-length-labels.json', 'length'),
};

export type FairfaceQuestion = keyof typeof FAIRFACE_LABELS;

export interface FairfaceFace {
  id: string;
  /** The crop's label for the question asked. */
  label: string;
  scale: number;
  /**
   * Cross-validation fold: the crop's position among the half's crops of the kinds asked, mod 10
   * (the same at every scale).
   */
  fold: number;
  face: FaceOrnaments;
  /** The photo's CenterNet feature map, and the photo's size in decoded pixels. */
  features: CenternetFeatures;
  width: number;
  height: number;
}

const MOSAIC = 768;

const cropPath = (id: string) => path.join(here, '../test/fixtures/photos/fairface', `${id}.jpg`);

/**
 * The faces of one half's crops whose label for `question` is in `kinds`, at `scale` (1: each
 * crop alone), with ornaments' measures of each. `missing` counts the crops whose face was not found.
 */
export async function fairfaceFaces(
  models: OrnamentsModels,
  question: FairfaceQuestion,
  half: 'tune' | 'report',
  kinds: readonly string[],
  scale: number,
): Promise<{ faces: FairfaceFace[]; missing: number }> {
  const params = ornaments.parseParams({});
  const crops = FAIRFACE_LABELS[question]()
    .filter(([, l]) => l.set === half && l.label !== null)
    .map(([id, l]) => ({ id, label: l.label! }))
    .filter((c) => kinds.includes(c.label))
    .map((c, k) => ({ ...c, fold: k % 10 }));
  const faces: FairfaceFace[] = [];
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
    const { faces: found, features } = await findOrnaments(decoded, params, models);
    const side = decoded.width / scale;
    for (const [k, c] of group.entries()) {
      const cx = ((k % scale) + 0.5) * side;
      const cy = (Math.floor(k / scale) + 0.5) * side;
      const face = found
        .map((f) => ({ f, d: Math.hypot(f.centre[0] - cx, f.centre[1] - cy) }))
        .sort((a, b) => a.d - b.d)
        .find(({ d }) => d < 0.25 * side)?.f;
      if (!face) missing++;
      else faces.push({ ...c, scale, face, features, width: decoded.width, height: decoded.height });
    }
  }
  return { faces, missing };
}

/**
 * The FairFace crops (test/fixtures/photos/fairface) at several face sizes, with their labels of
 * hat-labels.json, necklace-labels.json or hair-length-labels.json, through ornaments, for
 * scripts/fit-ornament-probe.ts and measure-ornaments.ts `hats`; the mosaic and the face matching
 * also serve fit-beard-probe.ts. At scale 1 each crop is a photo of its own (its face about 45 % of
 * the width); at scale k the crops of one half are laid k x k in a mosaic (fairfaceMosaic), so that
 * each face is k times smaller in the photo and in the networks' inputs, as faces in group photos
 * are. Each face is matched to its cell (nearestToCell: the face nearest the cell's centre, within
 * a quarter of the cell) and keeps its crop's label and fold.
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
 * The photo of FairFace crops `ids` at `scale`: at 1 the one crop's own file, else the crops laid
 * `scale` x `scale` in a mosaic of about `side` px on grey (JPEG q92).
 */
export async function fairfaceMosaic(ids: readonly string[], scale: number, side: number): Promise<Buffer> {
  return photoMosaic(ids.map(cropPath), scale, side);
}

/** The same for any photos' `files`, each scaled to a square cell. */
export async function photoMosaic(files: readonly string[], scale: number, side: number): Promise<Buffer> {
  if (scale === 1) return readFileSync(files[0]!);
  const cell = Math.floor(side / scale);
  const tiles = await Promise.all(
    files.map(async (file, k) => ({
      input: await sharp(file).resize(cell, cell).toBuffer(),
      left: (k % scale) * cell,
      top: Math.floor(k / scale) * cell,
    })),
  );
  return sharp({ create: { width: cell * scale, height: cell * scale, channels: 3, background: '#808080' } })
    .composite(tiles)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * Of `items` found on a mosaic, the one whose centre lies nearest the centre of cell `k` (cells of
 * `cell` px, `scale` to a row), within a quarter of a cell: that cell's crop's labelled face.
 */
export function nearestToCell<T>(
  items: readonly T[],
  centreOf: (item: T) => readonly [number, number],
  k: number,
  scale: number,
  cell: number,
): T | undefined {
  const cx = ((k % scale) + 0.5) * cell;
  const cy = (Math.floor(k / scale) + 0.5) * cell;
  return items
    .map((item) => ({ item, d: Math.hypot(centreOf(item)[0] - cx, centreOf(item)[1] - cy) }))
    .sort((a, b) => a.d - b.d)
    .find(({ d }) => d < 0.25 * cell)?.item;
}

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
    const image = await fairfaceMosaic(
      group.map((c) => c.id),
      scale,
      MOSAIC,
    );
    const decoded = await decodeImage(image, DEFAULT_IMAGE_LIMITS, ornaments.decode);
    const { faces: found, features } = await findOrnaments(decoded, params, models);
    for (const [k, c] of group.entries()) {
      const face = nearestToCell(found, (f) => f.centre, k, scale, decoded.width / scale);
      if (!face) missing++;
      else faces.push({ ...c, scale, face, features, width: decoded.width, height: decoded.height });
    }
  }
  return { faces, missing };
}

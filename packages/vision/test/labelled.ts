/**
 * Labelled real photos for the attribute measurements (docs/quality.md "Photos and labels").
 * Nothing is committed: every picture comes from an installed npm package or a Debian package.
 *
 *  - 108 face thumbnails of @vladmandic/human/assets/screenshot-facematch.jpg (MIT, the Human
 *    author's demo screenshot): 18 columns x 6 rows, 106 x 107 px each, labelled one by one by eye
 *    (viewed at 2x). Men and women, several apparent ethnicities, sunglasses and clear glasses.
 *    The bottom 12 px of each tile carry Human's own text overlay; the face is above it.
 *  - opencv-doc (Debian, Apache-2.0 AND BSD-3-Clause): face_swapped.jpg, a young man with a full
 *    beard and moustache, no glasses (320 x 320); example.jpg, three copies of one young man in
 *    clear metal-framed glasses (the left copy, 387 x 580, has no drawing on it); 227943776_1.jpg,
 *    a smiling young man with a short beard, no glasses (434 x 434).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export type Glasses = 'none' | 'glasses' | 'sunglasses';

export interface FaceLabel {
  /** 0 female, 1 male; null when the thumbnail does not let a person tell. */
  gender: 0 | 1 | null;
  glasses: Glasses | null;
  /** Visible beard or moustache; null when unclear (stubble, blur). */
  beard: boolean | null;
}

export interface LabelledPhoto {
  id: string;
  image: Buffer;
  label: FaceLabel;
}

const F: FaceLabel = { gender: 0, glasses: 'none', beard: false };
const M: FaceLabel = { gender: 1, glasses: 'none', beard: false };
const MS: FaceLabel = { gender: 1, glasses: 'sunglasses', beard: false };

/**
 * Labels of the facematch grid, row by row (null: not labelled, e.g. a rendered face). Row 0 is
 * one man photographed nine-plus times (the comparison set of docs/quality.md).
 */
const GRID: ReadonlyArray<ReadonlyArray<FaceLabel | null>> = [
  // row 0: the same man in every tile but col 9 (face paint), 12 (sunglasses pushed up on his head: none on the eyes)
  [M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M, M],
  [M, MS, M, MS, M, M, F, F, MS, F, F, F, F, M, F, MS, M, F],
  // col 7: a young man in a straw hat and sunglasses; col 13: a woman in mirrored sunglasses
  [MS, F, F, F, M, M, M, MS, F, F, F, F, M, { gender: 0, glasses: 'sunglasses', beard: false }, F, F, F, F],
  // col 4: a man with dark stubble, too blurred to call a beard
  [F, M, F, F, { gender: 1, glasses: 'none', beard: null }, F, F, F, F, F, F, F, F, F, F, M, F, F],
  // col 11: sunglasses, face too blurred to tell the gender
  [F, F, F, F, F, F, F, F, M, F, F, { gender: null, glasses: 'sunglasses', beard: null }, M, F, F, F, F, F],
  // col 5: a bald man with clear glasses and a goatee with moustache; col 12: a rendered (CG) face
  [F, F, F, F, F, { gender: 1, glasses: 'glasses', beard: true }, M, F, F, M, F, F, null, F, F, F, F, F],
];

const ROW_TOPS = [283, 395, 508, 620, 732, 845];
const TILE_W = 1917 / 18;

export function facematchScreenshotPath(): string {
  return path.join(
    path.dirname(require.resolve('@vladmandic/human')),
    '..',
    'assets',
    'screenshot-facematch.jpg',
  );
}

/** One thumbnail of the grid, enlarged 3x (JPEG) so the face is above the 48 px minimum. */
export async function facematchGridTile(row: number, col: number): Promise<Buffer> {
  return sharp(facematchScreenshotPath())
    .extract({ left: Math.round(col * TILE_W), top: ROW_TOPS[row]!, width: 106, height: 107 })
    .resize({ width: 318 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Every labelled thumbnail of the facematch grid. */
export async function facematchLabelled(): Promise<LabelledPhoto[]> {
  const out: LabelledPhoto[] = [];
  for (let r = 0; r < GRID.length; r++) {
    const row = GRID[r]!;
    for (let c = 0; c < row.length; c++) {
      const label = row[c];
      if (label) out.push({ id: `fm${r}.${c}`, image: await facematchGridTile(r, c), label });
    }
  }
  return out;
}

async function opencvDocDir(): Promise<string> {
  // @ts-expect-error plain JavaScript helper shared with the server tests
  const { ensureOpencvDocPhotos } = await import('../../../scripts/photos.mjs');
  return (ensureOpencvDocPhotos as () => string)();
}

/** opencv-doc's face_swapped.jpg: one young man with a full beard and moustache, no glasses. */
export async function beardedMan(): Promise<Buffer> {
  return readFileSync(path.join(await opencvDocDir(), 'opencv4/html/face_swapped.jpg'));
}

export const BEARDED_MAN_LABEL: FaceLabel = { gender: 1, glasses: 'none', beard: true };

/** opencv-doc's example.jpg, left copy: a young man in clear metal-framed glasses, light stubble. */
export async function manInGlasses(): Promise<Buffer> {
  const file = path.join(await opencvDocDir(), 'opencv4/html/example.jpg');
  return sharp(file).extract({ left: 0, top: 0, width: 387, height: 580 }).jpeg({ quality: 95 }).toBuffer();
}

export const MAN_IN_GLASSES_LABEL: FaceLabel = { gender: 1, glasses: 'glasses', beard: null };

/** opencv-doc's 227943776_1.jpg: a smiling young man with a short beard and moustache, no glasses. */
export async function smilingMan(): Promise<Buffer> {
  return readFileSync(path.join(await opencvDocDir(), 'opencv4/html/227943776_1.jpg'));
}

export const SMILING_MAN_LABEL: FaceLabel = { gender: 1, glasses: 'none', beard: true };

/**
 * Real portraits for the fusion tests and measurements (none of them a bundled template's
 * person): opencv-doc's bearded man (face_swapped.jpg), and head-and-shoulders crops of one face
 * each from the face-api demo group photos (MIT), the crop boxes chosen by eye around people who
 * are not in a template (sample2 and sample5's template women, sample6's window woman excluded).
 * Nothing is committed: the photos come from installed packages.
 */
import sharp from 'sharp';
import { runTaskInProcess } from '../src/engine.ts';
import { cosineSimilarity } from '../src/algorithms/face/compare.ts';
import type { FaceAnalysisResult } from '../src/algorithms/face/analysis-params.ts';
import { groupSamplePath } from './fixtures.ts';
import { beardedMan } from './labelled.ts';

/** One person's crop of a group photo: sample, left, top, width, height. */
type Crop = [1 | 3 | 4 | 6, number, number, number, number];

/** Tuning set (tests and the thresholds): two people. */
export const TUNING_CROPS: Record<string, Crop> = {
  s3_middle: [3, 900, 60, 560, 700],
  s6_left: [6, 40, 300, 620, 760],
};

/** Report set (docs/quality.md): other people. */
export const REPORT_CROPS: Record<string, Crop> = {
  s1_left: [1, 250, 190, 520, 640],
  s1_middle: [1, 680, 250, 520, 640],
  s1_right: [1, 1320, 40, 520, 640],
  s3_left: [3, 420, 140, 560, 700],
  s3_right: [3, 1330, 120, 560, 700],
  s4_second: [4, 560, 0, 400, 560],
  s4_third: [4, 880, 30, 380, 600],
  s6_right: [6, 1390, 100, 530, 700],
};

/**
 * Independent users (photos/accessories/, rOpenSci CC BY 4.0 and USDS public domain portraits, one
 * face each, no hat or sunglasses): added after the fusion methods were made, to measure them on
 * people, cameras and light they were never tried on.
 */
export const INDEPENDENT_USERS = [
  'ropensci-ana-carolina-moreno',
  'ropensci-andrew-heiss',
  'ropensci-bruna-wundervald',
  'ropensci-ciera-martinez',
  'ropensci-erick-navarro-delgado',
  'ropensci-haydee-svab',
  'ropensci-lucy-dagonstino-mcgowan',
  'ropensci-luis-verde-arregoitia',
  'ropensci-patricia-loto',
  'ropensci-rebecca-killick',
  'ropensci-victor-ordu',
  'usds-matt-might-tie',
] as const;

export async function cropOf([n, left, top, width, height]: Crop): Promise<Buffer> {
  const file = groupSamplePath(n);
  const meta = await sharp(file).metadata();
  const w = Math.min(width, meta.width! - left);
  const h = Math.min(height, meta.height! - top);
  return sharp(file).extract({ left, top, width: w, height: h }).jpeg({ quality: 95 }).toBuffer();
}

export { beardedMan };

/** The identity descriptor (HSE-FaceRes, 1024-d) of the largest face of a photo, or undefined. */
export async function descriptorOf(image: Buffer | Uint8Array): Promise<number[] | undefined> {
  const r = await runTaskInProcess<FaceAnalysisResult>('faceanalysis', {
    image: Buffer.from(image),
    params: { maxFaces: 1, descriptor: true },
  });
  return r.faces[0]?.descriptor;
}

/** Face compare's similarity 0..100 (face/compare.ts: 100 x the descriptors' cosine, floored at 0). */
export const similarity = (a: number[], b: number[]) => Math.max(0, cosineSimilarity(a, b)) * 100;

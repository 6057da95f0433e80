/**
 * Pieces shared by the measurement scripts of the COCO-detector tasks (measure-pets.ts,
 * measure-food.ts): the two detectors loaded once, photos of a label file decoded as the tasks
 * decode them, and the one-to-one matching of returned boxes with boxes marked by hand.
 */
import { readFileSync } from 'node:fs';
import { decodeImage, type DecodedImage } from '../src/image/decode.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { getModel } from '../src/runtime/models.ts';
import { iou, type Candidate } from '../src/algorithms/body/humandetect.ts';
import type { ObjectModels } from '../src/algorithms/recognition/objects.ts';
import { photoPath } from '../test/fixtures.ts';

/** A box marked by hand: [left, top, right, bottom] in pixels of the photo as displayed. */
export type Box = [number, number, number, number];

export const markedBox = (b: Box): Candidate => ({
  left: b[0],
  top: b[1],
  right: b[2],
  bottom: b[3],
  score: 1,
});

/** CenterNet and NanoDet, loaded on first call. */
export async function loadDetectors(models: ObjectModels): Promise<void> {
  await initTf();
  models.centernet ??= await getModel('centernet');
  models.nanodet ??= await getModel('nanodet');
}

/** The photos of one set of a label file (`set` "tune" or "report"), decoded as the tasks decode them. */
export async function labelledPhotos<P extends { set: string; file: string }>(
  photos: Record<string, P>,
  set: 'tune' | 'report',
): Promise<Array<[string, P, DecodedImage]>> {
  const out: Array<[string, P, DecodedImage]> = [];
  for (const [name, photo] of Object.entries(photos)) {
    if (photo.set !== set) continue;
    out.push([
      name,
      photo,
      await decodeImage(readFileSync(await photoPath(photo.file)), undefined, { maxSide: 1024 }),
    ]);
  }
  return out;
}

/** Greedy one-to-one matching at IoU >= 0.5, best IoU first: [returned index, marked index] pairs. */
export function matchBoxes(
  found: readonly Candidate[],
  marked: readonly Candidate[],
): Array<[number, number]> {
  const pairs: Array<[number, number, number]> = [];
  found.forEach((f, i) => marked.forEach((d, j) => pairs.push([iou(f, d), i, j])));
  pairs.sort((a, b) => b[0] - a[0]);
  const usedF = new Set<number>();
  const usedD = new Set<number>();
  const matched: Array<[number, number]> = [];
  for (const [v, i, j] of pairs) {
    if (v < 0.5 || usedF.has(i) || usedD.has(j)) continue;
    usedF.add(i);
    usedD.add(j);
    matched.push([i, j]);
  }
  return matched;
}

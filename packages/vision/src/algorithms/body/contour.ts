/**
 * bodycontour (capability v1/BodyContour): every person's outline as 63 points, evenly spaced from
 * the top of the head clockwise, and on request the whole traced outline.
 *
 * 1. Person mask and people: the segment task's mask (segment.ts: MediaPipe selfie model, kept
 *    where bodypose's MoveNet MultiPose sees a person, refined at full size by the guided filter),
 *    and the people MoveNet found for that check, with their points.
 * 2. One region per person: the mask (>= FOREGROUND_LEVEL) split into 8-connected regions. A region
 *    holding seen points of one person is that person's; a region holding points of several
 *    people (touching or overlapping people) is split pixel by pixel: each pixel goes to the person
 *    whose skeleton (lines along the body's chains through the seen points of the 14-point
 *    layout, and the seen face points) is nearest, among those whose bodypose box holds it. Regions with no seen point are dropped. A person's outline is that of the largest
 *    8-connected piece of their pixels (a hand cut off by a held object is left out).
 * 3. Outline: Moore-neighbour border following of that piece (contour-trace.ts), pixel centres.
 * 4. 63 points evenly spaced by arc length along the outline, the first at the top of the head:
 *    where the line from the neck through bodypose's head_top meets the outline nearest head_top
 *    (head_top alone if the neck is not seen; the topmost outline pixel if head_top is not seen).
 *    Each point's score is the mask's step across the outline there (inside minus outside, at
 *    EDGE_REACH on each side, 0..1): near 1 on a clear edge of the person, near 0 where the outline
 *    is the line between two touching people or the photo's border (outside the photo counts as
 *    no step).
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { Keypoint, Rectangle } from '../kinds.ts';
import {
  FOREGROUND_LEVEL,
  GUIDE_SIDE,
  personMaskAndPoses,
  segment,
  WORKING_SIDE,
  type SegmentModels,
} from './segment.ts';
import type { BodyPosePerson } from './bodypose-params.ts';
import { VISIBLE_SCORE } from './body14.ts';
import {
  CONTOUR_POINT_COUNT,
  CONTOUR_POINTS,
  parseBodyContourParams,
  type BodyContourParams,
  type BodyContourPerson,
  type BodyContourResult,
} from './contour-params.ts';
import {
  perimeter,
  pointsAlong,
  regionsOf,
  traceBorder,
  withoutStraightRuns,
  type Point,
} from './contour-trace.ts';

/**
 * Decoding caps the long side at 1024 px: the mask's edges come from a 256 px grid of filter
 * coefficients applied to the photo's colours, and a 1024 px outline already has 4 outline pixels
 * per grid pixel; larger photos are traced at 1024 px and their coordinates scaled up. (At 1920 px
 * the mask alone took 0.3-0.45 s and finding its regions 0.1-0.3 s.)
 */
export const DECODE_SIDE = 1024;

/**
 * Smallest region answered as a person: 1/4096 of the photo's pixels (a 16 x 16 px square on a
 * 1024 px photo). Smaller pieces are specks of the mask under a point bodypose placed.
 */
const MIN_SHARE = 1 / 4096;

/**
 * How far on each side of the outline the mask is read for a point's score: one pixel of the
 * 256 px grid the mask's edge was shaped on (at least 2 px), so that the mask's soft edge (1.5 to
 * 5 px wide on the report photos) lies between the two readings.
 */
const edgeReach = (w: number, h: number): number => Math.max(2, Math.max(w, h) / GUIDE_SIDE);

/** Long side of the grid on which touching people are split (WORKING_SIDE, where bodypose ran). */
const SPLIT_SIDE = WORKING_SIDE;

const round1 = (v: number): number => Math.round(v * 10) / 10;
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/**
 * The body's chains of the 14-point layout, head to hands and to feet. The splitting skeleton
 * joins each chain's seen points in order, across the joints bodypose did not see: a shoulder
 * and an ankle seen with the hip and knee unseen still give a line down the body.
 */
const CHAINS: ReadonlyArray<readonly string[]> = [
  ['head_top', 'neck'],
  ['neck', 'right_shoulder', 'right_elbow', 'right_wrist'],
  ['neck', 'left_shoulder', 'left_elbow', 'left_wrist'],
  ['right_shoulder', 'right_hip', 'right_knee', 'right_ankle'],
  ['left_shoulder', 'left_hip', 'left_knee', 'left_ankle'],
];

/** A person's skeleton for splitting: segments [ax, ay, bx, by] in mask pixels (a point is a zero-length segment). */
function skeleton(person: BodyPosePerson, kx: number, ky: number): number[][] {
  const seen = new Map<string, Point>();
  for (const k of [...person.keypoints, ...person.model_keypoints]) {
    if (k.score >= VISIBLE_SCORE && !seen.has(k.name)) seen.set(k.name, [k.x * kx, k.y * ky]);
  }
  const segments: number[][] = [];
  const onLines = new Set<string>();
  for (const chain of CHAINS) {
    const points = chain.filter((name) => seen.has(name));
    for (let i = 0; i + 1 < points.length; i++) {
      const [p, q] = [seen.get(points[i]!)!, seen.get(points[i + 1]!)!];
      segments.push([p[0], p[1], q[0], q[1]]);
      onLines.add(points[i]!).add(points[i + 1]!);
    }
  }
  // Seen points on no line (the face's, a lone wrist) count as points.
  for (const [name, [x, y]] of seen) if (!onLines.has(name)) segments.push([x, y, x, y]);
  return segments;
}

/** Squared distance from (x, y) to the segment [ax, ay, bx, by]. */
function segmentDistance2(x: number, y: number, s: number[]): number {
  const [ax, ay, bx, by] = s as [number, number, number, number];
  const vx = bx - ax;
  const vy = by - ay;
  const l2 = vx * vx + vy * vy;
  const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * vx + (y - ay) * vy) / l2)) : 0;
  const dx = ax + t * vx - x;
  const dy = ay + t * vy - y;
  return dx * dx + dy * dy;
}

/** A person as the split sees her: her skeleton's segments and her box [left, top, right, bottom], mask pixels. */
export interface SplitPerson {
  segments: number[][];
  box: readonly [number, number, number, number];
}

/**
 * Each mask pixel's person (index into `people`), -1 for background and for regions where no
 * person's seen point lies (step 2 of the method).
 */
export function splitPeople(
  mask: Uint8Array,
  w: number,
  h: number,
  people: readonly SplitPerson[],
): Int32Array {
  const foreground = new Int32Array(w * h);
  for (let i = 0; i < w * h; i++) foreground[i] = mask[i]! >= FOREGROUND_LEVEL ? 0 : -1;
  const regions = regionsOf(foreground, w, h);
  // The people whose seen points lie in (or within 2 px of) each region.
  const peopleOf = regions.size.map(() => new Set<number>());
  people.forEach(({ segments }, p) => {
    for (const s of segments) {
      for (const [x, y] of [
        [s[0]!, s[1]!],
        [s[2]!, s[3]!],
      ] as const) {
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) {
            const px = Math.floor(x) + dx;
            const py = Math.floor(y) + dy;
            if (px < 0 || py < 0 || px >= w || py >= h) continue;
            const r = regions.label[py * w + px]!;
            if (r >= 0) peopleOf[r]!.add(p);
          }
        }
      }
    }
  });
  // Where several people share a region, the nearest skeleton among the people whose box holds the
  // pixel (all of them when no box does) takes it: a person whose hips and legs bodypose did not
  // see still keeps the part of her body that lies in her box only. It is found once per cell of a
  // grid of at most SPLIT_SIDE px a side (the resolution bodypose's points were found at) and
  // holds for the cell's pixels: per pixel it took seconds on a 1920 px group photo.
  const cell = Math.max(1, Math.ceil(Math.max(w, h) / SPLIT_SIDE));
  const cw = Math.ceil(w / cell);
  const nearest = new Int32Array(cw * Math.ceil(h / cell)).fill(-1);
  const owner = new Int32Array(w * h).fill(-1);
  for (let i = 0; i < w * h; i++) {
    const r = regions.label[i]!;
    if (r < 0) continue;
    const sharing = peopleOf[r]!;
    if (sharing.size === 0) continue;
    if (sharing.size === 1) {
      owner[i] = sharing.values().next().value!;
      continue;
    }
    const x = i % w;
    const y = (i - x) / w;
    const c = Math.floor(y / cell) * cw + Math.floor(x / cell);
    if (nearest[c] === -1 || !sharing.has(nearest[c]!)) {
      const cx = (Math.floor(x / cell) + 0.5) * cell;
      const cy = (Math.floor(y / cell) + 0.5) * cell;
      const boxed = [...sharing].filter((p) => {
        const [left, top, right, bottom] = people[p]!.box;
        return cx >= left && cx <= right && cy >= top && cy <= bottom;
      });
      let best = Infinity;
      for (const p of boxed.length > 0 ? boxed : sharing) {
        for (const s of people[p]!.segments) {
          const d = segmentDistance2(cx, cy, s);
          if (d < best) {
            best = d;
            nearest[c] = p;
          }
        }
      }
    }
    owner[i] = nearest[c]!;
  }
  return owner;
}

/** Index of the outline vertex where the 63 points start: the top of the head (step 4). */
function headTopIndex(outline: readonly Point[], headTop?: Point, neck?: Point): number {
  if (!headTop) {
    let top = 0;
    for (let i = 1; i < outline.length; i++) if (outline[i]![1] < outline[top]![1]) top = i;
    return top;
  }
  const [hx, hy] = headTop;
  const nearest = (candidates: number[]): number =>
    candidates.reduce((best, i) => {
      const d = Math.hypot(outline[i]![0] - hx, outline[i]![1] - hy);
      const b = Math.hypot(outline[best]![0] - hx, outline[best]![1] - hy);
      return d < b ? i : best;
    }, candidates[0]!);
  const all = outline.map((_, i) => i);
  if (!neck) return nearest(all);
  const ux = hx - neck[0];
  const uy = hy - neck[1];
  const length = Math.hypot(ux, uy);
  if (length === 0) return nearest(all);
  // Vertices on the head's axis: within one pixel of the line (a line crossing an 8-connected
  // chain of pixels passes within 0.71 px of one of them).
  const onAxis = all.filter(
    (i) => Math.abs(((outline[i]![0] - hx) * uy - (outline[i]![1] - hy) * ux) / length) <= 1,
  );
  return nearest(onAxis.length > 0 ? onAxis : all);
}

/** The mask (0..255) at (x, y) in pixels, nearest pixel; undefined outside the image. */
function maskAt(mask: Uint8Array, w: number, h: number, x: number, y: number): number | undefined {
  const px = Math.floor(x);
  const py = Math.floor(y);
  return px < 0 || py < 0 || px >= w || py >= h ? undefined : mask[py * w + px]!;
}

/** One person's answer from their piece of the mask (steps 3 and 4). */
function personContour(
  mask: Uint8Array,
  owner: Int32Array,
  image: DecodedImage,
  person: BodyPosePerson,
  piece: { label: Int32Array; id: number; first: number },
  kx: number,
  ky: number,
  fullContour: boolean,
): BodyContourPerson {
  const { width: w, height: h } = image;
  const chain = traceBorder(piece.label, w, h, piece.id, piece.first);
  const traced: Point[] = chain.map((i) => [(i % w) + 0.5, Math.floor(i / w) + 0.5]);
  const seen = (name: string): Point | undefined => {
    const k = person.keypoints.find((p) => p.name === name && p.score >= VISIBLE_SCORE);
    return k ? [k.x * kx, k.y * ky] : undefined;
  };
  const start = headTopIndex(traced, seen('head_top'), seen('neck'));
  const outline = [...traced.slice(start), ...traced.slice(0, start)];
  const sx = image.originalWidth / w;
  const sy = image.originalHeight / h;
  const total = perimeter(outline);
  const positions = Array.from({ length: CONTOUR_POINT_COUNT }, (_, k) => (k * total) / CONTOUR_POINT_COUNT);
  const points = pointsAlong(outline, positions);
  // The tangent at each point from the outline `reach` before and after it; the inside is on the
  // right of the direction of travel (clockwise as viewed, y down).
  const reach = edgeReach(w, h);
  const before = pointsAlong(
    outline,
    positions.map((s) => s - reach),
  );
  const after = pointsAlong(
    outline,
    positions.map((s) => s + reach),
  );
  const keypoints: Keypoint[] = points.map(([x, y], k) => {
    const tx = after[k]![0] - before[k]![0];
    const ty = after[k]![1] - before[k]![1];
    const tl = Math.hypot(tx, ty) || 1;
    const [nx, ny] = [-ty / tl, tx / tl];
    const inside = maskAt(mask, w, h, x + nx * reach, y + ny * reach);
    let outside = maskAt(mask, w, h, x - nx * reach, y - ny * reach);
    // A pixel given to a person counts as full mask outside: the line between two touching people
    // is no edge of the mask.
    if (outside !== undefined && owner[Math.floor(y - ny * reach) * w + Math.floor(x - nx * reach)]! >= 0)
      outside = 255;
    const score =
      inside === undefined || outside === undefined ? 0 : Math.max(0, Math.min(1, (inside - outside) / 255));
    return { name: CONTOUR_POINTS[k]!, x: round1(x * sx), y: round1(y * sy), score: round4(score) };
  });
  let [left, top, right, bottom] = [w, h, 0, 0];
  for (const [x, y] of traced) {
    left = Math.min(left, x - 0.5);
    top = Math.min(top, y - 0.5);
    right = Math.max(right, x + 0.5);
    bottom = Math.max(bottom, y + 0.5);
  }
  const rectangle: Rectangle = {
    left: round1(left * sx),
    top: round1(top * sy),
    width: round1((right - left) * sx),
    height: round1((bottom - top) * sy),
  };
  const scale = (p: BodyPosePerson['model_keypoints'][number]): Keypoint => ({
    ...p,
    x: round1(p.x * kx * sx),
    y: round1(p.y * ky * sy),
  });
  return {
    person_rectangle: rectangle,
    score: person.score,
    keypoints,
    model_keypoints: person.model_keypoints.map(scale),
    ...(fullContour
      ? {
          contour: withoutStraightRuns(outline).map(
            ([x, y]) => [round1(x * sx), round1(y * sy)] as [number, number],
          ),
        }
      : {}),
  };
}

/**
 * Steps 1 and 2: the person mask, the people bodypose found (points in the working copy's pixels;
 * `kx`, `ky` scale them to the image's) and each mask pixel's person (`owner`, index into
 * `poses.persons`, -1 for none).
 */
export async function peopleRegions(image: DecodedImage, models: SegmentModels) {
  const { width: w, height: h } = image;
  const { mask, poses } = await personMaskAndPoses(image, models);
  // bodypose saw the working copy; its points in mask pixels.
  const kx = w / poses.image_width;
  const ky = h / poses.image_height;
  const owner = splitPeople(
    mask,
    w,
    h,
    poses.persons.map((p) => {
      const { left, top, width, height } = p.person_rectangle;
      const box = [left * kx, top * ky, (left + width) * kx, (top + height) * ky] as const;
      return { segments: skeleton(p, kx, ky), box };
    }),
  );
  return { mask, poses, owner, kx, ky };
}

async function run(
  image: DecodedImage,
  params: BodyContourParams,
  models: SegmentModels,
): Promise<BodyContourResult> {
  const { width: w, height: h } = image;
  const { mask, poses, owner, kx, ky } = await peopleRegions(image, models);
  const pieces = regionsOf(owner, w, h);
  // Each person's largest piece.
  const largest = new Map<number, number>();
  pieces.value.forEach((p, id) => {
    const best = largest.get(p);
    if (best === undefined || pieces.size[id]! > pieces.size[best]!) largest.set(p, id);
  });
  const found: BodyContourPerson[] = [];
  for (const [p, id] of largest) {
    if (pieces.size[id]! < MIN_SHARE * w * h) continue;
    found.push(
      personContour(
        mask,
        owner,
        image,
        poses.persons[p]!,
        { label: pieces.label, id, first: pieces.first[id]! },
        kx,
        ky,
        params.fullContour,
      ),
    );
  }
  return peopleAnswer(image, found, params.maxPersonNum);
}

/**
 * The answer of a task about bodypose's people: the `most` highest-scored of `found`, listed left
 * to right, with the image's size and their count.
 */
export function peopleAnswer<T extends { score: number; person_rectangle: Rectangle }>(
  image: DecodedImage,
  found: T[],
  most: number,
) {
  const persons = [...found].sort((a, b) => b.score - a.score).slice(0, most);
  persons.sort((a, b) => a.person_rectangle.left - b.person_rectangle.left);
  return {
    image_width: image.originalWidth,
    image_height: image.originalHeight,
    person_num: persons.length,
    persons,
  };
}

export const bodycontour: Algorithm<BodyContourParams, BodyContourResult, SegmentModels> = {
  task: 'bodycontour',
  decode: { maxSide: DECODE_SIDE },
  parseParams: parseBodyContourParams,
  loadModels: segment.loadModels,
  warmup: segment.warmup,
  run,
};

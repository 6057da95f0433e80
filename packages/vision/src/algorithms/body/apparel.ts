/**
 * apparel (capability v1/apperal): per person, the main colours of the upper and lower garment,
 * sleeve length, the upper garment's pattern, and one piece or separates. No model of its own:
 *
 * 1. People and their pixels: the body contour task's regions (contour.ts, peopleRegions: the
 *    segment mask split among bodypose's people) and bodypose's points.
 * 2. Garment regions from the points: the torso (shoulders to hips; without seen hips, down 1.3
 *    shoulder widths) and the thighs (hips to knees; without seen knees, down 0.8 torso lengths),
 *    each shrunk towards its centre to 3/4 so that arms and background stay out, and only the
 *    person's own pixels.
 * 3. Skin: the person's face colour (a disc around the nose of 0.35 eye distances, CIELAB mean);
 *    a pixel is skin within SKIN_DELTA_E of it (CIE76). Skin is left out of the garments' colours.
 * 4. Colours: k-means (k = 3) of the garment's non-skin pixels in CIELAB (apparel-colour.ts); the
 *    largest cluster's colour named among 12 basic colour terms by its nearest reference colour.
 * 5. Sleeve: along each seen upper arm (shoulder to elbow) and forearm (elbow to wrist), the
 *    share of the person's pixels that are skin: the upper arm's half at the shoulder mostly skin
 *    -> sleeveless; else the forearm (or the upper arm's half at the elbow) mostly skin -> short;
 *    else long. The arm with more pixels decides.
 * 6. Pattern of the upper garment: the mean gradient of CIELAB lightness over the torso (energy)
 *    and the coherence of the gradients' structure tensor (Bigun and Granlund 1987; 1 when every
 *    edge runs one way): plain under PATTERN_ENERGY; striped when coherent (STRIPE_COHERENCE);
 *    else patterned.
 * 7. One piece or separates: the upper and lower main colours within ONE_PIECE_DELTA_E -> one
 *    piece.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { Rectangle } from '../kinds.ts';
import { segment, type SegmentModels } from './segment.ts';
import { DECODE_SIDE, peopleAnswer, peopleRegions } from './contour.ts';
import { VISIBLE_SCORE } from './body14.ts';
import type { BodyPosePerson } from './bodypose-params.ts';
import {
  colourName,
  deltaE,
  kMeans,
  labOf,
  labOfBalanced,
  shadesOfGreyGains,
  type Lab,
} from './apparel-colour.ts';
import {
  parseApparelParams,
  type ApparelParams,
  type ApparelPerson,
  type ApparelResult,
} from './apparel-params.ts';

/** A pixel is skin within this CIE76 distance of the face's mean colour. */
export const SKIN_DELTA_E = 18;
/** Mean lightness gradient (L units per pixel) under which a garment is plain. */
export const PATTERN_ENERGY = 3;
/** Structure-tensor coherence from which a patterned garment is striped. */
export const STRIPE_COHERENCE = 0.5;
/** Upper and lower main colours this close (CIE76) make one piece. */
export const ONE_PIECE_DELTA_E = 20;
/**
 * Methods measure-apparel.ts compares (`--white-balance p`); the task serves these values.
 * whiteBalanceP: the Minkowski norm of a white balance before garment colours are named (shades
 * of grey, Finlayson and Trezzi 2004), 0 for none. Not served: on the tune photos p = 1, 6 and 50
 * each named one more upper garment right (10/13 against 9/13), on the report photos none changed
 * an agreement and the astronaut's orange suit went from red to brown (docs/quality.md, "Apparel").
 */
export const apparelMethod = { whiteBalanceP: 0 };
/** Fewest garment pixels for a colour or a pattern. */
const MIN_PIXELS = 50;

type P = readonly [number, number];

const round1 = (v: number): number => Math.round(v * 10) / 10;
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/** Whether (x, y) is inside the polygon (even-odd rule). */
function inside(x: number, y: number, polygon: readonly P[]): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

/** The polygon shrunk towards its centroid by `factor`. */
function shrunk(polygon: readonly P[], factor: number): P[] {
  const cx = polygon.reduce((s, p) => s + p[0], 0) / polygon.length;
  const cy = polygon.reduce((s, p) => s + p[1], 0) / polygon.length;
  return polygon.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor] as const);
}

interface Region {
  /** Pixel indices of the person's own pixels inside the polygon. */
  pixels: number[];
  /** Share of the polygon's area that lies in the image and is the person's. */
  covered: number;
}

function regionPixels(polygon: readonly P[], owner: Int32Array, who: number, w: number, h: number): Region {
  const xs = polygon.map((p) => p[0]);
  const ys = polygon.map((p) => p[1]);
  const pixels: number[] = [];
  let area = 0;
  for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
    for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x++) {
      if (!inside(x + 0.5, y + 0.5, polygon)) continue;
      area++;
      if (x >= 0 && y >= 0 && x < w && y < h && owner[y * w + x] === who) pixels.push(y * w + x);
    }
  }
  return { pixels, covered: area ? pixels.length / area : 0 };
}

/** At most `n` evenly picked items. */
const sample = <T>(items: readonly T[], n: number): T[] =>
  items.length <= n
    ? [...items]
    : Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);

function analysePerson(
  image: DecodedImage,
  owner: Int32Array,
  who: number,
  person: BodyPosePerson,
  kx: number,
  ky: number,
  gains: readonly [number, number, number],
): ApparelPerson['attributes'] {
  const { width: w, height: h, data } = image;
  const lab = (i: number): Lab => labOf(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!);
  // Garment colours are named after the photo's white balance when one is measured (apparelMethod).
  const named = (i: number): Lab => labOfBalanced(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!, gains);
  const seen = (name: string): P | undefined => {
    const k = [...person.keypoints, ...person.model_keypoints].find(
      (p) => p.name === name && p.score >= VISIBLE_SCORE,
    );
    return k ? [k.x * kx, k.y * ky] : undefined;
  };
  const [rs, ls, rh, lh, rk, lk] = [
    'right_shoulder',
    'left_shoulder',
    'right_hip',
    'left_hip',
    'right_knee',
    'left_knee',
  ].map(seen);

  // Skin: the face's colour around the nose.
  const nose = seen('nose');
  const [re, le] = [seen('right_eye'), seen('left_eye')];
  let face: Lab | undefined;
  if (nose) {
    const radius = Math.max(2, 0.35 * (re && le ? Math.hypot(re[0] - le[0], re[1] - le[1]) : 20));
    const disc = Array.from({ length: 24 }, (_, i) => {
      const a = (i / 24) * 2 * Math.PI;
      return [nose[0] + radius * Math.cos(a), nose[1] + radius * Math.sin(a)] as const;
    });
    const { pixels } = regionPixels(disc, owner, who, w, h);
    if (pixels.length > 0) {
      const labs = pixels.map(lab);
      face = [0, 1, 2].map((c) => labs.reduce((s, p) => s + p[c]!, 0) / labs.length) as unknown as Lab;
    }
  }
  const isSkin = (i: number): boolean => face !== undefined && deltaE(lab(i), face) < SKIN_DELTA_E;

  // Garment regions.
  let torso: P[] | undefined;
  let torsoLength = 0;
  if (rs && ls) {
    const width = Math.hypot(ls[0] - rs[0], ls[1] - rs[1]);
    if (rh && lh) {
      torso = [rs, ls, lh, rh];
      torsoLength = Math.hypot((rh[0] + lh[0] - rs[0] - ls[0]) / 2, (rh[1] + lh[1] - rs[1] - ls[1]) / 2);
    } else {
      // Down, away from the head: the shoulder line's normal on the side away from the nose.
      let [nx, ny] = [-(ls[1] - rs[1]) / width, (ls[0] - rs[0]) / width];
      const mid = [(rs[0] + ls[0]) / 2, (rs[1] + ls[1]) / 2] as const;
      const head = nose ?? [mid[0], mid[1] - 1];
      if ((head[0] - mid[0]) * nx + (head[1] - mid[1]) * ny > 0) [nx, ny] = [-nx, -ny];
      torsoLength = 1.3 * width;
      const d = [nx * torsoLength, ny * torsoLength] as const;
      torso = [rs, ls, [ls[0] + d[0], ls[1] + d[1]], [rs[0] + d[0], rs[1] + d[1]]];
    }
  }
  let thighs: P[] | undefined;
  if (rh && lh) {
    if (rk && lk) thighs = [rh, lh, lk, rk];
    else if (torsoLength > 0 && torso) {
      const down = [
        ((torso[3]![0] + torso[2]![0] - torso[0]![0] - torso[1]![0]) / 2 / torsoLength) * 0.8 * torsoLength,
        ((torso[3]![1] + torso[2]![1] - torso[0]![1] - torso[1]![1]) / 2 / torsoLength) * 0.8 * torsoLength,
      ] as const;
      thighs = [rh, lh, [lh[0] + down[0], lh[1] + down[1]], [rh[0] + down[0], rh[1] + down[1]]];
    }
  }

  const garment = (polygon: P[] | undefined, minCovered: number) => {
    if (!polygon) return undefined;
    const region = regionPixels(shrunk(polygon, 0.75), owner, who, w, h);
    if (region.covered < minCovered) return undefined;
    const cloth = region.pixels.filter((i) => !isSkin(i));
    // Mostly skin (bare legs under shorts, a bare back): the garment is not where it was looked for.
    if (cloth.length < MIN_PIXELS || cloth.length < 0.5 * region.pixels.length) return undefined;
    return { pixels: cloth, clusters: kMeans(sample(cloth, 3000).map(named), 3) };
  };
  const upper = garment(torso, 0.3);
  const lower = garment(thighs, 0.5);
  const colour = (g: typeof upper) =>
    g
      ? { value: colourName(g.clusters[0]!.centre), score: round4(g.clusters[0]!.share) }
      : { value: 'not_visible' as const };

  // Sleeve.
  const armSkin = (from: P, to: P, t0: number, t1: number) => {
    let own = 0;
    let skin = 0;
    for (let t = t0; t <= t1; t += 0.02) {
      const x = Math.floor(from[0] + (to[0] - from[0]) * t);
      const y = Math.floor(from[1] + (to[1] - from[1]) * t);
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const [px, py] = [x + dx, y + dy];
        if (px < 0 || py < 0 || px >= w || py >= h || owner[py * w + px] !== who) continue;
        own++;
        if (isSkin(py * w + px)) skin++;
      }
    }
    return { own, share: own ? skin / own : 0 };
  };
  let sleeve: ApparelPerson['attributes']['sleeve']['value'] = 'not_visible';
  let bestOwn = 0;
  if (face) {
    for (const side of ['right', 'left'] as const) {
      const s = seen(`${side}_shoulder`);
      const e = seen(`${side}_elbow`);
      const wr = seen(`${side}_wrist`);
      if (!s || !e) continue;
      const high = armSkin(s, e, 0.15, 0.5);
      const low = armSkin(s, e, 0.5, 0.9);
      const fore = wr ? armSkin(e, wr, 0.2, 0.8) : { own: 0, share: 0 };
      const own = high.own + low.own + fore.own;
      if (own <= bestOwn || high.own === 0) continue;
      bestOwn = own;
      sleeve =
        high.share >= 0.5 ? 'sleeveless' : (fore.own > 0 ? fore.share : low.share) >= 0.5 ? 'short' : 'long';
    }
  }

  // Pattern: structure tensor of the lightness over the torso's garment pixels.
  let pattern: ApparelPerson['attributes']['pattern']['value'] = 'not_visible';
  if (upper) {
    const mine = new Set(upper.pixels);
    let [jxx, jyy, jxy, energy, n] = [0, 0, 0, 0, 0];
    for (const i of upper.pixels) {
      if (!mine.has(i + 1) || !mine.has(i - 1) || !mine.has(i + w) || !mine.has(i - w)) continue;
      const gx = (lab(i + 1)[0] - lab(i - 1)[0]) / 2;
      const gy = (lab(i + w)[0] - lab(i - w)[0]) / 2;
      jxx += gx * gx;
      jyy += gy * gy;
      jxy += gx * gy;
      energy += Math.sqrt(gx * gx + gy * gy);
      n++;
    }
    if (n >= MIN_PIXELS) {
      const coherence = jxx + jyy > 0 ? Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / (jxx + jyy) : 0;
      pattern =
        energy / n < PATTERN_ENERGY ? 'plain' : coherence >= STRIPE_COHERENCE ? 'striped' : 'patterned';
    }
  }

  const clothing_type =
    upper && lower
      ? deltaE(upper.clusters[0]!.centre, lower.clusters[0]!.centre) < ONE_PIECE_DELTA_E
        ? ('one_piece' as const)
        : ('separates' as const)
      : ('not_visible' as const);
  return {
    upper_color: colour(upper),
    lower_color: colour(lower),
    sleeve: { value: sleeve },
    pattern: { value: pattern },
    clothing_type: { value: clothing_type },
  };
}

async function run(
  image: DecodedImage,
  params: ApparelParams,
  models: SegmentModels,
): Promise<ApparelResult> {
  const { poses, owner, kx, ky } = await peopleRegions(image, models);
  const sx = image.originalWidth / image.width;
  const sy = image.originalHeight / image.height;
  const p = apparelMethod.whiteBalanceP;
  const gains = p > 0 ? shadesOfGreyGains(image.data, p) : ([1, 1, 1] as const);
  const found: ApparelPerson[] = poses.persons.map((person, who) => {
    const r = person.person_rectangle;
    const box: Rectangle = {
      left: round1(r.left * kx * sx),
      top: round1(r.top * ky * sy),
      width: round1(r.width * kx * sx),
      height: round1(r.height * ky * sy),
    };
    return {
      person_rectangle: box,
      score: person.score,
      attributes: analysePerson(image, owner, who, person, kx, ky, gains),
    };
  });
  return peopleAnswer(image, found, params.maxPersonNum);
}

export const apparel: Algorithm<ApparelParams, ApparelResult, SegmentModels> = {
  task: 'apparel',
  decode: { maxSide: DECODE_SIDE },
  parseParams: parseApparelParams,
  loadModels: segment.loadModels,
  warmup: segment.warmup,
  run,
};

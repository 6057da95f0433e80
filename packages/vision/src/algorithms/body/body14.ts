/**
 * The product's 14-point layout (BODY_14_POINTS) from the model's 17 COCO points. Pure geometry,
 * no model: twelve points are the model's own, `neck` and `head_top` are derived.
 */
import { BODY_14_POINTS, COCO_17_POINTS, type Coco17Point } from './bodypose-params.ts';

export interface ScoredPoint {
  x: number;
  y: number;
  score: number;
}

export type Coco17 = Record<Coco17Point, ScoredPoint>;

/**
 * A point counts as seen from this score on: 0.3, the body keypoint cut-off of Human's default
 * configuration (@vladmandic/human, `body.minConfidence`). Below it the position is mostly the
 * model's guess for a hidden part (the astronaut's left wrist behind the helmet scores under it).
 */
export const VISIBLE_SCORE = 0.3;

/**
 * Adult head measurements (cm, rounded from published adult means, men and women together) that
 * turn distances between face points into a head scale in pixels per cm. Each is the length in
 * space, the most any view of the head can show: the two ear openings (bitragion breadth) 14.5,
 * the pupils 6.3, an eye to the ear on its side 9, the nose tip to an eye 5.3 and to an ear 12.5.
 * The shoulder joints are taken as 38 cm apart.
 * VERTEX_ABOVE_EYES_CM: the top of the head is about 12 cm above the eyes (the eyes sit about
 * halfway down a head 22-24 cm tall from the vertex to the chin, the ears slightly lower).
 */
const FACE_DISTANCES_CM: ReadonlyArray<readonly [Coco17Point, Coco17Point, number]> = [
  ['left_ear', 'right_ear', 14.5],
  ['left_eye', 'right_eye', 6.3],
  ['left_eye', 'left_ear', 9],
  ['right_eye', 'right_ear', 9],
  ['nose', 'left_eye', 5.3],
  ['nose', 'right_eye', 5.3],
  ['nose', 'left_ear', 12.5],
  ['nose', 'right_ear', 12.5],
];
const SHOULDERS_CM = 38;
const VERTEX_ABOVE_EYES_CM = 12;

const FACE_POINTS: readonly Coco17Point[] = ['nose', 'left_eye', 'right_eye', 'left_ear', 'right_ear'];
/** Pairs of face points that lie across the head at about the same height (step 3 of headTopPoint). */
const HORIZONTAL_PAIRS: ReadonlyArray<readonly [Coco17Point, Coco17Point]> = [
  ['right_eye', 'left_eye'],
  ['right_ear', 'left_ear'],
  ['right_ear', 'right_eye'],
  ['left_ear', 'left_eye'],
];
const EYES_AND_EARS: readonly Coco17Point[] = ['left_eye', 'right_eye', 'left_ear', 'right_ear'];

const dist = (a: ScoredPoint, b: ScoredPoint): number => Math.hypot(a.x - b.x, a.y - b.y);

/** `neck`: the midpoint of the shoulders; as sure as the less sure shoulder. */
export function neckPoint(kp: Coco17): ScoredPoint {
  const l = kp.left_shoulder;
  const r = kp.right_shoulder;
  return { x: (l.x + r.x) / 2, y: (l.y + r.y) / 2, score: Math.min(l.score, r.score) };
}

/**
 * `head_top`, the top of the head, from the face points the model saw (score >= VISIBLE_SCORE;
 * all five face points when it saw none):
 *
 * 1. Centre c: the mean of the seen eyes and ears (the nose when none is seen). Eyes and ears lie
 *    at about the same height on the head, and whatever side of the head is turned to the camera,
 *    their mean sits near the head's centre line at eye level; the nose alone sticks out forward.
 * 2. Scale (px per cm): every pair of seen face points gives distance / its adult length
 *    (FACE_DISTANCES_CM), and the seen shoulders give their distance / SHOULDERS_CM. A turned
 *    head only shortens a distance in the photo, never lengthens it, so the largest of these
 *    ratios is the least foreshortened estimate and is taken.
 * 3. Up: perpendicular to the head's horizontal. Eyes and ear openings lie at about the same
 *    height on a head (the Frankfort plane runs through the ear opening and the lower rim of the
 *    eye socket), so the lines between the two eyes, the two ears and each eye and the ear on its
 *    side all run across the head: from the front in a frontal view, from the side in a profile,
 *    and tilted with a tilted head. Their mean direction, weighted by length (longer lines are
 *    surer; averaged as axes, doubling the angles, so that one misplaced point only pulls it part
 *    of the way), is the horizontal. Of its two normals: the one within 60 degrees of the body's
 *    up (from the neck, the shoulders' midpoint, to c) when the shoulders are seen and one is;
 *    otherwise the one away from the nose when the nose lies at least 1 cm off the eye line (the
 *    nose tip is 2-3 cm below the eyes); otherwise the one pointing up the image. With no such
 *    line seen: the body's up, or straight up in the image.
 * 4. head_top = c + VERTEX_ABOVE_EYES_CM x scale x up.
 *
 * Its score is the mean score of the face points used for c and the scale: the point is an
 * average of them, so it is as sure as they are on average.
 */
export function headTopPoint(kp: Coco17): ScoredPoint {
  let used = FACE_POINTS.filter((n) => kp[n].score >= VISIBLE_SCORE);
  if (used.length === 0) used = [...FACE_POINTS];
  const centreSet = used.filter((n) => EYES_AND_EARS.includes(n));
  const centreNames = centreSet.length > 0 ? centreSet : used;
  const cx = centreNames.reduce((s, n) => s + kp[n].x, 0) / centreNames.length;
  const cy = centreNames.reduce((s, n) => s + kp[n].y, 0) / centreNames.length;

  const shouldersSeen = kp.left_shoulder.score >= VISIBLE_SCORE && kp.right_shoulder.score >= VISIBLE_SCORE;
  let scale = shouldersSeen ? dist(kp.left_shoulder, kp.right_shoulder) / SHOULDERS_CM : 0;
  for (const [a, b, cm] of FACE_DISTANCES_CM) {
    if (used.includes(a) && used.includes(b)) scale = Math.max(scale, dist(kp[a], kp[b]) / cm);
  }

  const neck = neckPoint(kp);
  const dn = Math.hypot(cx - neck.x, cy - neck.y);
  // The body's up (neck to face centre) when the shoulders are seen, else up the image.
  const bodyUp = shouldersSeen && dn > 0;
  const [bx, by] = bodyUp ? [(cx - neck.x) / dn, (cy - neck.y) / dn] : [0, -1];
  let [ux, uy] = [bx, by];
  // Mean axis of the lines across the head, in doubled angles weighted by length.
  let c2 = 0;
  let s2 = 0;
  for (const [p, q] of HORIZONTAL_PAIRS) {
    if (!used.includes(p) || !used.includes(q)) continue;
    const [dx, dy] = [kp[q].x - kp[p].x, kp[q].y - kp[p].y];
    const length = Math.hypot(dx, dy);
    if (length === 0) continue;
    c2 += (dx * dx - dy * dy) / length; // length x cos(2 angle)
    s2 += (2 * dx * dy) / length; // length x sin(2 angle)
  }
  if (c2 !== 0 || s2 !== 0) {
    const angle = Math.atan2(s2, c2) / 2;
    ux = -Math.sin(angle);
    uy = Math.cos(angle);
    const towardBody = ux * bx + uy * by;
    const mx = (kp.left_eye.x + kp.right_eye.x) / 2;
    const my = (kp.left_eye.y + kp.right_eye.y) / 2;
    const noseOff = used.includes('nose') ? ux * (kp.nose.x - mx) + uy * (kp.nose.y - my) : 0;
    let flip: boolean;
    if (bodyUp && Math.abs(towardBody) >= 0.5) flip = towardBody < 0;
    else if (Math.abs(noseOff) >= scale) flip = noseOff > 0;
    else flip = uy > 0;
    if (flip) {
      ux = -ux;
      uy = -uy;
    }
  }
  const score = used.reduce((s, n) => s + kp[n].score, 0) / used.length;
  const reach = VERTEX_ABOVE_EYES_CM * scale;
  return { x: cx + ux * reach, y: cy + uy * reach, score };
}

/** The 14 points in BODY_14_POINTS order. */
export function body14(kp: Coco17): Array<ScoredPoint & { name: string }> {
  return BODY_14_POINTS.map((name) => {
    if (name === 'neck') return { name, ...neckPoint(kp) };
    if (name === 'head_top') return { name, ...headTopPoint(kp) };
    return { name, ...kp[name] };
  });
}

/** Names the model's 17 outputs, in COCO order. */
export function coco17(points: readonly ScoredPoint[]): Coco17 {
  return Object.fromEntries(COCO_17_POINTS.map((name, i) => [name, points[i]])) as Coco17;
}

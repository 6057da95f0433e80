/**
 * Facial feature analysis ("micro" analysis) from the 468-point mesh: pure geometry, no model.
 *
 * Every measure is a ratio of distances between named mesh points (MediaPipe indices), taken in
 * the face's own frame (roll removed) so that it does not depend on image size or head tilt.
 * Each label is chosen by a threshold on one ratio. Thresholds are the terciles (or the
 * classical anthropometric rule where one exists, quoted beside it) of the ratios measured on
 * our 23 reference faces (astronaut + face-api samples 1-6, docs/quality.md), so on that set
 * each label splits the faces roughly into thirds. They describe geometry, not beauty.
 */

type P = readonly [number, number, number];

export interface FaceShapeScores {
  circular: number;
  elliptic: number;
  long: number;
  prism: number;
  square: number;
  triangle: number;
}

export interface FaceFeatures {
  /** Raw ratios, for clients that want their own thresholds. */
  measures: Record<string, number>;
  face_shape: { value: keyof FaceShapeScores; scores: FaceShapeScores };
  cheekbone: 'high' | 'normal' | 'flat';
  eye_shape: 'round' | 'almond' | 'narrow';
  eye_tilt: 'upturned' | 'level' | 'downturned';
  eye_distance: 'wide' | 'normal' | 'close';
  eyebrow_shape: 'arched' | 'curved' | 'straight';
  eyebrow_thickness: 'thick' | 'normal' | 'thin';
  nose_width: 'wide' | 'normal' | 'narrow';
  nose_length: 'long' | 'normal' | 'short';
  lip_thickness: 'thick' | 'normal' | 'thin';
  lip_peak: 'pronounced' | 'normal' | 'flat';
  chin: 'pointed' | 'round' | 'square';
}

/** Mesh indices used below (MediaPipe face mesh; "right" = subject's right = image left). */
export const FEATURE_POINTS = {
  forehead: 10,
  chinBottom: 152,
  cheekRight: 234,
  cheekLeft: 454,
  templeRight: 54,
  templeLeft: 284,
  jawRight: 172,
  jawLeft: 397,
  chinRight: 176,
  chinLeft: 400,
  zygomaRight: 116,
  zygomaLeft: 345,
  rightEyeOuter: 33,
  rightEyeInner: 133,
  rightEyeTop: 159,
  rightEyeBottom: 145,
  leftEyeOuter: 263,
  leftEyeInner: 362,
  leftEyeTop: 386,
  leftEyeBottom: 374,
  rightBrowOuter: 70,
  rightBrowPeak: 105,
  rightBrowInner: 107,
  rightBrowLowerMid: 52,
  leftBrowOuter: 300,
  leftBrowPeak: 334,
  leftBrowInner: 336,
  leftBrowLowerMid: 282,
  noseBridge: 168,
  noseBase: 2,
  alaRight: 129,
  alaLeft: 358,
  mouthRight: 61,
  mouthLeft: 291,
  upperLipTop: 0,
  upperLipInner: 13,
  lowerLipInner: 14,
  lowerLipBottom: 17,
  lipPeakRight: 37,
  lipPeakLeft: 267,
} as const;

/** Tercile thresholds [low, high] per ratio, measured on the reference faces (docs/quality.md). */
export const FEATURE_THRESHOLDS = {
  lengthRatio: [1.174, 1.22],
  jawRatio: [0.783, 0.79],
  foreheadRatio: [0.878, 0.886],
  cheekboneRatio: [0.923, 0.93],
  eyeAspect: [0.361, 0.39],
  eyeTilt: [3.43, 5.94],
  eyeDistance: [1.315, 1.39],
  browArch: [0.154, 0.174],
  browThickness: [0.209, 0.221],
  noseWidth: [1.125, 1.198],
  noseLength: [0.317, 0.33],
  lipThickness: [0.264, 0.315],
  lipPeak: [0.181, 0.233],
  chinAngle: [144.6, 148.6],
} satisfies Record<string, [number, number]>;

function pick<T>(v: number, [lo, hi]: readonly [number, number], low: T, mid: T, high: T): T {
  return v < lo ? low : v > hi ? high : mid;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

export function faceFeatures(mesh: ReadonlyArray<P>): FaceFeatures {
  const F = FEATURE_POINTS;
  const get = (i: number): P => mesh[i] ?? [0, 0, 0];
  // Face frame: x along the cheek-to-cheek line, y perpendicular (down); roll removed.
  const a = get(F.cheekRight);
  const b = get(F.cheekLeft);
  const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
  const c = Math.cos(-ang);
  const s = Math.sin(-ang);
  const q = (i: number): [number, number] => {
    const p = get(i);
    return [p[0] * c - p[1] * s, p[0] * s + p[1] * c];
  };
  const dist = (i: number, j: number) => {
    const [x1, y1] = q(i);
    const [x2, y2] = q(j);
    return Math.hypot(x1 - x2, y1 - y2);
  };
  const dx = (i: number, j: number) => Math.abs(q(i)[0] - q(j)[0]);
  const W = dist(F.cheekRight, F.cheekLeft) || 1;
  const L = dist(F.forehead, F.chinBottom);
  const eyeW = (dist(F.rightEyeOuter, F.rightEyeInner) + dist(F.leftEyeOuter, F.leftEyeInner)) / 2 || 1;
  const eyeH = (dist(F.rightEyeTop, F.rightEyeBottom) + dist(F.leftEyeTop, F.leftEyeBottom)) / 2;
  // Canthal tilt: outer corner above the inner one (y grows downwards) = positive degrees.
  const tilt = (outer: number, inner: number, sign: number) => {
    const [ox, oy] = q(outer);
    const [ix, iy] = q(inner);
    return (Math.atan2(iy - oy, sign * (ox - ix)) * 180) / Math.PI;
  };
  const eyeTilt = (tilt(F.rightEyeOuter, F.rightEyeInner, -1) + tilt(F.leftEyeOuter, F.leftEyeInner, 1)) / 2;
  const intercanthal = dist(F.rightEyeInner, F.leftEyeInner);
  // Brow arch: height of the peak above the outer-inner chord, over the chord length.
  const arch = (outer: number, peak: number, inner: number) => {
    const [x1, y1] = q(outer);
    const [x2, y2] = q(inner);
    const [px, py] = q(peak);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    return Math.abs((x2 - x1) * (y1 - py) - (x1 - px) * (y2 - y1)) / len / len;
  };
  const browArch =
    (arch(F.rightBrowOuter, F.rightBrowPeak, F.rightBrowInner) +
      arch(F.leftBrowOuter, F.leftBrowPeak, F.leftBrowInner)) /
    2;
  const browThickness =
    (dist(F.rightBrowPeak, F.rightBrowLowerMid) + dist(F.leftBrowPeak, F.leftBrowLowerMid)) / 2 / eyeW;
  const mouthW = dist(F.mouthRight, F.mouthLeft) || 1;
  const lipThickness =
    (dist(F.upperLipTop, F.upperLipInner) + dist(F.lowerLipInner, F.lowerLipBottom)) / mouthW;
  const upperLip = dist(F.upperLipTop, F.upperLipInner) || 1;
  // Cupid's bow: how far the two lip peaks rise above the central dip, over upper-lip height.
  const lipPeak = (q(F.upperLipTop)[1] - (q(F.lipPeakRight)[1] + q(F.lipPeakLeft)[1]) / 2) / upperLip;
  // Chin angle at the chin bottom between the two chin-side points, degrees (small = pointed).
  const chinAngle = (() => {
    const [cx, cy] = q(F.chinBottom);
    const [rx, ry] = q(F.chinRight);
    const [lx, ly] = q(F.chinLeft);
    const a1 = Math.atan2(ry - cy, rx - cx);
    const a2 = Math.atan2(ly - cy, lx - cx);
    let d = Math.abs(a1 - a2);
    if (d > Math.PI) d = 2 * Math.PI - d;
    return (d * 180) / Math.PI;
  })();
  const m = {
    lengthRatio: L / W,
    jawRatio: dx(F.jawRight, F.jawLeft) / W,
    foreheadRatio: dx(F.templeRight, F.templeLeft) / W,
    cheekboneRatio: dx(F.zygomaRight, F.zygomaLeft) / W,
    eyeAspect: eyeH / eyeW,
    eyeTilt,
    eyeDistance: intercanthal / eyeW,
    browArch,
    browThickness,
    noseWidth: dist(F.alaRight, F.alaLeft) / (intercanthal || 1),
    noseLength: dist(F.noseBridge, F.noseBase) / (L || 1),
    lipThickness,
    lipPeak,
    chinAngle,
  };
  const T = FEATURE_THRESHOLDS;
  return {
    measures: Object.fromEntries(Object.entries(m).map(([k, v]) => [k, r3(v)])),
    face_shape: faceShape(m),
    cheekbone: pick(m.cheekboneRatio, T.cheekboneRatio, 'flat', 'normal', 'high'),
    eye_shape: pick(m.eyeAspect, T.eyeAspect, 'narrow', 'almond', 'round'),
    eye_tilt: pick(m.eyeTilt, T.eyeTilt, 'downturned', 'level', 'upturned'),
    eye_distance: pick(m.eyeDistance, T.eyeDistance, 'close', 'normal', 'wide'),
    eyebrow_shape: pick(m.browArch, T.browArch, 'straight', 'curved', 'arched'),
    eyebrow_thickness: pick(m.browThickness, T.browThickness, 'thin', 'normal', 'thick'),
    nose_width: pick(m.noseWidth, T.noseWidth, 'narrow', 'normal', 'wide'),
    nose_length: pick(m.noseLength, T.noseLength, 'short', 'normal', 'long'),
    lip_thickness: pick(m.lipThickness, T.lipThickness, 'thin', 'normal', 'thick'),
    lip_peak: pick(m.lipPeak, T.lipPeak, 'flat', 'normal', 'pronounced'),
    chin: pick(m.chinAngle, T.chinAngle, 'pointed', 'round', 'square'),
  };
}

/**
 * Face-shape scores: each shape is a prototype in (length, jaw, forehead) ratio space, written as
 * offsets in tercile steps from the reference faces' middle; the score is a softmax of minus the
 * squared distance, so scores sum to 1 and the nearest prototype wins.
 *  - long: length high;  circular: length low, jaw middle;  elliptic: everything middle;
 *  - square: length low, jaw wide;  prism (diamond): jaw and forehead narrow;
 *  - triangle: jaw wider than forehead.
 */
function faceShape(m: { lengthRatio: number; jawRatio: number; foreheadRatio: number }): {
  value: keyof FaceShapeScores;
  scores: FaceShapeScores;
} {
  const T = FEATURE_THRESHOLDS;
  const z = (v: number, [lo, hi]: readonly [number, number]) => (v - (lo + hi) / 2) / Math.max(hi - lo, 1e-6);
  const v = [z(m.lengthRatio, T.lengthRatio), z(m.jawRatio, T.jawRatio), z(m.foreheadRatio, T.foreheadRatio)];
  const protos: Record<keyof FaceShapeScores, [number, number, number]> = {
    circular: [-1.2, 0, 0],
    elliptic: [0, 0, 0],
    long: [1.4, 0, 0],
    prism: [0, -1.2, -1.2],
    square: [-0.8, 1.2, 0.4],
    triangle: [0, 1.2, -1.2],
  };
  const logits = Object.entries(protos).map(
    ([k, p]) => [k, -((v[0]! - p[0]) ** 2 + (v[1]! - p[1]) ** 2 + (v[2]! - p[2]) ** 2)] as const,
  );
  const max = Math.max(...logits.map(([, l]) => l));
  const exp = logits.map(([k, l]) => [k, Math.exp(l - max)] as const);
  const sum = exp.reduce((acc, [, e]) => acc + e, 0);
  const scores = Object.fromEntries(exp.map(([k, e]) => [k, r3(e / sum)])) as unknown as FaceShapeScores;
  let best: keyof FaceShapeScores = 'elliptic';
  for (const k of Object.keys(scores) as Array<keyof FaceShapeScores>) if (scores[k] > scores[best]) best = k;
  return { value: best, scores };
}

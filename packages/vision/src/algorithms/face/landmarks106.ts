/**
 * A 106-point face layout derived from the 468-point MediaPipe mesh (plus the iris centres), in
 * the grouping common to 106-point APIs: contour 33, brows 9 + 9, eyes 10 + 10, nose 15,
 * mouth 20. No model of its own: every point is a mesh point, a mean of mesh points, an iris
 * centre, or (contour only) a point evenly spaced along a chain of mesh points.
 *
 * "Right" and "left" are the subject's own sides (MediaPipe's convention): the subject's right
 * eye is on the left of a non-mirrored photo. The full index map is in docs/quality.md
 * ("106-point layout") and in `LAYOUT_106` below.
 *
 * The 118-point layout (`landmarks118`) is the 106 points followed by 12 more: 9 along the top of
 * the forehead and 3 surface points (both cheek centres and the forehead centre), so that the
 * upper face is outlined as well as the jaw. Its index map is in docs/quality.md ("118-point
 * layout") and in `LAYOUT_118` below.
 */

type XY = readonly [number, number] | readonly [number, number, number];

/** Mesh chain along the jaw, from the subject's right temple over the chin to the left temple. */
export const CONTOUR_CHAIN = [
  127, 234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454,
  356,
] as const;

/** Eye contours of 8 points: outer corner, upper lid (3), inner corner, lower lid (3). */
const EYE_RIGHT = [33, 160, 159, 158, 133, 153, 145, 144] as const;
const EYE_LEFT = [263, 387, 386, 385, 362, 380, 374, 373] as const;

/** Named ranges of the 106 layout and the mesh indices each point comes from. */
export const LAYOUT_106 = {
  /** 0-32: 33 points evenly spaced (by arc length) along CONTOUR_CHAIN. */
  contour: { start: 0, count: 33 },
  /** 33-41: right brow, upper edge outer -> inner, then lower edge inner -> outer. */
  browRight: { start: 33, mesh: [70, 63, 105, 66, 107, 55, 65, 52, 53] },
  /** 42-50: left brow, same order. */
  browLeft: { start: 42, mesh: [300, 293, 334, 296, 336, 285, 295, 282, 283] },
  /** 51-60: right eye: 8 contour points (EYE_RIGHT), eye centre (mean of the 8), pupil (iris centre). */
  eyeRight: { start: 51, mesh: EYE_RIGHT },
  /** 61-70: left eye, same order. */
  eyeLeft: { start: 61, mesh: EYE_LEFT },
  /** 71-85: nose: bridge to tip on the midline, columella, subnasale, right wing, left wing. */
  nose: { start: 71, mesh: [168, 6, 197, 195, 5, 4, 1, 94, 2, 129, 98, 97, 326, 327, 358] },
  /** 86-97: outer lips clockwise from the right corner; 98-105: inner lips, same order. */
  mouth: {
    start: 86,
    mesh: [61, 40, 37, 0, 267, 270, 291, 321, 314, 17, 84, 91, 78, 81, 13, 311, 308, 402, 14, 178],
  },
} as const;

/**
 * Mesh chain along the top of the face (MediaPipe's face-oval edges), from the subject's right
 * temple over the hairline to the left temple; it shares its ends with CONTOUR_CHAIN.
 */
export const FOREHEAD_CHAIN = [
  127, 162, 21, 54, 103, 67, 109, 10, 338, 297, 332, 284, 251, 389, 356,
] as const;

/** The 12 points the 118 layout adds after the 106. */
export const LAYOUT_118 = {
  /** 106-114: 9 points evenly spaced along FOREHEAD_CHAIN, its two temple ends left out. */
  forehead: { start: 106, count: 9 },
  /** 115: right cheek centre, 116: left cheek centre, 117: forehead centre. */
  surface: { start: 115, mesh: [205, 425, 151] },
} as const;

const round1 = (v: number) => Math.round(v * 10) / 10;

function meshPoint(mesh: readonly XY[], i: number): [number, number] {
  const p = mesh[i];
  if (!p) throw new Error(`mesh point ${i} missing`);
  return [p[0], p[1]];
}

function resample(chain: ReadonlyArray<readonly [number, number]>, count: number): Array<[number, number]> {
  const cum = [0];
  for (let i = 1; i < chain.length; i++) {
    const a = chain[i - 1]!;
    const b = chain[i]!;
    cum.push(cum[i - 1]! + Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  const total = cum[cum.length - 1]!;
  const out: Array<[number, number]> = [];
  let seg = 1;
  for (let k = 0; k < count; k++) {
    const d = (total * k) / (count - 1);
    while (seg < chain.length - 1 && cum[seg]! < d) seg++;
    const a = chain[seg - 1]!;
    const b = chain[seg]!;
    const len = cum[seg]! - cum[seg - 1]! || 1;
    const t = Math.min(1, Math.max(0, (d - cum[seg - 1]!) / len));
    out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
  }
  return out;
}

/**
 * The 106 points [x, y] (rounded to 0.1 px) from a 468-point mesh and the two iris centres
 * (subject's right, subject's left). Without irises the pupils fall back to the eye centres.
 */
export function landmarks106(
  mesh: readonly XY[],
  irisRightCentre?: XY,
  irisLeftCentre?: XY,
): Array<[number, number]> {
  const at = (i: number) => meshPoint(mesh, i);
  const eye = (idx: readonly number[], iris?: XY): Array<[number, number]> => {
    const pts = idx.map(at);
    const c: [number, number] = [
      pts.reduce((s, p) => s + p[0], 0) / pts.length,
      pts.reduce((s, p) => s + p[1], 0) / pts.length,
    ];
    return [...pts, c, iris ? [iris[0], iris[1]] : c];
  };
  const L = LAYOUT_106;
  const points = [
    ...resample(CONTOUR_CHAIN.map(at), L.contour.count),
    ...L.browRight.mesh.map(at),
    ...L.browLeft.mesh.map(at),
    ...eye(L.eyeRight.mesh, irisRightCentre),
    ...eye(L.eyeLeft.mesh, irisLeftCentre),
    ...L.nose.mesh.map(at),
    ...L.mouth.mesh.map(at),
  ];
  return points.map(([x, y]) => [round1(x), round1(y)]);
}

/**
 * The 118 points [x, y]: the 106 layout (same indices), then the forehead outline and the cheek
 * and forehead centres of LAYOUT_118.
 */
export function landmarks118(
  mesh: readonly XY[],
  irisRightCentre?: XY,
  irisLeftCentre?: XY,
): Array<[number, number]> {
  const at = (i: number) => meshPoint(mesh, i);
  // Evenly spaced with both temples included, then the temples (contour points 0 and 32) dropped.
  const forehead = resample(FOREHEAD_CHAIN.map(at), LAYOUT_118.forehead.count + 2).slice(1, -1);
  const extra = [...forehead, ...LAYOUT_118.surface.mesh.map(at)].map(
    ([x, y]) => [round1(x), round1(y)] as [number, number],
  );
  return [...landmarks106(mesh, irisRightCentre, irisLeftCentre), ...extra];
}

/**
 * Virtual beard (v1/beard): beard and moustache styles drawn on each face, placed by the
 * 468-point face mesh so they follow the face's position, size, roll and turn. No model of its
 * own (faces and meshes from the facepoints pipeline, through the retouch tasks' face loop).
 *
 * Method, for one face:
 *
 *  1. Region. Each style is one or more polygons of mesh points, some moved by offsets in face
 *     units (face-frame.ts), e.g. the jaw line pushed below the chin for a full beard's volume;
 *     the lips are cut out, and nothing is drawn above the nose tip's line (sideburns end there).
 *     Whatever lies over the upper lip or on the cheeks is built in the mouth's own frame
 *     (mouthAxes: the line through the mouth corners and its normal), not from the mesh's
 *     nose-wing and cheek points, which drift off the face on rolled and turned heads: the
 *     moustache band (also the goatee's), the handlebar and its curls, and the full beard's and
 *     stubble's top edge (cheek lines from the sideburns to beside the mouth corners, the
 *     moustache's top between them). The polygon mask is feathered by two box blurs.
 *  2. Hair. Deterministic strokes (seeded random numbers, so a photo always gets the same
 *     beard), in the manner of stroke-based hair rendering (Hertzmann, "Painterly Rendering with
 *     Curved Brush Strokes of Multiple Sizes", SIGGRAPH 1998; hair as oriented strokes along a
 *     flow field): start points drawn where the mask is (sparser towards its edge), each stroke a
 *     slightly bent, tapering anti-aliased line along the beard's flow at that point: down and
 *     spreading outwards from the face's midline on the chin and cheeks, outwards from the
 *     philtrum on the upper lip (curling up at a handlebar's ends). Stroke count follows
 *     `density` and the area; each stroke has its own tone, which gives the texture.
 *  3. Shading. In linear RGB the hair colour is scaled by the ratio of the skin's own luminance
 *     to the region's mean, so the beard keeps the face's lighting (darker on the shadowed side,
 *     lit where the skin is lit). A thin layer of that shaded colour under the strokes (the skin
 *     seen through dense hair, or a stubble's shadow), then the strokes over it, both scaled by
 *     `strength`.
 *
 * Pixels outside the beard's feathered region keep their exact values.
 */
import type { DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import { parseBeardParams, type BeardParams, type BeardResult, type BeardStyle } from './beard-params.ts';
import { seededRandom } from '../random.ts';
import { faceFrame, type FaceFrame, type MeshVertex, type Pt } from './face-frame.ts';
import type { MeshFaceModels } from './mesh-faces.ts';
import { boxMean, clamp, encode, fillPolygon, regionOf, TO_LINEAR } from './retouch.ts';
import type { ImageMesh } from './retouch-faces.ts';
import { editFaces, meshModels } from './retouch-tasks.ts';

/** The upper lip's line, the subject's right corner (61) to the left one (291). */
const UPPER_LIP = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291] as const;
/** The lips' outer line, cut out of every region. */
const LIPS = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185];
/** The jaw line, the subject's right cheek edge (234) to the left one (454). */
const JAW = [
  234, 93, 132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 323, 454,
];
/** How far below the jaw line a full beard reaches at each JAW point (face units): most at the chin. */
const JAW_VOLUME = [
  0, 0.005, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.055, 0.06, 0.065, 0.06, 0.055, 0.05, 0.04, 0.03, 0.02,
  0.015, 0.01, 0.005, 0,
];
/** Down both sides of the mouth to the chin, for a goatee: the right side then the left, top to bottom. */
const GOATEE_RIGHT = [57, 43, 106, 182, 194, 32, 171] as const;
const GOATEE_LEFT = [287, 273, 335, 406, 418, 262, 396] as const;

const down = (indices: readonly number[], dy: number): MeshVertex[] =>
  indices.map((i) => [i, 0, dy] as const);

/**
 * The mouth's own frame: the line through the mouth corners 61 (a) and 291 (b), its direction ex
 * and its normal `up` towards the nose, the corners' distance, and the height of the subnasale
 * (mesh 2) above the upper lip's midpoint (mesh 0) along `up` (both on the midline, where the
 * mesh holds best). Shapes built in it stay on the mouth when the head is rolled or turned, where
 * the mesh's nose-wing and cheek points drift off the real nose and cheek (s4_second of the
 * face-api photos: a moustache or a beard's top edge built from them ran up the cheek).
 */
interface MouthAxes {
  a: Pt;
  b: Pt;
  ex: Pt;
  up: Pt;
  len: number;
  height: number;
}
function mouthAxes(frame: FaceFrame): MouthAxes {
  const a = frame.at(61);
  const b = frame.at(291);
  const len = Math.max(1e-6, Math.hypot(b[0] - a[0], b[1] - a[1]));
  const ex: Pt = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
  // The normal towards the nose (image y grows downwards, so "up" is -ey turned).
  const up: Pt = [ex[1], -ex[0]];
  const lip = frame.at(0);
  const sub = frame.at(2);
  const height = Math.max(0, (sub[0] - lip[0]) * up[0] + (sub[1] - lip[1]) * up[1]);
  return { a, b, ex, up, len, height };
}
/** Coordinates along the mouth (0 at corner 61, 1 at 291) and up from its line (pixels) of p. */
const inMouth = (m: MouthAxes, p: Pt): Pt => [
  ((p[0] - m.a[0]) * m.ex[0] + (p[1] - m.a[1]) * m.ex[1]) / m.len,
  (p[0] - m.a[0]) * m.up[0] + (p[1] - m.a[1]) * m.up[1],
];
/** The image point at mouth coordinates (s, h). */
const fromMouth = (m: MouthAxes, s: number, h: number): Pt => [
  m.a[0] + s * m.len * m.ex[0] + h * m.up[0],
  m.a[1] + s * m.len * m.ex[1] + h * m.up[1],
];

/**
 * The upper lip's line raised along the mouth's normal by `fill` of the lip-to-subnasale height in
 * the middle, tapering to `end` of it at the corners (the way a moustache narrows towards its
 * ends), from corner 61 to corner 291.
 */
function moustacheTop(frame: FaceFrame, m: MouthAxes, fill: number, end: number): Pt[] {
  return UPPER_LIP.map((i) => {
    const p = frame.at(i);
    // Position along the mouth, -1 at the right corner to 1 at the left one.
    const s = clamp(2 * inMouth(m, p)[0] - 1, -1, 1);
    const h = m.height * fill * (end + (1 - end) * Math.sqrt(1 - s * s));
    return [p[0] + h * m.up[0], p[1] + h * m.up[1]] as Pt;
  });
}

/**
 * The moustache's band, in the mouth's own frame: its lower edge is the upper lip's line hanging
 * `MOUSTACHE_HANG` face units over the lip, its upper edge moustacheTop (MOUSTACHE_FILL, tapering
 * to MOUSTACHE_END at the corners); the ends stop at the corners.
 */
export function moustacheBand(frame: FaceFrame): Pt[] {
  const upper = moustacheTop(frame, mouthAxes(frame), MOUSTACHE_FILL, MOUSTACHE_END);
  const lower = UPPER_LIP.map((i) => frame.at([i, 0, MOUSTACHE_HANG]));
  return [...upper, ...lower.reverse()];
}
/** Share of the lip-to-subnasale height the moustache fills in the middle, and at its ends. */
const MOUSTACHE_FILL = 0.9;
const MOUSTACHE_END = 0.3;
/** How far the moustache hangs over the upper lip (face units). */
const MOUSTACHE_HANG = 0.012;

/**
 * A handlebar (curl) or a Van Dyke's thinner moustache (no curl), in the mouth's own frame: the
 * upper lip's band of moustacheBand (the Van Dyke's lower: `fill` of the lip-to-subnasale height)
 * whose ends run out past the corners and, for a handlebar, curl up. The ends are given as
 * (outwards, down) offsets from the corner in face units along the mouth's axes, so on a rolled
 * head they turn with the mouth rather than with mesh points beside it.
 */
function handlebar(curl: boolean): (frame: FaceFrame) => Pt[] {
  const outer = curl
    ? [
        [0.14, -0.08],
        [0.125, -0.03],
        [0.07, 0.01],
      ]
    : [
        [0.05, 0.012],
        [0.03, 0.014],
      ];
  const inner = curl
    ? [
        [0.03, -0.035],
        [0.09, -0.05],
        [0.115, -0.075],
      ]
    : [[0.025, -0.02]];
  const fill = curl ? MOUSTACHE_FILL : 0.7;
  return (frame) => {
    const m = mouthAxes(frame);
    const fw = frame.width;
    // Outwards is -ex at corner 61 and +ex at 291; down is -up.
    const tip = (corner: 61 | 291, points: number[][]): Pt[] => {
      const c = frame.at(corner);
      const out = corner === 61 ? -1 : 1;
      return points.map(([dx, dy]) => [
        c[0] + fw * (out * dx! * m.ex[0] - dy! * m.up[0]),
        c[1] + fw * (out * dx! * m.ex[1] - dy! * m.up[1]),
      ]);
    };
    const upper = moustacheTop(frame, m, fill, 0.45);
    return [
      ...tip(61, outer),
      ...UPPER_LIP.map((i) => frame.at([i, 0, MOUSTACHE_HANG])),
      ...tip(291, outer.slice().reverse()),
      ...tip(291, inner.slice().reverse()),
      ...upper.slice(1, -1).reverse(),
      ...tip(61, inner),
    ];
  };
}

/**
 * A full beard's or stubble's region, its every edge on the face's own lines: below, the jaw line
 * (mesh 234 to 454 along the chin), pushed below the chin by JAW_VOLUME for a full beard's volume;
 * above, the moustache's top (moustacheTop) from corner to corner, and on each side the cheek
 * line, drawn in the mouth's frame from beside the mouth corner (CHEEK_OUT of the mouth's length
 * outwards, at the moustache end's height) to the jaw line's end: first outwards at about that
 * height, then up to the sideburn (a quadratic Bezier whose control point lies below the sideburn
 * at CHEEK_RISE of the way up), the low cheek line of a trimmed beard. Nothing of it comes from
 * the mesh's cheek or nose-wing points, which drift off the face on a rolled and turned head.
 */
function fullBeard(volume: boolean): (frame: FaceFrame) => Pt[] {
  return (frame) => {
    const m = mouthAxes(frame);
    const jaw = JAW.map((i, k) => frame.at(volume ? [i, 0, JAW_VOLUME[k]!] : i));
    const top = moustacheTop(frame, m, MOUSTACHE_FILL, MOUSTACHE_END);
    const cheek = (corner: 0 | 1, sideburn: Pt): Pt[] => {
      const k = inMouth(m, top[corner === 0 ? 0 : top.length - 1]!);
      const start: Pt = [corner === 0 ? -CHEEK_OUT : 1 + CHEEK_OUT, k[1]];
      const end = inMouth(m, sideburn);
      const control: Pt = [end[0], start[1] + CHEEK_RISE * (end[1] - start[1])];
      const points: Pt[] = [];
      for (let j = 0; j <= CHEEK_STEPS; j++) {
        const t = j / CHEEK_STEPS;
        const s = (1 - t) * (1 - t) * start[0] + 2 * t * (1 - t) * control[0] + t * t * end[0];
        const h = (1 - t) * (1 - t) * start[1] + 2 * t * (1 - t) * control[1] + t * t * end[1];
        points.push(fromMouth(m, s, h));
      }
      return points;
    };
    // The jaw from the subject's right (234) to the left (454); the left cheek line from the
    // sideburn down to the mouth; the moustache's top from the left corner to the right one; the
    // right cheek line from the mouth up to the right sideburn.
    return [
      ...jaw,
      ...cheek(1, jaw[jaw.length - 1]!).reverse(),
      ...top.slice().reverse(),
      ...cheek(0, jaw[0]!),
    ];
  };
}
/** The cheek line starts this share of the mouth's length outside each corner. */
const CHEEK_OUT = 0.12;
/** Height of the cheek line's control point: this share of the way from the mouth to the sideburn. */
const CHEEK_RISE = 0.3;
const CHEEK_STEPS = 8;

interface StyleShape {
  /** Polygons of the region: mesh vertices, or image points built from the face's frame. */
  regions: Array<MeshVertex[] | ((frame: FaceFrame) => Pt[])>;
  /** Stroke length and width, face units. */
  length: number;
  width: number;
  /** Strokes per area covered (how many times over the area is drawn at density 100). */
  cover: number;
  /** Opacity of the shaded colour under the strokes at strength 100. */
  under: number;
  /** The ends of the moustache curl upwards (handlebar). */
  curl?: boolean;
}

/** The styles: regions on the mesh and how their hair is drawn. */
export const BEARD_SHAPES: Record<BeardStyle, StyleShape> = {
  full: { regions: [fullBeard(true)], length: 0.045, width: 0.0045, cover: 3, under: 0.9 },
  goatee: {
    regions: [
      moustacheBand,
      [...GOATEE_LEFT, [377, 0, 0.03], [152, 0, 0.045], [148, 0, 0.03], ...GOATEE_RIGHT.slice().reverse()],
    ],
    length: 0.035,
    width: 0.0045,
    cover: 3,
    under: 0.85,
  },
  moustache: { regions: [moustacheBand], length: 0.028, width: 0.004, cover: 3.5, under: 0.85 },
  stubble: { regions: [fullBeard(false)], length: 0.009, width: 0.004, cover: 1.2, under: 0.4 },
  chin_strap: {
    regions: [
      [
        ...JAW.map((i) => [i, 0, 0.006] as const),
        ...JAW.slice()
          .reverse()
          .map((i) => ({ from: i, to: 1, t: 0.13 })),
      ],
    ],
    length: 0.03,
    width: 0.0045,
    cover: 3,
    under: 0.85,
  },
  handlebar: { regions: [handlebar(true)], length: 0.026, width: 0.0045, cover: 4, under: 0.85, curl: true },
  van_dyke: {
    regions: [
      handlebar(false),
      [
        ...down([84, 17, 314], 0.02),
        406,
        418,
        262,
        396,
        [377, 0, 0.04],
        [152, 0, 0.06],
        [148, 0, 0.04],
        171,
        32,
        194,
        182,
      ],
    ],
    length: 0.035,
    width: 0.0045,
    cover: 3.5,
    under: 0.85,
  },
};

const BEARD_SHAPES_ORDER = Object.keys(BEARD_SHAPES);

/** Constants of the method (lengths in face units). */
export const BEARD_RULES = {
  /** Feathering of the region's edge: two box blurs of this radius. */
  feather: 0.012,
  /** Strokes may run this far past the region's edge before fading (two box blurs). */
  spill: 0.02,
  /** Each stroke's direction turns by up to this angle (radians) either way. */
  jitter: 0.3,
  /** Stroke lengths vary by this share either way; its bend is up to this share of its length. */
  lengthSpread: 0.35,
  bend: 0.25,
  /** Stroke tones vary by this share either way around the shaded colour. */
  toneSpread: 0.5,
  /** Below the nose tip's line the beard fades in over this distance. */
  noseFade: 0.02,
  /** The lips' cut-out is the lip line grown by this factor about its centre. */
  lipsGrow: 1.06,
  /** Most strokes on one face. */
  maxStrokes: 60000,
  /** The skin's luminance ratio is kept within these bounds (deep shadows, specular spots). */
  shadeMin: 0.35,
  shadeMax: 1.6,
} as const;

const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * The direction of the hair at face coordinates (u, v) (face units from the mouth's centre, v
 * towards the chin): outwards from the philtrum above the mouth, curling up at the ends of a
 * handlebar; down and spreading outwards elsewhere.
 */
function flow(u: number, v: number, curl: boolean): Pt {
  const side = u < 0 ? -1 : 1;
  // Weight of the moustache's flow: above the mouth's centre and within the mouth's width.
  const above = clamp((0.03 - v) / 0.05, 0, 1);
  const within = clamp((0.3 - Math.abs(u)) / 0.08, 0, 1);
  const m = above * within;
  const tipUp = curl ? clamp((Math.abs(u) - 0.17) / 0.05, 0, 1) : 0;
  const mu = side * (1 - 0.6 * tipUp);
  const mv = 0.35 - 1.3 * tipUp;
  const bu = 0.8 * u;
  const bv = 1;
  const du = m * mu + (1 - m) * bu;
  const dv = m * mv + (1 - m) * bv;
  const l = Math.hypot(du, dv) || 1;
  return [du / l, dv / l];
}

/** Deposits an anti-aliased disc of radius r (coverage a, tone t) into the coverage and tone maps. */
function dab(
  cov: Float32Array,
  tone: Float32Array,
  w: number,
  h: number,
  x: number,
  y: number,
  r: number,
  a: number,
  t: number,
) {
  const x0 = Math.max(0, Math.floor(x - r - 0.5));
  const x1 = Math.min(w - 1, Math.ceil(x + r - 0.5));
  const y0 = Math.max(0, Math.floor(y - r - 0.5));
  const y1 = Math.min(h - 1, Math.ceil(y + r - 0.5));
  for (let yy = y0; yy <= y1; yy++) {
    for (let xx = x0; xx <= x1; xx++) {
      const dx = xx + 0.5 - x;
      const dy = yy + 0.5 - y;
      const d = Math.sqrt(dx * dx + dy * dy);
      const c = a * clamp(r + 0.5 - d, 0, 1);
      const i = yy * w + xx;
      if (c > cov[i]!) {
        cov[i] = c;
        tone[i] = t;
      }
    }
  }
}

/** The feathered region mask of a style on a w x h grid whose origin is (left, top). */
function regionMask(shape: StyleShape, frame: FaceFrame, w: number, h: number, left: number, top: number) {
  const local = (p: Pt): Pt => [p[0] - left, p[1] - top];
  const mask = new Float32Array(w * h);
  for (const region of shape.regions)
    fillPolygon(
      mask,
      w,
      h,
      (typeof region === 'function' ? region(frame) : region.map((v) => frame.at(v))).map(local),
      1,
    );
  const lips = LIPS.map((i) => frame.at(i));
  const cx = lips.reduce((s, p) => s + p[0], 0) / lips.length;
  const cy = lips.reduce((s, p) => s + p[1], 0) / lips.length;
  const g = BEARD_RULES.lipsGrow;
  fillPolygon(
    mask,
    w,
    h,
    lips.map((p) => local([cx + g * (p[0] - cx), cy + g * (p[1] - cy)])),
    0,
  );
  return mask;
}

/**
 * Draws the style's beard on the face whose mesh (image pixels) is given, in place in `image`.
 * `seed` picks the hairs (the same seed draws the same beard).
 */
export function drawBeard(image: RgbPixels, mesh: ImageMesh, p: BeardParams, seed: number): void {
  if (p.strength <= 0) return;
  const { width: W, height: H, data } = image;
  const shape = BEARD_SHAPES[p.style];
  const frame = faceFrame(mesh);
  const fw = frame.width;
  const roi = regionOf(mesh, W, H);
  const { left, top, width: w, height: h } = roi;
  const hard = regionMask(shape, frame, w, h, left, top);
  const tmp = new Float32Array(w * h);
  const once = new Float32Array(w * h);
  const soft = new Float32Array(w * h);
  const feather = Math.max(1, Math.round(BEARD_RULES.feather * fw));
  boxMean(hard, w, h, feather, tmp, once);
  boxMean(once, w, h, feather, tmp, soft);
  // Full up to the polygon's edge (twice the blurred polygon, at most 1), fading beyond it, so
  // thin regions such as a moustache keep their full strength.
  for (let i = 0; i < w * h; i++) soft[i] = Math.min(1, 2 * soft[i]!);
  const spillR = Math.max(1, Math.round(BEARD_RULES.spill * fw));
  const reach = new Float32Array(w * h);
  boxMean(hard, w, h, spillR, tmp, once);
  boxMean(once, w, h, spillR, tmp, reach);

  // Hair strokes into a coverage map, each with its tone.
  const cov = new Float32Array(w * h);
  const tone = new Float32Array(w * h).fill(1);
  let area = 0;
  for (let i = 0; i < w * h; i++) area += soft[i]!;
  const lengthPx = Math.max(2, shape.length * fw);
  const widthPx = Math.max(1, shape.width * fw);
  const strokes = Math.min(
    BEARD_RULES.maxStrokes,
    Math.round(((p.density / 100) * shape.cover * area) / (lengthPx * widthPx)),
  );
  const random = seededRandom(0x9e3779b9 ^ (seed * 7919 + BEARD_SHAPES_ORDER.indexOf(p.style)));
  const mouth = frame.at({ from: 13, to: 14, t: 0.5 });
  const [ax, ay] = [frame.ax, frame.ay];
  let drawn = 0;
  for (let tries = 0; drawn < strokes && tries < strokes * 20; tries++) {
    const x = random() * w;
    const y = random() * h;
    const m = soft[Math.min(h - 1, Math.floor(y)) * w + Math.min(w - 1, Math.floor(x))]!;
    if (m <= 0 || random() > m * m) continue;
    drawn++;
    const [u, v] = frame.local([x + left, y + top], mouth);
    const [fu, fv] = flow(u, v, shape.curl === true);
    const turn = (random() * 2 - 1) * BEARD_RULES.jitter;
    const cu = Math.cos(turn) * fu - Math.sin(turn) * fv;
    const cv = Math.sin(turn) * fu + Math.cos(turn) * fv;
    // Face-frame direction to image direction.
    const dx = cu * ax[0] + cv * ay[0];
    const dy = cu * ax[1] + cv * ay[1];
    const len = lengthPx * (1 + (random() * 2 - 1) * BEARD_RULES.lengthSpread);
    const bend = (random() * 2 - 1) * BEARD_RULES.bend * len;
    const t0 = 1 + (random() * 2 - 1) * BEARD_RULES.toneSpread;
    const a = 0.85 + 0.15 * random();
    const steps = Math.max(2, Math.ceil(len / 0.5));
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      const px = x + dx * len * t - dy * bend * t * t;
      const py = y + dy * len * t + dx * bend * t * t;
      dab(cov, tone, w, h, px, py, (widthPx / 2) * (1 - 0.55 * t), a, t0);
    }
  }

  // Shading: the hair colour scaled by the skin's luminance relative to the region's mean.
  const hex = Number.parseInt(p.hex.slice(1), 16);
  const hair = [TO_LINEAR[(hex >> 16) & 255]!, TO_LINEAR[(hex >> 8) & 255]!, TO_LINEAR[hex & 255]!];
  let sumY = 0;
  let weight = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const m = hard[y * w + x]!;
      if (m === 0) continue;
      const o = ((top + y) * W + left + x) * 3;
      sumY += luminance(TO_LINEAR[data[o]!]!, TO_LINEAR[data[o + 1]!]!, TO_LINEAR[data[o + 2]!]!);
      weight++;
    }
  }
  const meanY = weight > 0 ? Math.max(1e-4, sumY / weight) : 1;
  const alpha = p.strength / 100;
  // Nothing above the nose tip: the face frame's x axis through mesh point 1, faded in below it.
  const noseTip = frame.at(1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const belowNose = clamp(
        frame.local([x + left + 0.5, y + top + 0.5], noseTip)[1] / BEARD_RULES.noseFade,
        0,
        1,
      );
      const under = belowNose * alpha * shape.under * soft[i]!;
      const over = belowNose * alpha * cov[i]! * Math.min(1, 2 * reach[i]!);
      if (under < 1e-3 && over < 1e-3) continue;
      const o = ((top + y) * W + left + x) * 3;
      let r = TO_LINEAR[data[o]!]!;
      let g = TO_LINEAR[data[o + 1]!]!;
      let b = TO_LINEAR[data[o + 2]!]!;
      const shade = clamp(luminance(r, g, b) / meanY, BEARD_RULES.shadeMin, BEARD_RULES.shadeMax);
      r += under * (hair[0]! * shade - r);
      g += under * (hair[1]! * shade - g);
      b += under * (hair[2]! * shade - b);
      const k = shade * tone[i]!;
      r += over * (hair[0]! * k - r);
      g += over * (hair[1]! * k - g);
      b += over * (hair[2]! * k - b);
      data[o] = Math.round(encode(r));
      data[o + 1] = Math.round(encode(g));
      data[o + 2] = Math.round(encode(b));
    }
  }
}

export const beard: Algorithm<BeardParams, BeardResult, MeshFaceModels> = {
  task: 'beard',
  ...meshModels,
  parseParams: parseBeardParams,
  run: (image: DecodedImage, p, models) => {
    let face = 0;
    return editFaces(
      image,
      p.maxFaceNum,
      models,
      async (pixels, mesh) => drawBeard(pixels, mesh, p, face++),
      { beard: { style: p.style, color: p.color, strength: p.strength, density: p.density } },
    );
  },
};

/**
 * The named colour looks of v1/filter. Each look is a chain of documented colour operations on
 * sRGB values 0..1 (tone curves, white balance gains in linear light, saturation and vibrance,
 * channel mixing, split toning, fade, monochrome conversion), sampled once per worker into a
 * 33^3 lookup table (lut3d.ts) the first time it is asked for. Film looks are approximations made
 * of the same operations (a print-like S curve, lifted blacks, toned shadows and highlights), not
 * measurements of any film stock.
 *
 * Each look also states how it moves a photo's colour statistics (`moves`, CIELAB; colour.ts
 * labStats): the engine tests check every look against those on real photos.
 */
import { encodeLinear, srgbToLinear } from './colour.ts';
import { buildLut, type Lut3d } from './lut3d.ts';

type Rgb = [number, number, number];
/** One colour operation: changes the colour in place (sRGB 0..1, may leave the range; clamped at the end). */
type Op = (c: Rgb) => void;

/** Monotone cubic interpolation through control points (Fritsch & Carlson 1980): a tone curve without overshoot. */
export function toneCurve(points: ReadonlyArray<readonly [number, number]>): (x: number) => number {
  const n = points.length;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const d: number[] = [];
  for (let i = 0; i < n - 1; i++) d.push((ys[i + 1]! - ys[i]!) / (xs[i + 1]! - xs[i]!));
  const m: number[] = [d[0]!];
  for (let i = 1; i < n - 1; i++) m.push(d[i - 1]! * d[i]! <= 0 ? 0 : (d[i - 1]! + d[i]!) / 2);
  m.push(d[n - 2]!);
  // Fritsch-Carlson: limit the tangents so that each segment stays monotone.
  for (let i = 0; i < n - 1; i++) {
    if (d[i] === 0) {
      m[i] = 0;
      m[i + 1] = 0;
      continue;
    }
    const a = m[i]! / d[i]!;
    const b = m[i + 1]! / d[i]!;
    const s = a * a + b * b;
    if (s > 9) {
      const t = 3 / Math.sqrt(s);
      m[i] = t * a * d[i]!;
      m[i + 1] = t * b * d[i]!;
    }
  }
  return (x: number) => {
    if (x <= xs[0]!) return ys[0]! + m[0]! * (x - xs[0]!);
    if (x >= xs[n - 1]!) return ys[n - 1]! + m[n - 1]! * (x - xs[n - 1]!);
    let i = 0;
    while (x > xs[i + 1]!) i++;
    const h = xs[i + 1]! - xs[i]!;
    const t = (x - xs[i]!) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * ys[i]! +
      (t3 - 2 * t2 + t) * h * m[i]! +
      (-2 * t3 + 3 * t2) * ys[i + 1]! +
      (t3 - t2) * h * m[i + 1]!
    );
  };
}

/** Luma of sRGB values (Rec. 601 weights, as image editors' saturation uses). */
const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** The same tone curve on each channel. */
const curve = (points: ReadonlyArray<readonly [number, number]>): Op => {
  const f = toneCurve(points);
  return (c) => {
    c[0] = f(c[0]);
    c[1] = f(c[1]);
    c[2] = f(c[2]);
  };
};

/** A tone curve per channel (red, green, blue). */
const channelCurves = (...curves: Array<ReadonlyArray<readonly [number, number]>>): Op => {
  const fs = curves.map(toneCurve);
  return (c) => {
    for (let i = 0; i < 3; i++) c[i] = fs[i]!(c[i]!);
  };
};

/** S curve of strength k (0..1): darker shadows, brighter highlights, mid grey fixed. */
const contrast = (k: number): Op =>
  curve([
    [0, 0],
    [0.25, 0.25 - 0.08 * k],
    [0.5, 0.5],
    [0.75, 0.75 + 0.08 * k],
    [1, 1],
  ]);

/** White balance: each channel multiplied in linear light (a warm look raises red, lowers blue). */
const gains =
  (r: number, g: number, b: number): Op =>
  (c) => {
    c[0] = encodeLinear(srgbToLinear(Math.max(0, c[0])) * r) / 255;
    c[1] = encodeLinear(srgbToLinear(Math.max(0, c[1])) * g) / 255;
    c[2] = encodeLinear(srgbToLinear(Math.max(0, c[2])) * b) / 255;
  };

/** Saturation: each channel moved away from (s > 1) or towards (s < 1) the colour's luma. */
const saturation =
  (s: number): Op =>
  (c) => {
    const y = luma(c);
    for (let i = 0; i < 3; i++) c[i] = y + s * (c[i]! - y);
  };

/** Vibrance: saturation raised more for dull colours than for already saturated ones. */
const vibrance =
  (v: number): Op =>
  (c) => {
    const sat = Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2]);
    const s = 1 + v * (1 - Math.min(1, sat));
    const y = luma(c);
    for (let i = 0; i < 3; i++) c[i] = y + s * (c[i]! - y);
  };

/** Fade: blacks lifted to `black`, whites lowered to `white` (a matte print). */
const fade =
  (black: number, white = 1): Op =>
  (c) => {
    for (let i = 0; i < 3; i++) c[i] = black + c[i]! * (white - black);
  };

/** Monochrome: the weighted sum of the channels on all three (weights sum to 1). */
const mono =
  (wr = 0.299, wg = 0.587, wb = 0.114): Op =>
  (c) => {
    const y = wr * c[0] + wg * c[1] + wb * c[2];
    c[0] = y;
    c[1] = y;
    c[2] = y;
  };

/** Channel mixing: out = M x in, rows for red, green, blue. */
const mix =
  (m: readonly [Rgb, Rgb, Rgb]): Op =>
  (c) => {
    const [r, g, b] = c;
    for (let i = 0; i < 3; i++) c[i] = m[i]![0] * r + m[i]![1] * g + m[i]![2] * b;
  };

/**
 * Split toning: shadows pushed towards `shadow` and highlights towards `highlight` (colours given
 * as offsets from grey, sRGB units), weighted by (1 - luma)^2 and luma^2.
 */
const splitTone =
  (shadow: Rgb, highlight: Rgb): Op =>
  (c) => {
    const y = Math.min(1, Math.max(0, luma(c)));
    const ws = (1 - y) * (1 - y);
    const wh = y * y;
    for (let i = 0; i < 3; i++) c[i] = c[i]! + ws * shadow[i]! + wh * highlight[i]!;
  };

/** Statistics a look moves (colour.ts LabStats; `bSpread` is b* of the bright third minus the dark third). */
export type LookStat = 'L' | 'a' | 'b' | 'chroma' | 'contrast' | 'black' | 'warmth' | 'bSpread';

/** How a look moves a statistic: `up`/`down` against the input, or to at most / at least a value. */
export type LookMove = { stat: LookStat } & (
  { dir: 'up' | 'down' } | { atMost: number } | { atLeast: number }
);

export interface Look {
  /** The public id (`filterType`); its display names are the contract's (packages/catalog). */
  id: string;
  ops: readonly Op[];
  moves: readonly LookMove[];
}

const up = (stat: LookStat): LookMove => ({ stat, dir: 'up' });
const down = (stat: LookStat): LookMove => ({ stat, dir: 'down' });

/** The looks, in the order the demo offers them. */
export const LOOKS: readonly Look[] = [
  {
    id: 'warm',
    ops: [gains(1.12, 1.01, 0.84)],
    moves: [up('warmth'), up('b')],
  },
  {
    id: 'cool',
    ops: [gains(0.88, 0.99, 1.16)],
    moves: [down('warmth'), down('b')],
  },
  { id: 'mono', ops: [mono()], moves: [{ stat: 'chroma', atMost: 1 }] },
  {
    id: 'noir',
    ops: [
      mono(0.35, 0.55, 0.1),
      contrast(1),
      curve([
        [0, 0],
        [0.12, 0.04],
        [0.5, 0.48],
        [1, 1],
      ]),
    ],
    moves: [{ stat: 'chroma', atMost: 1 }, up('contrast')],
  },
  {
    id: 'sepia',
    ops: [
      mono(),
      fade(0.04, 0.97),
      mix([
        [1.07, 0, 0],
        [0, 0.95, 0],
        [0, 0, 0.78],
      ]),
    ],
    moves: [
      { stat: 'warmth', atLeast: 10 },
      { stat: 'b', atLeast: 5 },
    ],
  },
  {
    id: 'vintage',
    ops: [saturation(0.72), gains(1.06, 1.0, 0.88), fade(0.08, 0.95), contrast(0.3)],
    moves: [up('black'), down('chroma')],
  },
  {
    id: 'faded',
    ops: [fade(0.14, 0.96), saturation(0.85)],
    moves: [up('black'), down('contrast')],
  },
  {
    id: 'vivid',
    ops: [vibrance(0.35), saturation(1.25), contrast(0.7)],
    moves: [up('chroma'), up('contrast')],
  },
  {
    id: 'soft',
    ops: [
      curve([
        [0, 0.05],
        [0.5, 0.56],
        [1, 0.97],
      ]),
      saturation(0.9),
    ],
    moves: [down('contrast'), up('L')],
  },
  {
    id: 'film_warm',
    ops: [
      contrast(0.6),
      fade(0.06, 0.97),
      saturation(0.92),
      splitTone([0.04, 0.01, -0.04], [0.05, 0.02, -0.07]),
    ],
    moves: [up('warmth'), up('black')],
  },
  {
    id: 'film_cool',
    ops: [
      contrast(0.6),
      fade(0.06, 0.97),
      splitTone([-0.03, 0.01, 0.05], [-0.01, 0.0, 0.02]),
      saturation(0.9),
    ],
    moves: [down('warmth'), up('black')],
  },
  {
    id: 'teal_orange',
    ops: [splitTone([-0.06, 0.02, 0.07], [0.07, 0.02, -0.07]), saturation(1.1)],
    moves: [up('bSpread')],
  },
  {
    id: 'cinematic',
    ops: [
      contrast(0.5),
      splitTone([-0.05, 0.02, 0.06], [0.04, 0.01, -0.03]),
      saturation(0.85),
      fade(0.03, 1),
    ],
    moves: [up('bSpread'), down('chroma')],
  },
  {
    id: 'fresh',
    ops: [
      curve([
        [0, 0],
        [0.5, 0.58],
        [1, 1],
      ]),
      gains(0.9, 1.02, 1.12),
      vibrance(0.1),
    ],
    moves: [up('L'), down('warmth')],
  },
  {
    id: 'airy',
    ops: [
      curve([
        [0, 0.08],
        [0.5, 0.6],
        [1, 0.98],
      ]),
      saturation(0.78),
      gains(0.97, 1.01, 1.05),
    ],
    moves: [up('L'), up('black'), down('chroma')],
  },
  {
    id: 'sunset',
    ops: [gains(1.2, 0.96, 0.78), splitTone([0.02, -0.01, 0.02], [0.04, 0.0, -0.04]), saturation(1.1)],
    moves: [up('warmth'), up('a')],
  },
  {
    id: 'matte',
    ops: [fade(0.12, 0.93), saturation(0.9), contrast(0.2)],
    moves: [up('black'), down('contrast')],
  },
  {
    id: 'pastel',
    ops: [saturation(0.6), fade(0.1, 1), splitTone([0.02, 0, 0.02], [0.03, -0.01, 0.01])],
    moves: [down('chroma'), up('L')],
  },
  {
    id: 'cross_process',
    ops: [
      channelCurves(
        [
          [0, 0],
          [0.25, 0.18],
          [0.75, 0.85],
          [1, 1],
        ],
        [
          [0, 0],
          [0.25, 0.21],
          [0.75, 0.82],
          [1, 1],
        ],
        [
          [0, 0.12],
          [0.5, 0.47],
          [1, 0.82],
        ],
      ),
    ],
    moves: [up('bSpread'), up('contrast')],
  },
  {
    id: 'bleach_bypass',
    ops: [saturation(0.45), contrast(0.9)],
    moves: [down('chroma'), up('contrast')],
  },
  {
    id: 'rose',
    ops: [gains(1.08, 0.94, 1.02), splitTone([0.02, -0.01, 0.02], [0.03, -0.01, 0.0])],
    moves: [up('a')],
  },
  {
    id: 'forest',
    ops: [
      mix([
        [0.92, 0.08, 0],
        [0.02, 1.02, -0.04],
        [0, 0.06, 0.94],
      ]),
      gains(0.95, 1.05, 0.97),
    ],
    moves: [down('a')],
  },
  {
    id: 'golden',
    ops: [
      curve([
        [0, 0],
        [0.5, 0.55],
        [1, 1],
      ]),
      gains(1.1, 1.04, 0.8),
    ],
    moves: [up('b'), up('L')],
  },
  {
    id: 'moody',
    ops: [
      curve([
        [0, 0],
        [0.5, 0.42],
        [1, 0.96],
      ]),
      saturation(0.8),
      splitTone([-0.02, 0, 0.03], [0, 0, 0]),
    ],
    moves: [down('L'), down('chroma')],
  },
];

/** The looks' ids, in the demo's order. */
export const LOOK_IDS = LOOKS.map((look) => look.id);

const byId = new Map(LOOKS.map((look) => [look.id, look]));
const tables = new Map<string, Lut3d>();

/** The look's colour transform: its operations in order, the result clamped to 0..1. */
export function lookTransform(look: Look) {
  return (r: number, g: number, b: number): [number, number, number] => {
    const c: Rgb = [r, g, b];
    for (const op of look.ops) op(c);
    return [Math.min(1, Math.max(0, c[0])), Math.min(1, Math.max(0, c[1])), Math.min(1, Math.max(0, c[2]))];
  };
}

/** The lookup table of look `id` (built on first use, kept for the worker's life); undefined for an unknown id. */
export function lookTable(id: string): Lut3d | undefined {
  const cached = tables.get(id);
  if (cached) return cached;
  const look = byId.get(id);
  if (!look) return undefined;
  const lut = buildLut(lookTransform(look));
  tables.set(id, lut);
  return lut;
}

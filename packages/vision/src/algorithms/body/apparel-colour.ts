/**
 * Colours of clothes, in plain TypeScript: sRGB to CIELAB (D65; IEC 61966-2-1 and CIE 15:2004),
 * k-means clustering of Lab colours (Lloyd's algorithm, deterministic farthest-point start), and
 * the name of a Lab colour among the basic colour terms (nearest reference colour, CIE76 distance).
 */

export type Lab = readonly [number, number, number];

const linear = (c: number): number => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => linear(c));
const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

/** An sRGB colour (0..255) in CIELAB, D65 white. */
export function labOf(r: number, g: number, b: number): Lab {
  return labOfLinear(LINEAR[r]!, LINEAR[g]!, LINEAR[b]!);
}

/**
 * The per-channel gains of a photo's white balance by the shades-of-grey rule (Finlayson and
 * Trezzi, "Shades of gray and colour constancy", CIC 2004): the illuminant is estimated as the
 * Minkowski p-norm of each linear channel over the pixels (p = 1 is the grey world, p = infinity
 * max-RGB), and each channel is scaled (von Kries) so that the illuminant becomes neutral at the
 * same luminance. `rgb` is packed RGB; every `step`-th pixel is read.
 */
export function shadesOfGreyGains(rgb: Uint8Array, p: number, step = 4): readonly [number, number, number] {
  const sums = [0, 0, 0];
  let n = 0;
  for (let i = 0; i + 2 < rgb.length; i += 3 * step) {
    for (let c = 0; c < 3; c++) sums[c]! += LINEAR[rgb[i + c]!]! ** p;
    n++;
  }
  const norms = sums.map((s) => (n ? (s / n) ** (1 / p) : 1));
  if (norms.some((v) => v <= 0)) return [1, 1, 1];
  const luminance = 0.2126 * norms[0]! + 0.7152 * norms[1]! + 0.0722 * norms[2]!;
  return [luminance / norms[0]!, luminance / norms[1]!, luminance / norms[2]!];
}

/** An sRGB colour (0..255) in CIELAB after scaling its linear channels by `gains` (clipped at 1). */
export function labOfBalanced(
  r: number,
  g: number,
  b: number,
  gains: readonly [number, number, number],
): Lab {
  return labOfLinear(
    Math.min(1, LINEAR[r]! * gains[0]),
    Math.min(1, LINEAR[g]! * gains[1]),
    Math.min(1, LINEAR[b]! * gains[2]),
  );
}

function labOfLinear(R: number, G: number, B: number): Lab {
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE76 colour difference. */
export const deltaE = (p: Lab, q: Lab): number => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);

export interface Cluster {
  centre: Lab;
  /** Share of the colours in this cluster, 0..1. */
  share: number;
}

/**
 * k-means of `colours` (Lloyd's algorithm, at most 20 rounds). Start: the colour nearest the
 * mean, then each next centre the colour farthest from the centres so far (deterministic). Returns
 * the clusters, largest first; fewer than k when there are fewer distinct colours.
 */
export function kMeans(colours: readonly Lab[], k: number): Cluster[] {
  if (colours.length === 0) return [];
  const mean = [0, 1, 2].map(
    (c) => colours.reduce((s, p) => s + p[c]!, 0) / colours.length,
  ) as unknown as Lab;
  let centres: Lab[] = [colours.reduce((best, p) => (deltaE(p, mean) < deltaE(best, mean) ? p : best))];
  while (centres.length < k) {
    let far = colours[0]!;
    let farD = -1;
    for (const p of colours) {
      const d = Math.min(...centres.map((c) => deltaE(p, c)));
      if (d > farD) [far, farD] = [p, d];
    }
    if (farD <= 0) break;
    centres.push(far);
  }
  const assign = new Int32Array(colours.length);
  for (let round = 0; round < 20; round++) {
    let moved = false;
    colours.forEach((p, i) => {
      let best = 0;
      for (let c = 1; c < centres.length; c++)
        if (deltaE(p, centres[c]!) < deltaE(p, centres[best]!)) best = c;
      if (assign[i] !== best) moved = true;
      assign[i] = best;
    });
    const sums = centres.map(() => [0, 0, 0, 0]);
    colours.forEach((p, i) => {
      const s = sums[assign[i]!]!;
      s[0]! += p[0];
      s[1]! += p[1];
      s[2]! += p[2];
      s[3]! += 1;
    });
    centres = sums.map((s, c) =>
      s[3]! > 0 ? ([s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!] as const) : centres[c]!,
    );
    if (!moved && round > 0) break;
  }
  const counts = centres.map(() => 0);
  for (const a of assign) counts[a]!++;
  return centres
    .map((centre, c) => ({ centre, share: counts[c]! / colours.length }))
    .filter((c) => c.share > 0)
    .sort((a, b) => b.share - a.share);
}

/** The basic colour terms answered (Berlin and Kay's eleven, and beige, common for clothes). */
export const COLOUR_NAMES = [
  'black',
  'white',
  'grey',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'brown',
  'beige',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/**
 * Reference sRGB colours of each name (several for names that span dark and light shades: navy is
 * blue, burgundy is red). A colour takes the name of its nearest reference (CIE76).
 */
const REFERENCES: ReadonlyArray<readonly [ColourName, number, number, number]> = [
  ['black', 0, 0, 0],
  ['black', 30, 30, 30],
  ['white', 255, 255, 255],
  ['white', 225, 225, 225],
  ['grey', 128, 128, 128],
  ['grey', 170, 170, 170],
  ['grey', 85, 85, 85],
  ['red', 200, 25, 35],
  ['red', 120, 20, 35],
  ['orange', 240, 120, 30],
  ['yellow', 240, 220, 50],
  ['green', 40, 140, 60],
  ['green', 30, 80, 40],
  ['green', 110, 120, 60],
  ['blue', 40, 70, 170],
  ['blue', 25, 35, 80],
  ['blue', 120, 160, 210],
  ['purple', 110, 50, 130],
  ['purple', 90, 30, 60],
  ['pink', 240, 150, 180],
  ['brown', 120, 70, 40],
  ['brown', 70, 45, 30],
  ['beige', 220, 200, 160],
];
const REFERENCE_LAB = REFERENCES.map(([name, r, g, b]) => [name, labOf(r, g, b)] as const);

/** The basic colour name of a Lab colour. */
export function colourName(lab: Lab): ColourName {
  let best = REFERENCE_LAB[0]!;
  for (const ref of REFERENCE_LAB) if (deltaE(lab, ref[1]) < deltaE(lab, best[1])) best = ref;
  return best[0];
}

/**
 * Scratch and spot repair for test/AIDenoise (image restoration), in plain TypeScript on typed
 * arrays.
 *
 * Detection: thin bright defects (white scratches, dust) stand out in the white top-hat of the
 * luma, I - opening(I), and thin dark ones in the black top-hat, closing(I) - I (J. Serra, Image
 * Analysis and Mathematical Morphology, 1982; Meyer's top-hat), each with two structuring
 * elements: a segment of 2 x DEFECT_TUNING.radius + 1 px along rows and another along columns;
 * anything narrower than it and brighter (darker) than its surroundings by more than the
 * threshold is a candidate. The threshold grows with the photo's
 * noise (Immerkaer's sigma) so that noise alone does not pass it. Candidates are grouped into
 * 8-connected components and kept only when shaped like a defect: small (a spot) or long and thin
 * (a scratch); other thin bright or dark things of the photo (text, wires, a tripod's legs) can
 * look the same and are then repaired too.
 *
 * Repair: the defect pixels (grown by one pixel) are filled from their edge inwards, each from
 * the mean of its already known neighbours, in the order of A. Telea's fast-marching inpainting
 * ("An image inpainting technique based on the fast marching method", J. Graphics Tools 9(1),
 * 2004) without its gradient weighting, then smoothed by Gauss-Seidel sweeps of the Laplace
 * equation over the filled pixels only (harmonic inpainting), so that a filled line carries no
 * visible seam.
 */

/**
 * Tuned on the tuning photos only (scripts/measure-restore.ts `restore tune`): the structuring
 * segments' radius (px), the threshold (0..255 luma: `minContrast`, or `noiseSigmas` times the
 * noise sigma if larger), and the component shapes kept: spots of at most `spotArea` pixels and
 * `spotContrast` contrast, lines at least `lineLength` px long whose area is at most `lineWidth`
 * times their length.
 */
export const DEFECT_TUNING = {
  radius: 3,
  minContrast: 60,
  noiseSigmas: 4,
  spotArea: 40,
  spotContrast: 70,
  lineLength: 15,
  lineWidth: 5,
};
export type DefectTuning = typeof DEFECT_TUNING;

/** Running min (or max) over a window of radius r along rows (`horizontal`) or columns. */
function rank1d(
  src: Float32Array,
  width: number,
  height: number,
  r: number,
  max: boolean,
  horizontal: boolean,
): Float32Array {
  const out = new Float32Array(src.length);
  const pick = max ? Math.max : Math.min;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let v = src[y * width + x]!;
      if (horizontal) {
        for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++)
          v = pick(v, src[y * width + k]!);
      } else {
        for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++)
          v = pick(v, src[k * width + x]!);
      }
      out[y * width + x] = v;
    }
  }
  return out;
}

/**
 * The larger of the white and black top-hats with a line segment of 2r + 1 px along rows
 * (`horizontal`: picks out things narrower than that across, e.g. upright scratches) or columns.
 */
function tophat1d(
  luma: Float32Array,
  width: number,
  height: number,
  r: number,
  horizontal: boolean,
): Float32Array {
  const f = (src: Float32Array, max: boolean) => rank1d(src, width, height, r, max, horizontal);
  const opened = f(f(luma, false), true);
  const closed = f(f(luma, true), false);
  const out = new Float32Array(luma.length);
  for (let i = 0; i < luma.length; i++) out[i] = Math.max(luma[i]! - opened[i]!, closed[i]! - luma[i]!);
  return out;
}

interface Component {
  members: number[];
  /** Diagonal of the bounding box, px. */
  length: number;
}

/** The 8-connected components of a mask. */
function components(mask: Uint8Array, width: number, height: number): Component[] {
  const seen = new Uint8Array(mask.length);
  const out: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const members: number[] = [];
    stack.push(start);
    seen[start] = 1;
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    while (stack.length) {
      const i = stack.pop()!;
      members.push(i);
      const x = i % width;
      const y = (i - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (mask[j] && !seen[j]) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    out.push({ members, length: Math.hypot(x1 - x0 + 1, y1 - y0 + 1) });
  }
  return out;
}

/**
 * Candidates and their shapes. Top-hats with a horizontal and a vertical segment separate two
 * cases: a pixel high in one only belongs to something thin one way and long the other (a
 * scratch, upright or lying); high in both, to something small both ways (a spot, a diagonal
 * scratch, or the photo's own fine texture). Kept: components of the first kind at least
 * `lineLength` long and thin (area at most `lineWidth` x length); of the second, spots of at most
 * `spotArea` px whose contrast reaches `spotContrast`, and long thin ones as above.
 */
function detect(
  luma: Float32Array,
  width: number,
  height: number,
  threshold: number,
  t: DefectTuning,
): Uint8Array {
  const across = tophat1d(luma, width, height, t.radius, true);
  const down = tophat1d(luma, width, height, t.radius, false);
  const oriented = new Uint8Array(luma.length);
  const small = new Uint8Array(luma.length);
  for (let i = 0; i < luma.length; i++) {
    const a = across[i]! > threshold;
    const d = down[i]! > threshold;
    if (a && d) small[i] = 1;
    else if (a || d) oriented[i] = 1;
  }
  const out = new Uint8Array(luma.length);
  const thinLine = (c: Component) => c.length >= t.lineLength && c.members.length <= t.lineWidth * c.length;
  for (const c of components(oriented, width, height)) {
    if (thinLine(c)) for (const i of c.members) out[i] = 1;
  }
  for (const c of components(small, width, height)) {
    let peak = 0;
    for (const i of c.members) peak = Math.max(peak, Math.min(across[i]!, down[i]!));
    const spot = c.members.length <= t.spotArea && peak >= t.spotContrast;
    if (spot || thinLine(c)) for (const i of c.members) out[i] = 1;
  }
  return out;
}

/** Grows a mask by one pixel (8 neighbours). */
function grow(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height) out[ny * width + nx] = 1;
        }
    }
  }
  return out;
}

/**
 * The defect mask of a luma plane (0..255 scale) with noise sigma `noise`: 1 on the pixels to
 * repair (grown by one pixel around what was found).
 */
export function findDefects(
  luma: Float32Array,
  width: number,
  height: number,
  noise: number,
  tuning: DefectTuning = DEFECT_TUNING,
): Uint8Array {
  const threshold = Math.max(tuning.minContrast, tuning.noiseSigmas * noise);
  const found = detect(luma, width, height, threshold, tuning);
  return grow(found, width, height);
}

/** Fills the masked pixels of packed RGB in place (see the file comment). */
export function inpaint(rgb: Uint8Array, width: number, height: number, mask: Uint8Array): void {
  const n = width * height;
  const known = new Uint8Array(n);
  const values = new Float32Array(n * 3);
  const holes: number[] = [];
  for (let i = 0; i < n; i++) {
    if (mask[i]) holes.push(i);
    else known[i] = 1;
    for (let c = 0; c < 3; c++) values[i * 3 + c] = rgb[i * 3 + c]!;
  }
  if (holes.length === 0 || holes.length === n) return;
  // Onion peel: each pass fills the holes that touch known pixels, from those pixels' mean.
  let left = holes;
  while (left.length) {
    const next: number[] = [];
    const filled: number[] = [];
    for (const i of left) {
      const x = i % width;
      const y = (i - x) / width;
      let count = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          if (!known[j]) continue;
          count++;
          r += values[j * 3]!;
          g += values[j * 3 + 1]!;
          b += values[j * 3 + 2]!;
        }
      if (count === 0) {
        next.push(i);
        continue;
      }
      values[i * 3] = r / count;
      values[i * 3 + 1] = g / count;
      values[i * 3 + 2] = b / count;
      filled.push(i);
    }
    for (const i of filled) known[i] = 1;
    left = next;
  }
  // Harmonic smoothing: each filled pixel becomes the mean of its 4 neighbours, repeatedly.
  for (let sweep = 0; width > 1 && height > 1 && sweep < 30; sweep++) {
    for (const i of holes) {
      const x = i % width;
      const y = (i - x) / width;
      const nb = [
        x > 0 ? i - 1 : i + 1,
        x < width - 1 ? i + 1 : i - 1,
        y > 0 ? i - width : i + width,
        y < height - 1 ? i + width : i - width,
      ];
      for (let c = 0; c < 3; c++) {
        values[i * 3 + c] =
          (values[nb[0]! * 3 + c]! +
            values[nb[1]! * 3 + c]! +
            values[nb[2]! * 3 + c]! +
            values[nb[3]! * 3 + c]!) /
          4;
      }
    }
  }
  for (const i of holes)
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = Math.round(Math.min(255, Math.max(0, values[i * 3 + c]!)));
}

/**
 * Non-photorealistic rendering pieces shared by the style tasks (cartoon, line art, art styles).
 * Each names the published method it implements:
 *
 * - Gaussian blur, separable; for wide kernels three box passes (W. M. Wells, "Efficient synthesis
 *   of Gaussian filters by cascaded uniform filters", IEEE PAMI 8(2), 1986).
 * - XDoG lines: H. Winnemöller, J. E. Kyprianidis, S. C. Olsen, "XDoG: An eXtended
 *   difference-of-Gaussians compendium including advanced image stylization", Computers &
 *   Graphics 36(6), 2012: D = G_sigma(I) - tau G_{k sigma}(I), a line where D falls below eps,
 *   its darkness 1 - T = tanh(phi (eps - D)).
 * - Abstraction by the guided filter on each CIELAB channel (He, Sun, Tang 2013; guided.ts), in
 *   place of the bilateral filter of H. Winnemöller, S. C. Olsen, B. Gooch, "Real-time video
 *   abstraction", SIGGRAPH 2006, and their soft luminance quantisation (eq. 5 there).
 * - Colour quantisation by k-means in CIELAB (Lloyd's iterations, k-means++ seeding of D. Arthur,
 *   S. Vassilvitskii, SODA 2007, from a fixed seed: the same photo gives the same palette).
 * - The Kuwahara filter (M. Kuwahara et al., "Processing of RI-angiocardiographic images", 1976):
 *   each pixel takes the mean of the least varied of its four quadrant windows, from box means.
 * - Line integral convolution (B. Cabral, L. Leedom, SIGGRAPH 1993) of a noise texture along the
 *   edge tangent of the smoothed structure tensor, for brush and pencil strokes.
 * - Value noise and its fractal sum (K. Perlin, SIGGRAPH 1985 / "Texturing and Modeling", 2003):
 *   procedural, hashed from integer lattice points, so every texture is deterministic.
 */
import { seededRandom } from '../random.ts';
import { boxMeanFilter } from '../body/guided-filter.ts';
import { labToSrgb, srgbToLab } from './colour.ts';
import { guidedFilterGrey } from './guided.ts';

/** A three-channel float image in planes (CIELAB here: L 0..100, a, b). */
export interface Planes {
  width: number;
  height: number;
  c: [Float32Array, Float32Array, Float32Array];
}

/** CIELAB planes of packed 8-bit sRGB pixels. */
export function labPlanes(rgb: Uint8Array, width: number, height: number): Planes {
  const n = width * height;
  const c: Planes['c'] = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let i = 0; i < n; i++) {
    const [L, a, b] = srgbToLab(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
    c[0][i] = L;
    c[1][i] = a;
    c[2][i] = b;
  }
  return { width, height, c };
}

/** Packed 8-bit sRGB pixels of CIELAB planes. */
export function rgbOfLab(p: Planes, out = new Uint8Array(p.width * p.height * 3)): Uint8Array {
  const t = new Float32Array(3);
  const [L, A, B] = p.c;
  for (let i = 0; i < L.length; i++) {
    labToSrgb(L[i]!, A[i]!, B[i]!, t);
    out[3 * i] = t[0]! + 0.5;
    out[3 * i + 1] = t[1]! + 0.5;
    out[3 * i + 2] = t[2]! + 0.5;
  }
  return out;
}

/** Gaussian blur of a plane, standard deviation `sigma` pixels, borders clamped. */
export function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  if (sigma <= 0.05) return src.slice();
  if (sigma > 3) {
    // Three box passes of the same width have the Gaussian's variance (Wells 1986).
    const r = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
    const mean = boxMeanFilter(w, h, r);
    return mean(mean(mean(src)));
  }
  const radius = Math.ceil(3 * sigma);
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let k = -radius; k <= radius; k++)
    sum += kernel[k + radius] = Math.exp(-(k * k) / (2 * sigma * sigma));
  for (let k = 0; k < kernel.length; k++) kernel[k]! /= sum;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  // Each row copied into a buffer padded with its edge values, so the taps need no clamping.
  const row = new Float32Array(w + 2 * radius);
  const taps = kernel.length;
  for (let y = 0; y < h; y++) {
    const o = y * w;
    row.fill(src[o]!, 0, radius);
    row.set(src.subarray(o, o + w), radius);
    row.fill(src[o + w - 1]!, radius + w);
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let k = 0; k < taps; k++) acc += kernel[k]! * row[x + k]!;
      tmp[o + x] = acc;
    }
  }
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let k = -radius; k <= radius; k++) {
      const yy = y + k < 0 ? 0 : y + k >= h ? h - 1 : y + k;
      const wk = kernel[k + radius]!;
      const r = yy * w;
      for (let x = 0; x < w; x++) out[o + x]! += wk * tmp[r + x]!;
    }
  }
  return out;
}

/** XDoG constants: sigma in pixels of the plane, tau, eps on 0..100 lightness, k = 1.6. */
export interface XdogSettings {
  sigma: number;
  tau: number;
  eps: number;
}

/**
 * XDoG "ink" of a lightness plane (0..100): max(0, eps - D) with D = G_sigma - tau G_1.6sigma.
 * The line darkness is tanh(phi x ink) (`inkAlpha`); kept continuous so it can be upsampled
 * before the steep tanh, giving crisp lines at full resolution from a reduced working copy.
 */
export function xdogInk(L: Float32Array, w: number, h: number, s: XdogSettings): Float32Array {
  const g1 = gaussianBlur(L, w, h, s.sigma);
  const g2 = gaussianBlur(L, w, h, 1.6 * s.sigma);
  const ink = new Float32Array(w * h);
  for (let i = 0; i < ink.length; i++) {
    const d = g1[i]! - s.tau * g2[i]!;
    ink[i] = d < s.eps ? s.eps - d : 0;
  }
  return ink;
}

/** Line darkness 0..1 of an XDoG ink value: 1 - T of Winnemöller et al. 2012, 1 + tanh(phi (D - eps)). */
export const inkAlpha = (ink: number, phi: number) => Math.tanh(phi * ink);

/** Grey morphological dilation (maximum over a (2r+1)^2 square, separable) of a plane. */
export function dilate(src: Float32Array, w: number, h: number, r: number): Float32Array {
  if (r <= 0) return src;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++) if (src[o + k]! > m) m = src[o + k]!;
      tmp[o + x] = m;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++)
        if (tmp[k * w + x]! > m) m = tmp[k * w + x]!;
      out[y * w + x] = m;
    }
  }
  return out;
}

/**
 * Edge-preserving abstraction: `passes` rounds of the self-guided filter on each CIELAB channel
 * (radius r pixels, eps on squared channel units). Flat areas flatten, strong edges stay.
 */
export function abstractLab(p: Planes, r: number, eps: number, passes: number): Planes {
  const { width: w, height: h } = p;
  // Coefficients on a grid subsampled by 2 when the window is wide enough (fast guided filter).
  const sub = r >= 4 ? 2 : 1;
  const c = p.c.map((ch) => {
    let q = ch;
    for (let k = 0; k < passes; k++) q = guidedFilterGrey(q, q, w, h, r, eps, sub);
    return q;
  }) as Planes['c'];
  return { width: w, height: h, c };
}

/** A small deterministic generator (mulberry32, random.ts) for k-means seeding and textures. */
export const rng = seededRandom;

/**
 * k-means in CIELAB on every `step`-th pixel: k-means++ seeding from a fixed seed, then
 * `iterations` Lloyd rounds. Returns k centres as [L, a, b, L, a, b, ...]. `lightness` weighs L
 * against a and b (above 1 keeps more shading bands, below 1 more hues).
 */
export function kmeansLab(p: Planes, k: number, iterations = 8, step = 7, lightness = 1): Float32Array {
  const [L, A, B] = p.c;
  const m = Math.ceil(L.length / step);
  const xs = new Float32Array(3 * m);
  for (let j = 0, i = 0; i < L.length; i += step, j++) {
    xs[3 * j] = L[i]! * lightness;
    xs[3 * j + 1] = A[i]!;
    xs[3 * j + 2] = B[i]!;
  }
  const random = rng(12345);
  const centres = new Float32Array(3 * k);
  const d2 = new Float32Array(m).fill(Infinity);
  let pick = Math.floor(random() * m);
  for (let c = 0; c < k; c++) {
    centres.set(xs.subarray(3 * pick, 3 * pick + 3), 3 * c);
    let total = 0;
    for (let j = 0; j < m; j++) {
      const dl = xs[3 * j]! - centres[3 * c]!;
      const da = xs[3 * j + 1]! - centres[3 * c + 1]!;
      const db = xs[3 * j + 2]! - centres[3 * c + 2]!;
      const d = dl * dl + da * da + db * db;
      if (d < d2[j]!) d2[j] = d;
      total += d2[j]!;
    }
    // The next seed with probability proportional to the squared distance (k-means++).
    let u = random() * total;
    pick = m - 1;
    for (let j = 0; j < m; j++) {
      u -= d2[j]!;
      if (u <= 0) {
        pick = j;
        break;
      }
    }
  }
  const sums = new Float64Array(4 * k);
  for (let it = 0; it < iterations; it++) {
    sums.fill(0);
    for (let j = 0; j < m; j++) {
      const c = nearest(centres, k, xs[3 * j]!, xs[3 * j + 1]!, xs[3 * j + 2]!);
      sums[4 * c]! += xs[3 * j]!;
      sums[4 * c + 1]! += xs[3 * j + 1]!;
      sums[4 * c + 2]! += xs[3 * j + 2]!;
      sums[4 * c + 3]! += 1;
    }
    for (let c = 0; c < k; c++) {
      const n = sums[4 * c + 3]!;
      if (n === 0) continue;
      centres[3 * c] = sums[4 * c]! / n;
      centres[3 * c + 1] = sums[4 * c + 1]! / n;
      centres[3 * c + 2] = sums[4 * c + 2]! / n;
    }
  }
  for (let c = 0; c < k; c++) centres[3 * c]! /= lightness;
  return centres;
}

function nearest(centres: Float32Array, k: number, l: number, a: number, b: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < k; c++) {
    const dl = l - centres[3 * c]!;
    const da = a - centres[3 * c + 1]!;
    const db = b - centres[3 * c + 2]!;
    const d = dl * dl + da * da + db * db;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/**
 * Each pixel's nearest centre (same `lightness` weighting as kmeansLab), decided on the planes
 * box-blurred over a (2 blur + 1)^2 window (so that noise and JPEG blocks do not make specks and squares of another
 * colour), then cleaned by a majority vote over a (2r+1)^2 window; the planes take the centres'
 * colours, in place. Returns the labels.
 */
export function quantiseLab(p: Planes, centres: Float32Array, lightness = 1, blur = 1, r = 2): Uint8Array {
  const { width: w, height: h } = p;
  const k = centres.length / 3;
  const weighted = centres.slice();
  for (let c = 0; c < k; c++) weighted[3 * c]! *= lightness;
  const mean = boxMeanFilter(w, h, blur);
  const [L, A, B] = p.c.map((ch) => mean(ch)) as Planes['c'];
  let labels: Uint8Array = new Uint8Array(L.length);
  for (let i = 0; i < L.length; i++) labels[i] = nearest(weighted, k, L[i]! * lightness, A[i]!, B[i]!);
  labels = modeFilter(labels, w, h, r, k);
  for (let i = 0; i < L.length; i++) {
    const c = labels[i]!;
    p.c[0][i] = centres[3 * c]!;
    p.c[1][i] = centres[3 * c + 1]!;
    p.c[2][i] = centres[3 * c + 2]!;
  }
  return labels;
}

/** Majority filter of labels 0..k-1 over a (2r+1)^2 window (ties keep the lower label). */
export function modeFilter(labels: Uint8Array, w: number, h: number, r: number, k: number): Uint8Array {
  if (r <= 0) return labels;
  const out = new Uint8Array(labels.length);
  const counts = new Uint16Array(k * w);
  // Column counts over the window's rows, moved down one row at a time; each pixel sums 2r+1 columns.
  for (let y = 0; y <= Math.min(r, h - 1); y++)
    for (let x = 0; x < w; x++) counts[x * k + labels[y * w + x]!]! += 1;
  const votes = new Uint16Array(k);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const own = labels[i]!;
      // Inside a region (its four neighbours agree) the majority is the region's own label.
      if (
        x > 0 &&
        y > 0 &&
        x < w - 1 &&
        y < h - 1 &&
        labels[i - 1] === own &&
        labels[i + 1] === own &&
        labels[i - w] === own &&
        labels[i + w] === own
      ) {
        out[i] = own;
        continue;
      }
      votes.fill(0);
      for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
        const o = xx * k;
        for (let c = 0; c < k; c++) votes[c]! += counts[o + c]!;
      }
      let best = 0;
      for (let c = 1; c < k; c++) if (votes[c]! > votes[best]!) best = c;
      out[y * w + x] = best;
    }
    if (y + r + 1 < h) for (let x = 0; x < w; x++) counts[x * k + labels[(y + r + 1) * w + x]!]! += 1;
    if (y - r >= 0) for (let x = 0; x < w; x++) counts[x * k + labels[(y - r) * w + x]!]! -= 1;
  }
  return out;
}

/**
 * Soft luminance quantisation (Winnemöller, Olsen, Gooch 2006, eq. 5): L moves to the nearest of
 * `levels` bands, with a tanh step of sharpness `phi` between bands, in place.
 */
export function softQuantiseL(L: Float32Array, levels: number, phi: number): void {
  const dq = 100 / (levels - 1);
  for (let i = 0; i < L.length; i++) {
    const q = Math.round(L[i]! / dq) * dq;
    L[i] = q + (dq / 2) * Math.tanh(phi * (L[i]! - q));
  }
}

/**
 * The Kuwahara filter of planes: each pixel takes the means of the quadrant window
 * ((r+1) x (r+1), the pixel a corner) whose lightness varies least. From box means of radius r/2
 * centred on the four quadrants, so O(1) per pixel whatever r.
 */
export function kuwahara(p: Planes, r: number): Planes {
  const { width: w, height: h } = p;
  const half = Math.max(1, Math.round(r / 2));
  const mean = boxMeanFilter(w, h, half);
  const [L, A, B] = p.c;
  const mL = mean(L);
  const mLL = mean(L, L);
  const mA = mean(A);
  const mB = mean(B);
  const out: Planes['c'] = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
  // Variance of lightness in each window centre.
  const variance = new Float32Array(w * h);
  for (let i = 0; i < variance.length; i++) variance[i] = mLL[i]! - mL[i]! * mL[i]!;
  for (let y = 0; y < h; y++) {
    const top = (y - half < 0 ? 0 : y - half) * w;
    const bottom = (y + half >= h ? h - 1 : y + half) * w;
    for (let x = 0; x < w; x++) {
      const left = x - half < 0 ? 0 : x - half;
      const right = x + half >= w ? w - 1 : x + half;
      let best = top + left;
      if (variance[top + right]! < variance[best]!) best = top + right;
      if (variance[bottom + left]! < variance[best]!) best = bottom + left;
      if (variance[bottom + right]! < variance[best]!) best = bottom + right;
      const i = y * w + x;
      out[0][i] = mL[best]!;
      out[1][i] = mA[best]!;
      out[2][i] = mB[best]!;
    }
  }
  return { width: w, height: h, c: out };
}

/** Sobel gradients of a plane. */
export function sobel(src: Float32Array, w: number, h: number): { gx: Float32Array; gy: Float32Array } {
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const ym = (y > 0 ? y - 1 : 0) * w;
    const yp = (y < h - 1 ? y + 1 : h - 1) * w;
    const yo = y * w;
    for (let x = 0; x < w; x++) {
      const xm = x > 0 ? x - 1 : 0;
      const xp = x < w - 1 ? x + 1 : w - 1;
      gx[yo + x] =
        src[ym + xp]! + 2 * src[yo + xp]! + src[yp + xp]! - src[ym + xm]! - 2 * src[yo + xm]! - src[yp + xm]!;
      gy[yo + x] =
        src[yp + xm]! + 2 * src[yp + x]! + src[yp + xp]! - src[ym + xm]! - 2 * src[ym + x]! - src[ym + xp]!;
    }
  }
  return { gx, gy };
}

/**
 * Edge tangent field: the minor eigenvector of the structure tensor of `src` smoothed by a
 * Gaussian of `sigma` (the direction along which the image changes least), as unit (tx, ty).
 * Where the image is flat the tangent falls back to the 45-degree hatching direction.
 */
export function tangentField(src: Float32Array, w: number, h: number, sigma: number) {
  const { gx, gy } = sobel(src, w, h);
  const n = w * h;
  const exx = new Float32Array(n);
  const exy = new Float32Array(n);
  const eyy = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    exx[i] = gx[i]! * gx[i]!;
    exy[i] = gx[i]! * gy[i]!;
    eyy[i] = gy[i]! * gy[i]!;
  }
  // Smoothed by two box passes of radius ~sigma (close to a Gaussian for this purpose, O(1) per pixel).
  const mean = boxMeanFilter(w, h, Math.max(1, Math.round(sigma)));
  const sxx = mean(mean(exx));
  const sxy = mean(mean(exy));
  const syy = mean(mean(eyy));
  const tx = new Float32Array(n);
  const ty = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const a = sxx[i]!;
    const b = sxy[i]!;
    const c = syy[i]!;
    const root = Math.sqrt((a - c) * (a - c) + 4 * b * b);
    const lambda2 = (a + c - root) / 2;
    // Minor eigenvector: (b, lambda2 - a), or (lambda2 - c, b).
    let vx = b;
    let vy = lambda2 - a;
    if (Math.abs(vx) + Math.abs(vy) < 1e-6) {
      vx = lambda2 - c;
      vy = b;
    }
    const len = Math.sqrt(vx * vx + vy * vy);
    if (len < 1e-6 || root < 1e-4) {
      tx[i] = Math.SQRT1_2;
      ty[i] = -Math.SQRT1_2;
    } else {
      tx[i] = vx / len;
      ty[i] = vy / len;
    }
  }
  return { tx, ty };
}

/**
 * Line integral convolution (Cabral & Leedom 1993) of `tex` along the field (tx, ty): the mean of
 * the texture over `steps` unit steps each way along the streamline through each pixel.
 */
export function lic(
  tex: Float32Array,
  w: number,
  h: number,
  tx: Float32Array,
  ty: Float32Array,
  steps: number,
): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let acc = tex[i]!;
      let count = 1;
      // Both ways along the streamline: dir 1, then -1 (a loop over numbers, no array per pixel).
      for (let dir = 1; dir >= -1; dir -= 2) {
        let px = x + 0.5;
        let py = y + 0.5;
        let vx = tx[i]! * dir;
        let vy = ty[i]! * dir;
        for (let s = 0; s < steps; s++) {
          px += vx;
          py += vy;
          if (px < 0 || py < 0 || px >= w || py >= h) break;
          const j = (py | 0) * w + (px | 0);
          acc += tex[j]!;
          count++;
          // Follow the field, keeping the direction of travel (the tensor's sign is arbitrary).
          const nx = tx[j]!;
          const ny = ty[j]!;
          if (nx * vx + ny * vy < 0) {
            vx = -nx;
            vy = -ny;
          } else {
            vx = nx;
            vy = ny;
          }
        }
      }
      out[i] = acc / count;
    }
  }
  return out;
}

/** Hash of an integer lattice point to 0..1. */
function hash2(x: number, y: number, seed: number): number {
  let t = Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(seed, 2147483647);
  t = Math.imul(t ^ (t >>> 13), 1274126177);
  return ((t ^ (t >>> 16)) >>> 0) / 4294967296;
}

/** Value noise at (x, y) in lattice units: smoothstep interpolation of hashed lattice values, 0..1. */
export function valueNoise(x: number, y: number, seed: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(xi, yi, seed);
  const b = hash2(xi + 1, yi, seed);
  const c = hash2(xi, yi + 1, seed);
  const d = hash2(xi + 1, yi + 1, seed);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

/**
 * A w x h texture of fractal value noise: `octaves` octaves from a feature size of `scale` pixels
 * down, each half the size and half the amplitude; values centred on 0.5, about 0..1.
 */
export function fractalNoise(
  w: number,
  h: number,
  scale: number,
  octaves: number,
  seed: number,
): Float32Array {
  const out = new Float32Array(w * h);
  let amp = 1;
  let total = 0;
  let size = scale;
  for (let o = 0; o < octaves; o++) {
    const inv = 1 / size;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) out[y * w + x]! += amp * valueNoise(x * inv, y * inv, seed + o);
    total += amp;
    amp /= 2;
    size = Math.max(1, size / 2);
  }
  for (let i = 0; i < out.length; i++) out[i]! /= total;
  return out;
}

/** Per-pixel hashed white noise, 0..1. */
export function whiteNoise(w: number, h: number, seed: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = hash2(x, y, seed);
  return out;
}

/**
 * Draws an anti-aliased stroke along `points` into `alpha` (w x h, max blending): coverage
 * clamp(width / 2 + 0.5 - distance, 0, 1) times `strength`; the width may taper from `w0` at the
 * first point to `w1` at the last.
 */
export function strokePolyline(
  alpha: Float32Array,
  w: number,
  h: number,
  points: ReadonlyArray<readonly [number, number]>,
  w0: number,
  w1 = w0,
  strength = 1,
): void {
  const segments = points.length - 1;
  for (let s = 0; s < segments; s++) {
    const [ax, ay] = points[s]!;
    const [bx, by] = points[s + 1]!;
    const ha = (w0 + ((w1 - w0) * s) / segments) / 2;
    const hb = (w0 + ((w1 - w0) * (s + 1)) / segments) / 2;
    const pad = Math.max(ha, hb) + 1;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - pad));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx) + pad));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - pad));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by) + pad));
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5 - ax;
        const py = y + 0.5 - ay;
        const t = Math.min(1, Math.max(0, (px * dx + py * dy) / len2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        const d = Math.sqrt(ex * ex + ey * ey);
        const cover = Math.min(1, Math.max(0, ha + t * (hb - ha) + 0.5 - d)) * strength;
        const i = y * w + x;
        if (cover > alpha[i]!) alpha[i] = cover;
      }
    }
  }
}

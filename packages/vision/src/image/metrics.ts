/**
 * Full-reference image quality measures for the restoration tasks' tests and measurement scripts:
 * PSNR over the RGB values and SSIM (Wang, Bovik, Sheikh, Simoncelli, IEEE TIP 2004) on the
 * luma (BT.601 Y), with its standard constants: an 11-tap Gaussian window of sigma 1.5,
 * K1 = 0.01, K2 = 0.03, L = 255, averaged over the whole image (no downsampling).
 */

/** Peak signal-to-noise ratio of two packed RGB images of the same size, dB (Infinity if equal). */
export function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`psnr: sizes differ (${a.length} vs ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  const mse = sum / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/** BT.601 luma of packed RGB, 0..255 floats. */
export function luma(rgb: Uint8Array, width: number, height: number): Float64Array {
  const y = new Float64Array(width * height);
  for (let i = 0, j = 0; i < y.length; i++, j += 3)
    y[i] = 0.299 * rgb[j]! + 0.587 * rgb[j + 1]! + 0.114 * rgb[j + 2]!;
  return y;
}

const WINDOW = (() => {
  const w = new Float64Array(11);
  let s = 0;
  for (let i = 0; i < 11; i++) s += w[i] = Math.exp(-((i - 5) ** 2) / (2 * 1.5 * 1.5));
  return w.map((v) => v / s);
})();

/** Separable Gaussian blur with edge replication. */
function blur(src: Float64Array, width: number, height: number): Float64Array {
  const tmp = new Float64Array(src.length);
  const out = new Float64Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -5; k <= 5; k++)
        s += WINDOW[k + 5]! * src[y * width + Math.min(width - 1, Math.max(0, x + k))]!;
      tmp[y * width + x] = s;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -5; k <= 5; k++)
        s += WINDOW[k + 5]! * tmp[Math.min(height - 1, Math.max(0, y + k)) * width + x]!;
      out[y * width + x] = s;
    }
  }
  return out;
}

/** Mean SSIM of the lumas of two packed RGB images of the same size, -1..1 (1 when equal). */
export function ssim(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  const x = luma(a, width, height);
  const y = luma(b, width, height);
  const n = x.length;
  const xx = new Float64Array(n);
  const yy = new Float64Array(n);
  const xy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xx[i] = x[i]! * x[i]!;
    yy[i] = y[i]! * y[i]!;
    xy[i] = x[i]! * y[i]!;
  }
  const mx = blur(x, width, height);
  const my = blur(y, width, height);
  const sxx = blur(xx, width, height);
  const syy = blur(yy, width, height);
  const sxy = blur(xy, width, height);
  const C1 = (0.01 * 255) ** 2;
  const C2 = (0.03 * 255) ** 2;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const vx = sxx[i]! - mx[i]! * mx[i]!;
    const vy = syy[i]! - my[i]! * my[i]!;
    const cxy = sxy[i]! - mx[i]! * my[i]!;
    total +=
      ((2 * mx[i]! * my[i]! + C1) * (2 * cxy + C2)) /
      ((mx[i]! * mx[i]! + my[i]! * my[i]! + C1) * (vx + vy + C2));
  }
  return total / n;
}

/**
 * Damage made on purpose to clean photos, for the restoration tasks' measurements, tests and demo
 * samples: Gaussian noise, JPEG compression, and the scratches and spots of an old print. Seeded,
 * so every run makes the same damage.
 */
import sharp from 'sharp';
import { random } from '../test/tone-measures.ts';

export interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

/** Standard normal numbers (Box-Muller) from a uniform generator. */
export function normal(rand: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

const clamp = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** Independent Gaussian noise of standard deviation `sigma` (0..255 units) on every RGB value. */
export function gaussianNoise(p: Rgb, sigma: number, seed = 1): Rgb {
  const n = normal(random(seed));
  const data = Buffer.alloc(p.data.length);
  for (let i = 0; i < data.length; i++) data[i] = clamp(p.data[i]! + sigma * n());
  return { ...p, data };
}

/** The photo saved as JPEG at `quality` (libjpeg through sharp, 4:2:0 chroma) and read back. */
export async function jpegRoundTrip(p: Rgb, quality: number): Promise<Rgb> {
  const jpeg = await sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
  const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { ...p, data };
}

/**
 * Scratches and spots of an old print: `lines` thin lines (1-2 px wide, gently curved, 15-60 %
 * of the photo's height long, near-white or near-black) and `spots` dust specks (discs of radius
 * 1-3 px, near-white or near-black). Returns the damaged photo and the mask of damaged pixels.
 */
export function scratchesAndSpots(
  p: Rgb,
  options: { lines: number; spots: number; seed?: number },
): { damaged: Rgb; mask: Uint8Array } {
  const rand = random(options.seed ?? 7);
  const { width: W, height: H } = p;
  const data = Buffer.from(p.data);
  const mask = new Uint8Array(W * H);
  const paint = (x: number, y: number, v: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return;
    const i = yi * W + xi;
    mask[i] = 1;
    data[i * 3] = data[i * 3 + 1] = data[i * 3 + 2] = v;
  };
  const tone = () => (rand() < 0.6 ? 225 + rand() * 30 : rand() * 35);
  for (let l = 0; l < options.lines; l++) {
    const v = tone();
    const length = (0.15 + 0.45 * rand()) * H;
    const x0 = rand() * W;
    const y0 = rand() * (H - length);
    const slope = (rand() - 0.5) * 0.3;
    const bend = (rand() - 0.5) * 0.0006 * H;
    const thick = rand() < 0.5 ? 1 : 2;
    for (let t = 0; t < length; t++) {
      const x = x0 + slope * t + bend * ((t * (t - length)) / H);
      for (let k = 0; k < thick; k++) paint(x + k, y0 + t, v);
    }
  }
  for (let s = 0; s < options.spots; s++) {
    const v = tone();
    const cx = rand() * W;
    const cy = rand() * H;
    const r = 1 + rand() * 2;
    for (let dy = -Math.ceil(r); dy <= Math.ceil(r); dy++)
      for (let dx = -Math.ceil(r); dx <= Math.ceil(r); dx++)
        if (dx * dx + dy * dy <= r * r) paint(cx + dx, cy + dy, v);
  }
  return { damaged: { ...p, data }, mask };
}

/** Encoded image bytes -> packed RGB (alpha dropped). */
export async function decodeRgb(bytes: Uint8Array): Promise<Rgb> {
  const { data, info } = await sharp(Buffer.from(bytes))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Packed RGB -> PNG bytes. */
export const encodePng = (p: { data: Uint8Array; width: number; height: number }) =>
  sharp(Buffer.from(p.data), { raw: { width: p.width, height: p.height, channels: 3 } })
    .png()
    .toBuffer();

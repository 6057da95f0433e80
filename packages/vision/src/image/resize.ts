/**
 * Resampling helpers on decoded RGB pixels. Downscaling goes through sharp (libvips), which
 * filters properly; bilinear sampling in tfjs would alias badly at factors above 2.
 */
import sharp from 'sharp';

/** Packed RGB pixels (`width * height * 3` bytes). */
export interface RgbPixels {
  data: Buffer;
  width: number;
  height: number;
}

export interface PixelRegion {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Crops `region` (integer pixels, inside the image) out of `image` and resizes it to exactly
 * `width` x `height` (aspect ratio is the caller's business). Returns packed RGB.
 */
export async function resizeRgb(
  image: RgbPixels,
  width: number,
  height: number,
  region?: PixelRegion,
): Promise<Buffer> {
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (
    region &&
    (region.left !== 0 || region.top !== 0 || region.width !== image.width || region.height !== image.height)
  ) {
    pipeline = pipeline.extract(region);
  }
  const srcW = region?.width ?? image.width;
  const srcH = region?.height ?? image.height;
  if (srcW !== width || srcH !== height) {
    pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  }
  return pipeline.raw().toBuffer();
}

/** Bilinear resampling of a single-channel float map (pixel centres aligned). */
export function resampleMap(
  src: Float32Array,
  w: number,
  h: number,
  width: number,
  height: number,
): Float32Array {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const v = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / height - 0.5));
    const y0 = Math.floor(v);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = v - y0;
    for (let x = 0; x < width; x++) {
      const u = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / width - 0.5));
      const x0 = Math.floor(u);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = u - x0;
      const top = src[y0 * w + x0]! * (1 - fx) + src[y0 * w + x1]! * fx;
      const bottom = src[y1 * w + x0]! * (1 - fx) + src[y1 * w + x1]! * fx;
      out[y * width + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

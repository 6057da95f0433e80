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

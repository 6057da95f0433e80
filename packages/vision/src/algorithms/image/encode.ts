/** The image tasks' result: packed RGB pixels as a JPEG of the same size. */
import sharp from 'sharp';
import type { EncodedImage } from '../kinds.ts';

export async function jpegOf(
  data: Uint8Array,
  width: number,
  height: number,
  quality: number,
): Promise<{ media_data: EncodedImage }> {
  const bytes = await sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
  return { media_data: { bytes, format: 'jpg' } };
}

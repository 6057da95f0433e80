/**
 * Image intake: validate cheaply from the header, then decode once to RGB pixels with sharp.
 *
 * Order matters for safety: byte size first, then format and dimensions from the header only
 * (sharp `metadata()` does not decode pixels), and only then a full decode, itself guarded by
 * sharp's `limitInputPixels`. A decompression bomb is therefore rejected before it costs memory.
 */
import sharp from 'sharp';
import { ImageInputError } from '../errors.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'heif';

export interface ImageLimits {
  /** Maximum encoded size in bytes. */
  maxBytes: number;
  /** Maximum width x height of the (first frame of the) image. */
  maxPixels: number;
  /** Maximum width or height. */
  maxSide: number;
  /** Accepted container formats as named by sharp metadata. */
  formats: readonly ImageFormat[];
}

export const DEFAULT_IMAGE_LIMITS: Readonly<ImageLimits> = Object.freeze({
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 25_000_000,
  maxSide: 8192,
  // BMP is absent on purpose: the prebuilt libvips in sharp has no BMP loader (magick is off).
  formats: Object.freeze(['jpeg', 'png', 'webp', 'gif'] as const),
});

export function resolveLimits(partial?: Partial<ImageLimits>): ImageLimits {
  return { ...DEFAULT_IMAGE_LIMITS, ...partial };
}

export interface ImageProbe {
  format: ImageFormat;
  /** Size after applying the EXIF orientation, i.e. as the image is displayed. */
  width: number;
  height: number;
  /** EXIF orientation tag (1..8), 1 when absent. */
  orientation: number;
  bytes: number;
}

/**
 * Decoded pixels: tightly packed RGB, row-major, `width * height * 3` bytes.
 * `width`/`height` may be smaller than the original when a `maxSide` was requested;
 * `originalWidth`/`originalHeight` are the displayed (EXIF-oriented) size of the input, and
 * algorithms report coordinates in that space.
 */
export interface DecodedImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3;
  originalWidth: number;
  originalHeight: number;
  format: ImageFormat;
}

export interface DecodeOptions {
  /** Downscale (never upscale) so that neither side exceeds this. */
  maxSide?: number;
}

/** Reads the header and enforces every limit without decoding pixel data. */
export async function probeImage(
  input: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<ImageProbe> {
  if (!Buffer.isBuffer(input) && !((input as unknown) instanceof Uint8Array)) {
    throw new ImageInputError('EMPTY', 'image must be a Buffer');
  }
  if (input.byteLength === 0) throw new ImageInputError('EMPTY', 'image is empty (0 bytes)');
  if (input.byteLength > limits.maxBytes) {
    throw new ImageInputError(
      'TOO_LARGE',
      `image is ${input.byteLength} bytes; the limit is ${limits.maxBytes} bytes`,
    );
  }
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    // libvips says "unsupported image format" when no loader recognises the bytes at all
    // (text, PDF, BMP without magick...). Anything else is a recognised but broken file.
    if (/unsupported image format/i.test(message)) {
      throw new ImageInputError('UNSUPPORTED_TYPE', 'not a supported image format', { cause });
    }
    throw new ImageInputError('DECODE_FAILED', `cannot read the image header: ${message}`, { cause });
  }
  const format = meta.format as string | undefined;
  if (!format || !(limits.formats as readonly string[]).includes(format)) {
    throw new ImageInputError(
      'UNSUPPORTED_TYPE',
      `image format "${format ?? 'unknown'}" is not accepted (accepted: ${limits.formats.join(', ')})`,
    );
  }
  const rawWidth = meta.width;
  // For multi-frame images `pageHeight` is the height of one frame, which is all we decode.
  const rawHeight = meta.pageHeight ?? meta.height;
  if (!rawWidth || !rawHeight) throw new ImageInputError('DECODE_FAILED', 'image header has no dimensions');
  const orientation = meta.orientation ?? 1;
  // Orientations 5..8 swap width and height (90 or 270 degree rotations).
  const swap = orientation >= 5 && orientation <= 8;
  const width = swap ? rawHeight : rawWidth;
  const height = swap ? rawWidth : rawHeight;
  if (width > limits.maxSide || height > limits.maxSide) {
    throw new ImageInputError(
      'TOO_MANY_PIXELS',
      `image is ${width}x${height}; the maximum side is ${limits.maxSide} px`,
    );
  }
  if (width * height > limits.maxPixels) {
    throw new ImageInputError(
      'TOO_MANY_PIXELS',
      `image has ${width * height} pixels; the limit is ${limits.maxPixels}`,
    );
  }
  return { format: format as ImageFormat, width, height, orientation, bytes: input.byteLength };
}

/**
 * Validates then decodes to packed RGB: EXIF orientation applied, alpha flattened on white,
 * grey/CMYK converted to sRGB, first frame only for animations.
 */
export async function decodeImage(
  input: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
  options: DecodeOptions = {},
): Promise<DecodedImage> {
  const probe = await probeImage(input, limits);
  let pipeline = sharp(input, {
    // Second line of defence in case the header lied about the size.
    limitInputPixels: limits.maxPixels,
    // 'error' rejects truncated or corrupt pixel data but tolerates harmless warnings that many
    // camera JPEGs trigger (e.g. extraneous bytes before a marker).
    failOn: 'error',
    pages: 1,
  })
    .rotate()
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .toColourspace('srgb');
  const maxSide = options.maxSide;
  if (maxSide && Math.max(probe.width, probe.height) > maxSide) {
    pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  }
  let result: { data: Buffer; info: sharp.OutputInfo };
  try {
    result = await pipeline.raw().toBuffer({ resolveWithObject: true });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (/pixel limit/i.test(message)) {
      throw new ImageInputError('TOO_MANY_PIXELS', `image exceeds the pixel limit: ${message}`, { cause });
    }
    throw new ImageInputError('DECODE_FAILED', `cannot decode the image: ${message}`, { cause });
  }
  const { data, info } = result;
  if (info.channels !== 3 || data.byteLength !== info.width * info.height * 3) {
    throw new ImageInputError('DECODE_FAILED', `unexpected decoder output (${info.channels} channels)`);
  }
  return {
    data,
    width: info.width,
    height: info.height,
    channels: 3,
    originalWidth: probe.width,
    originalHeight: probe.height,
    format: probe.format,
  };
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, probeImage, DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../src/image/decode.ts';
import { ImageInputError, type ImageInputErrorCode } from '../src/errors.ts';
import { astronautPath, cameraPath, groupSamplePath, pngHeaderOnly, read } from './fixtures.ts';

async function codeOf(p: Promise<unknown>): Promise<ImageInputErrorCode | 'none'> {
  try {
    await p;
    return 'none';
  } catch (err) {
    expect(err).toBeInstanceOf(ImageInputError);
    return (err as ImageInputError).code;
  }
}

describe('decodeImage', () => {
  it('decodes a PNG photo to packed RGB at its own size', async () => {
    const img = await decodeImage(read(astronautPath()));
    expect(img).toMatchObject({
      width: 512,
      height: 512,
      originalWidth: 512,
      originalHeight: 512,
      channels: 3,
      format: 'png',
    });
    expect(img.data.byteLength).toBe(512 * 512 * 3);
  });

  it('turns a greyscale photo into 3-channel RGB', async () => {
    const img = await decodeImage(read(cameraPath()));
    expect(img.channels).toBe(3);
    expect(img.data.byteLength).toBe(img.width * img.height * 3);
  });

  it('downscales to a working size but keeps the original size for coordinates', async () => {
    const img = await decodeImage(read(groupSamplePath(1)), DEFAULT_IMAGE_LIMITS, { maxSide: 640 });
    expect(img.originalWidth).toBe(1920);
    expect(img.originalHeight).toBe(1280);
    expect(Math.max(img.width, img.height)).toBe(640);
    expect(img.width / img.height).toBeCloseTo(1920 / 1280, 2);
  });

  it('accepts WebP and takes the first frame of a GIF', async () => {
    const astro = read(astronautPath());
    const webp = await sharp(astro).webp().toBuffer();
    expect((await decodeImage(webp)).format).toBe('webp');
    const gif = await sharp(astro).resize(64).gif().toBuffer();
    const decoded = await decodeImage(gif);
    expect(decoded).toMatchObject({ format: 'gif', width: 64, height: 64 });
  });

  it('applies the EXIF orientation: sizes and pixels are those of the displayed image', async () => {
    // A 512x360 crop, stored rotated 90 degrees clockwise with orientation 8 (display: rotate back).
    const upright = await sharp(read(astronautPath()))
      .extract({ left: 0, top: 0, width: 512, height: 360 })
      .png()
      .toBuffer();
    const stored = await sharp(upright)
      .rotate(90)
      .withMetadata({ orientation: 8 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([360, 512, 8]);

    const probe = await probeImage(stored);
    expect([probe.width, probe.height, probe.orientation]).toEqual([512, 360, 8]);
    const img = await decodeImage(stored);
    expect([img.width, img.height]).toEqual([512, 360]);
    // Same picture as the upright original: mean absolute difference is JPEG noise only.
    const ref = await decodeImage(upright);
    let diff = 0;
    for (let i = 0; i < ref.data.length; i++) diff += Math.abs((ref.data[i] ?? 0) - (img.data[i] ?? 0));
    expect(diff / ref.data.length).toBeLessThan(4);
  });
});

describe('input validation', () => {
  const astro = () => read(astronautPath());

  it('EMPTY for zero bytes', async () => {
    expect(await codeOf(decodeImage(Buffer.alloc(0)))).toBe('EMPTY');
  });

  it('TOO_LARGE when the byte size exceeds the limit, before looking at the content', async () => {
    const limits: ImageLimits = { ...DEFAULT_IMAGE_LIMITS, maxBytes: 1000 };
    expect(await codeOf(decodeImage(astro(), limits))).toBe('TOO_LARGE');
    // Default limit is 10 MiB: 10 MiB + 1 bytes of anything is refused.
    expect(await codeOf(decodeImage(Buffer.alloc(10 * 1024 * 1024 + 1)))).toBe('TOO_LARGE');
  });

  it('TOO_MANY_PIXELS from the header alone (10000x10000 PNG header, one scanline of data)', async () => {
    const bomb = pngHeaderOnly(10_000, 10_000);
    expect(bomb.byteLength).toBeLessThan(1000);
    const meta = await sharp(bomb).metadata();
    expect([meta.width, meta.height]).toEqual([10_000, 10_000]);
    expect(await codeOf(decodeImage(bomb))).toBe('TOO_MANY_PIXELS');
    // One side over 8192 fails too even when the area is allowed.
    expect(await codeOf(decodeImage(pngHeaderOnly(9000, 100)))).toBe('TOO_MANY_PIXELS');
  });

  it('TOO_MANY_PIXELS with a small configured limit on a real photo', async () => {
    const limits: ImageLimits = { ...DEFAULT_IMAGE_LIMITS, maxPixels: 512 * 512 - 1 };
    expect(await codeOf(decodeImage(astro(), limits))).toBe('TOO_MANY_PIXELS');
    expect(await codeOf(decodeImage(astro(), { ...DEFAULT_IMAGE_LIMITS, maxSide: 511 }))).toBe(
      'TOO_MANY_PIXELS',
    );
  });

  it('UNSUPPORTED_TYPE for text, SVG, PDF and formats not on the list', async () => {
    expect(await codeOf(decodeImage(Buffer.from('this is not an image\n'.repeat(20))))).toBe(
      'UNSUPPORTED_TYPE',
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await codeOf(decodeImage(svg))).toBe('UNSUPPORTED_TYPE');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(await codeOf(decodeImage(pdf))).toBe('UNSUPPORTED_TYPE');
    const tiff = await sharp(astro()).resize(32).tiff().toBuffer();
    expect(await codeOf(decodeImage(tiff))).toBe('UNSUPPORTED_TYPE');
    // ...unless the deployment allows it.
    expect((await decodeImage(tiff, { ...DEFAULT_IMAGE_LIMITS, formats: ['tiff'] })).width).toBe(32);
  });

  it('DECODE_FAILED for a truncated JPEG', async () => {
    const jpeg = read(groupSamplePath(3));
    const truncated = jpeg.subarray(0, Math.floor(jpeg.byteLength * 0.6));
    expect(await codeOf(decodeImage(truncated))).toBe('DECODE_FAILED');
  });

  it('DECODE_FAILED for a JPEG whose header is cut', async () => {
    const jpeg = read(groupSamplePath(3));
    expect(await codeOf(decodeImage(jpeg.subarray(0, 200)))).toBe('DECODE_FAILED');
  });
});

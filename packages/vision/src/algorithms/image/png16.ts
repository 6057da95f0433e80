/**
 * A 16-bit greyscale PNG encoder (PNG 1.2, ISO/IEC 15948: IHDR bit depth 16, colour type 0;
 * samples big-endian; each row filtered with "Sub", whose differences of neighbouring samples
 * suit smooth maps such as depth). sharp's raw input is 8-bit per sample here (a 16-bit raw buffer
 * was read as bytes), so the few lines of the format are written out, with node's zlib.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** `values` (width x height, row-major, 0..65535) as a 16-bit greyscale PNG. */
export function grey16Png(values: Uint16Array, width: number, height: number): Buffer {
  if (values.length !== width * height) throw new Error('grey16Png: values do not match the size');
  const stride = 1 + 2 * width;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const o = y * stride;
    raw[o] = 1; // filter type Sub: each byte minus the byte one sample (2 bytes) to its left
    // Sub works on bytes (each minus the same byte of the sample before it, modulo 256), not on samples.
    let hi = 0;
    let lo = 0;
    for (let x = 0; x < width; x++) {
      const v = values[y * width + x]!;
      raw[o + 1 + 2 * x] = ((v >> 8) - hi) & 0xff;
      raw[o + 2 + 2 * x] = ((v & 0xff) - lo) & 0xff;
      hi = v >> 8;
      lo = v & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 16; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/error-catalogue.ts';
import { decodeBase64Image } from './media.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
    return 'no error';
  } catch (e) {
    return (e as ApiError).code;
  }
};

describe('decodeBase64Image', () => {
  const bytes = Buffer.from('an image of some bytes');
  const b64 = bytes.toString('base64');

  it('accepts line breaks, data-URL prefixes and the URL-safe alphabet', () => {
    const wrapped = b64.replace(/(.{8})/g, '$1\r\n');
    expect(decodeBase64Image(wrapped, 1000)).toEqual(bytes);
    expect(decodeBase64Image(`data:image/png;base64,${b64}`, 1000)).toEqual(bytes);
    const binary = Buffer.from([0xfb, 0xff, 0xfe, 0x01]);
    expect(decodeBase64Image(binary.toString('base64url'), 1000)).toEqual(binary);
  });

  it('answers the catalogue codes for empty, malformed and oversized data', () => {
    expect(code(() => decodeBase64Image('  \n ', 1000))).toBe(10012);
    expect(code(() => decodeBase64Image('@@not base64!!', 1000))).toBe(10013);
    expect(code(() => decodeBase64Image('QUJDR', 1000))).toBe(10013);
    expect(code(() => decodeBase64Image(Buffer.alloc(2000).toString('base64'), 1000))).toBe(20015);
  });

  it('takes padded base64 as it is and refuses what a lenient decoder would skip', () => {
    const photo = Buffer.from(Array.from({ length: 90_000 }, (_, i) => (i * 7919) % 251));
    expect(decodeBase64Image(photo.toString('base64'), 100_000)).toEqual(photo);
    // Unpadded, or with bits past the last byte: still the same bytes.
    expect(decodeBase64Image('QUJDRA', 1000)).toEqual(Buffer.from('ABCD'));
    expect(decodeBase64Image('QUJDRB==', 1000)).toEqual(Buffer.from('ABCD'));
    // Node's decoder skips these characters and stops at an inner '=': each is refused.
    for (const text of ['QUJD!RA==', 'QU=JDRA=', 'Q+_+\n=', '/+Q._/--_=', 'QUJDRA==QUJD'])
      expect(code(() => decodeBase64Image(text, 1000))).toBe(10013);
  });
});

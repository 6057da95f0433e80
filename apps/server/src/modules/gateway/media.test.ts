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
});

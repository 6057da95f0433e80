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

  it('answers random short texts as the character checks alone do', () => {
    // The checks without the one-pass path: whitespace and a data-URL prefix dropped, the base64
    // alphabets (either one) with at most two '=' at the end, no length of 4n + 1.
    const checked = (text: string) => {
      const compact = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
      if (compact.length === 0) return 10012;
      if (!/^[A-Za-z0-9+/\-_]*={0,2}$/.test(compact) || compact.length % 4 === 1) return 10013;
      const bytes = Buffer.from(compact, 'base64');
      return bytes.length === 0 ? 10013 : bytes.toString('hex');
    };
    const answer = (text: string) => {
      try {
        return decodeBase64Image(text, 1000).toString('hex');
      } catch (e) {
        return (e as ApiError).code;
      }
    };
    const characters = 'AQw9+/-_=  \n!.é';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let n = Math.floor(random() * 14); n > 0; n--)
        text +=
          random() < 0.7
            ? 'AQw9+/-_'[Math.floor(random() * 8)]
            : characters[Math.floor(random() * characters.length)];
      expect(answer(text), JSON.stringify(text)).toBe(checked(text));
    }
  });
});

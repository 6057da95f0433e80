import { describe, expect, it } from 'vitest';
import { jsonLimitBroken } from './json-body.ts';

describe('jsonLimitBroken', () => {
  it('counts brackets and commas outside strings only', () => {
    expect(jsonLimitBroken('[[[1]]]', 2)).toBe('JSON nested deeper than 2 levels');
    expect(jsonLimitBroken('["[[[", "]]]"]', 2)).toBeUndefined();
    expect(jsonLimitBroken('[1,2,3]', 32, 2)).toBe('JSON with more than 2 items');
    expect(jsonLimitBroken('["1,2,3,4,5"]', 32, 2)).toBeUndefined();
  });

  it('ends a string at a quote after an even number of backslashes only', () => {
    // "a\"[[[" is one string: its escaped quote does not end it.
    expect(jsonLimitBroken(String.raw`["a\"[[[", 1]`, 2)).toBeUndefined();
    // "a\\" ends after the escaped backslash: the brackets after it count.
    expect(jsonLimitBroken(String.raw`["a\\", [[1]]]`, 2)).toBe('JSON nested deeper than 2 levels');
    expect(jsonLimitBroken(String.raw`["a\\\"[[", [1]]`, 2)).toBeUndefined();
    expect(jsonLimitBroken(String.raw`["\\\\", [[1]]]`, 2)).toBe('JSON nested deeper than 2 levels');
  });

  it('leaves an unterminated string to the parser', () => {
    expect(jsonLimitBroken('["abc', 1)).toBeUndefined();
    expect(jsonLimitBroken('[[[["abc', 2)).toBe('JSON nested deeper than 2 levels');
  });

  it('skips a large base64 image in one search', () => {
    const body = JSON.stringify({ media_info_list: [{ media_data: 'A'.repeat(1_000_000) + '[{,' }] });
    expect(jsonLimitBroken(body)).toBeUndefined();
  });
});

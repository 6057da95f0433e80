import { describe, expect, it } from 'vitest';
import { safeExternalAddress } from './externalAddress.ts';

describe('safeExternalAddress', () => {
  it('keeps http and https addresses', () => {
    expect(safeExternalAddress('https://a.com/b.png')).toBe('https://a.com/b.png');
    expect(safeExternalAddress('http://a.b')).toBe('http://a.b/');
  });

  it('refuses anything else', () => {
    expect(safeExternalAddress(null)).toBeNull();
    expect(safeExternalAddress('')).toBeNull();
    expect(safeExternalAddress('javascript:alert(1)')).toBeNull();
    expect(safeExternalAddress('data:text/html,hi')).toBeNull();
    expect(safeExternalAddress('/index')).toBeNull();
  });
});

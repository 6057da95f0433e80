import { describe, expect, it } from 'vitest';
import { apiCapabilities, EVERY_CAPABILITY, formatScopes, grantsCapability, parseScopes } from './scopes.ts';

describe('scopes', () => {
  it('reads a stored id list, ignoring blanks, duplicates and anything not an id', () => {
    expect(parseScopes('86, 63,,86,x,-2,1.5')).toEqual([86, 63]);
    expect(parseScopes('')).toEqual([]);
    expect(formatScopes([86, 63, 86])).toBe('63,86');
  });

  it('lists every capability with an API for the wildcard', () => {
    expect(parseScopes(EVERY_CAPABILITY)).toEqual(apiCapabilities.map((c) => c.id));
    expect(parseScopes(` ${EVERY_CAPABILITY} `)).toHaveLength(apiCapabilities.length);
  });

  it('grants a capability in the list, and any capability to the wildcard', () => {
    expect(grantsCapability('63,86', 86)).toBe(true);
    expect(grantsCapability('63,86', 8)).toBe(false);
    expect(grantsCapability('', 86)).toBe(false);
    expect(grantsCapability(EVERY_CAPABILITY, 86)).toBe(true);
    // Also an id the catalogue has no API entry for: the wildcard is not a snapshot of the catalogue.
    const unknown = Math.max(...apiCapabilities.map((c) => c.id)) + 1;
    expect(grantsCapability(EVERY_CAPABILITY, unknown)).toBe(true);
    expect(grantsCapability(`86,${unknown}`, unknown)).toBe(true);
  });
});

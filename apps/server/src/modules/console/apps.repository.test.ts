import { describe, expect, it } from 'vitest';
import { appStatusName, AppStatus } from './apps.repository.ts';

describe('app status', () => {
  it('stores each API status as its own number and reads it back by name', () => {
    const names = ['enabled', 'disabled', 'suspended'] as const;
    expect(new Set(names.map((n) => AppStatus[n])).size).toBe(names.length);
    for (const name of names) expect(appStatusName(AppStatus[name])).toBe(name);
  });

  it('reads a number it does not know as disabled', () => {
    expect(appStatusName(7)).toBe('disabled');
  });
});

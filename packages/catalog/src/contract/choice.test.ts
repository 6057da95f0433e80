import { describe, expect, it } from 'vitest';
import { FILTER_LOOK_NAMES, FILTER_LOOKS, filter } from '../index.ts';
import { demoControls, parameterRows } from './reference.ts';

describe('a choice with names and pictures', () => {
  it('reaches the demo with every option named in three languages and its picture (v1/filter looks)', () => {
    const look = demoControls(filter.api).find((c) => c.name === 'filterType')!;
    expect(look.options).toEqual([...FILTER_LOOKS]);
    expect(look.default).toBe('film_warm');
    expect(Object.keys(look.optionNames!)).toEqual([...FILTER_LOOKS]);
    expect(look.optionNames!.warm).toEqual({ zh: '暖阳', zh_tw: '暖陽', en: 'Warm' });
    for (const value of FILTER_LOOKS) {
      expect(
        FILTER_LOOK_NAMES[value].every((name) => name.length > 0),
        value,
      ).toBe(true);
      expect(look.optionPreviews![value]).toBe(`/samples/filters/${value}.jpg`);
    }
  });

  it('still checks the value and documents it as an enum', () => {
    const parse = (v: unknown) => filter.api.parameters.safeParse({ filterType: v });
    expect(parse('noir').success).toBe(true);
    expect(parse('sparkle').success).toBe(false);
    const row = parameterRows(filter.api).find((r) => r.name === 'parameter.filterType')!;
    expect(row.type).toContain("'teal_orange'");
    // The API reference names each option after the parameter's text, in each language.
    expect(row.description.en).toContain('(warm: Warm, cool: Cool, mono: Mono,');
    expect(row.description.zh_tw).toContain('（warm: 暖陽，cool: 清冷，');
    expect(row.description.zh).toContain('film_warm: 暖调胶片');
  });
});

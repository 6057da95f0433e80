import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { emojMaterial, STICKER_NAMES } from '../index.ts';
import { demoControls, parameterRows, providedChoices } from './reference.ts';
import { providedChoice } from './params.ts';

/** A choice whose options come from a provider at run time (materials), seeded with bundled ones. */
describe('a provided choice', () => {
  const source = {
    source: 'thing',
    url: '/api/v1/things',
    pattern: /^m[1-9][0-9]*$/,
    note: ['另可用上传的。', '另可用上傳的。', 'Uploaded ones too.'],
  } as const;
  const one = z.object({
    pick: providedChoice(source, ['red', 'blue'], { default: 'red' }, ['选一个。', '選一個。', 'Pick one.']),
  });
  const many = z.object({
    picks: providedChoice(source, ['red', 'blue'], { list: { max: 2 } }, [
      '选几个。',
      '選幾個。',
      'Pick some.',
    ]),
  });

  it('checks the form of a value: a bundled one or a provided one, in any case; the default when not given', () => {
    expect(one.parse({}).pick).toBe('red');
    expect(one.parse({ pick: '' }).pick).toBe('red');
    expect(one.parse({ pick: ' Blue ' }).pick).toBe('blue');
    expect(one.parse({ pick: 'M12' }).pick).toBe('m12');
    const wrong = one.safeParse({ pick: 'green' });
    expect(wrong.error?.issues[0]?.message).toBe(
      'must be one of red, blue or an enabled option of /api/v1/things',
    );
    expect(one.safeParse({ pick: 'm0' }).success).toBe(false);
    expect(many.parse({ picks: 'blue, M3' }).picks).toBe('blue,m3');
    expect(many.parse({ picks: 'red,red' }).picks).toBe('red');
    expect(many.safeParse({ picks: 'red,blue,m3' }).success).toBe(false);
  });

  it('documents the list as dynamic: no fixed enum, the source and its URL, the bundled values', () => {
    const [row] = parameterRows({ parameters: one });
    expect(row!.type).toBe("'red' | 'blue' | (/api/v1/things)");
    expect(row!.description.en).toBe('Pick one. Uploaded ones too.');
    expect(row!.description.zh).toBe('选一个。另可用上传的。');
    const schema = z.toJSONSchema(one, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.properties.pick!.enum).toBeUndefined();
    expect(schema.properties.pick!['x-options']).toEqual({
      source: 'thing',
      url: '/api/v1/things',
      bundled: ['red', 'blue'],
    });
  });

  it('tells the server what to resolve and the demo where to read the options (v1/EmojMaterialH5)', () => {
    expect(providedChoices(emojMaterial.api)).toEqual([
      {
        name: 'material',
        source: 'sticker',
        url: '/api/v1/materials?type=sticker',
        bundled: Object.keys(STICKER_NAMES),
      },
      {
        name: 'materials',
        source: 'sticker',
        url: '/api/v1/materials?type=sticker',
        bundled: Object.keys(STICKER_NAMES),
        list: { max: 4 },
      },
    ]);
    const control = demoControls(emojMaterial.api).find((c) => c.name === 'material')!;
    expect(control.options).toEqual(Object.keys(STICKER_NAMES));
    expect(control.optionsUrl).toBe('/api/v1/materials?type=sticker');
    expect(control.optionPreviews?.crown).toBe('/samples/stickers/crown.png');
    const row = parameterRows(emojMaterial.api).find((r) => r.name === 'parameter.material')!;
    expect(row.description.en).toContain('The list is dynamic: GET /api/v1/materials?type=sticker');
  });
});

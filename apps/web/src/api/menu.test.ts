import { describe, expect, it } from 'vitest';
import { findById, findCapability, parseI18nText, pickText, toMenuItem } from './menu.ts';
import { menuFixture } from '../test/fixtures/menu.ts';

describe('menu entries', () => {
  const menu = menuFixture.map(toMenuItem);

  it('parses names, descriptions and the Extension JSON', () => {
    const item = findCapability(menu, 'faceTechnology', 'facepointdetect')!;
    expect(item).toMatchObject({
      id: 86,
      slug: 'facepointdetect',
      group: 'faceTechnology',
      endpoint: 'v2/facepoints',
      available: true,
      demoKind: 'points',
      status: 2,
    });
    expect(item.extension.doc).toBe(49);
    expect(pickText(item.name, 'zh_tw')).toBe('人臉關鍵點');
    expect(pickText(item.comment, 'en')).toBe('Locates the face outline and features precisely.');
  });

  it('finds groups and entries by id', () => {
    expect(findById(menu, 1008)?.slug).toBe('solution');
    expect(findById(menu, 176)?.slug).toBe('studioSolution');
    expect(findById(menu, 1)).toBeUndefined();
  });

  it('survives broken JSON text', () => {
    expect(parseI18nText('not json', 'Fallback')).toEqual({
      zh: 'Fallback',
      zh_tw: 'Fallback',
      en: 'Fallback',
    });
    expect(parseI18nText('{"zh":"中文"}', '')).toEqual({ zh: '中文', zh_tw: '中文', en: '中文' });
    const item = toMenuItem({ ...menuFixture[0]!, Extension: '{oops', Children: [] });
    expect(item.extension).toEqual({});
    expect(item.available).toBe(false);
    expect(item.children).toEqual([]);
  });
});

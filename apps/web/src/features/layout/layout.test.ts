import { describe, expect, it } from 'vitest';
import { isFooterShown } from './Footer.tsx';
import { productSections } from './productSections.ts';
import { withTimestamp } from '../../components/AlgorithmLink.tsx';
import { toMenuItem } from '../../api/menu.ts';
import { menuFixture } from '../../test/fixtures/menu.ts';

describe('footer visibility', () => {
  it('hides the footer on doc pages unless the language is English', () => {
    expect(isFooterShown('/doc', 'zh')).toBe(false);
    expect(isFooterShown('/android-doc', 'zh_tw')).toBe(false);
    expect(isFooterShown('/doc', 'en')).toBe(true);
    expect(isFooterShown('/index', 'zh')).toBe(true);
  });
});

describe('product sections', () => {
  const menu = menuFixture.map(toMenuItem);

  it('lists MenuType 0 entries in the API tab without hidden or internal ones', () => {
    const sections = productSections(menu, 0);
    expect(sections.map((s) => s.group.slug)).toEqual(['faceTechnology']);
    expect(sections[0]!.items.map((i) => i.slug)).toEqual(['facepointdetect', 'faceDetect']);
  });

  it('lists MenuType 2 entries in the PROGRAM tab', () => {
    expect(productSections(menu, 2).flatMap((s) => s.items.map((i) => i.slug))).toEqual(['studioSolution']);
  });
});

describe('withTimestamp', () => {
  it('appends or replaces t', () => {
    expect(withTimestamp('/algorithm/a/b', 5)).toBe('/algorithm/a/b?t=5');
    expect(withTimestamp('/algorithm/a/b?x=1&t=2', 5)).toBe('/algorithm/a/b?x=1&t=5');
  });
});

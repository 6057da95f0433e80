import { describe, expect, it } from 'vitest';
import { isFooterShown, siteHomeUrl } from './footer.ts';
import { productSections, productTabs } from './productSections.ts';
import { reached, SCROLL_THRESHOLDS } from './scroll.ts';
import { toolBoxItems } from './toolbox.ts';
import { withTimestamp } from '../../components/AlgorithmLink.tsx';
import { toMenuItem } from '../../api/menu.ts';
import { layoutAt } from '../../site/theme.ts';
import { menuFixture } from '../../test/fixtures/menu.ts';

describe('footer visibility', () => {
  it('hides the footer on doc pages unless the language is English', () => {
    expect(isFooterShown('/doc', 'zh')).toBe(false);
    expect(isFooterShown('/doc/', 'zh_tw')).toBe(false);
    expect(isFooterShown('/android-doc', 'zh_tw')).toBe(false);
    expect(isFooterShown('/ios-doc', 'zh')).toBe(false);
    expect(isFooterShown('/doc', 'en')).toBe(true);
    expect(isFooterShown('/index', 'zh')).toBe(true);
    expect(isFooterShown('/docs-and-more', 'zh')).toBe(true);
  });

  it('points its QR code at the home page of the site it is served from', () => {
    expect(siteHomeUrl('https://ai.pixora.example')).toBe('https://ai.pixora.example/index');
  });
});

describe('product menu', () => {
  const menu = menuFixture.map(toMenuItem);
  const slugs = (sections: ReturnType<typeof productSections>) =>
    sections.flatMap((s) => s.items.map((i) => i.slug));

  it('offers the Internal test tab on the internal domain only', () => {
    expect(productTabs('OUT')).toEqual(['api', 'program']);
    expect(productTabs('IN')).toEqual(['api', 'internal', 'program']);
  });

  it('lists MenuType 0 entries in the API tab, internal-test ones only on the internal domain', () => {
    const outside = productSections(menu, 'api', 'OUT');
    expect(outside.map((s) => s.group.slug)).toEqual(['faceTechnology']);
    expect(slugs(outside)).toEqual(['facepointdetect', 'faceDetect']);
    expect(slugs(productSections(menu, 'api', 'IN'))).toEqual(['facepointdetect', 'faceDetect', 'test']);
  });

  it('lists the Status 1 entries in the Internal test tab, and nothing outside', () => {
    expect(slugs(productSections(menu, 'internal', 'IN'))).toEqual(['test']);
    expect(productSections(menu, 'internal', 'OUT')).toEqual([]);
  });

  it('lists MenuType 2 entries in the PROGRAM tab and never a hidden entry', () => {
    expect(slugs(productSections(menu, 'program', 'OUT'))).toEqual(['studioSolution']);
    for (const tab of productTabs('IN'))
      expect(slugs(productSections(menu, tab, 'IN'))).not.toContain('hiddenEntry');
  });
});

describe('withTimestamp', () => {
  it('appends or replaces t', () => {
    expect(withTimestamp('/algorithm/a/b', 5)).toBe('/algorithm/a/b?t=5');
    expect(withTimestamp('/algorithm/a/b?x=1&t=2', 5)).toBe('/algorithm/a/b?x=1&t=5');
  });
});

describe('scroll thresholds', () => {
  it('are the spec numbers: arrows 50, translucent bar 70, back to top 200', () => {
    expect(SCROLL_THRESHOLDS).toEqual({ submenuArrows: 50, translucentBar: 70, backToTop: 200 });
  });

  it('switch each feature on from its threshold onwards', () => {
    const on = (y: number) =>
      (Object.keys(SCROLL_THRESHOLDS) as Array<keyof typeof SCROLL_THRESHOLDS>).filter((f) => reached(f, y));
    expect(on(0)).toEqual([]);
    expect(on(49)).toEqual([]);
    expect(on(50)).toEqual(['submenuArrows']);
    expect(on(69)).toEqual(['submenuArrows']);
    expect(on(70)).toEqual(['submenuArrows', 'translucentBar']);
    expect(on(199)).toEqual(['submenuArrows', 'translucentBar']);
    expect(on(200)).toEqual(['submenuArrows', 'translucentBar', 'backToTop']);
  });
});

describe('tool box', () => {
  it('offers feedback to signed-in visitors on the internal domain only', () => {
    expect(toolBoxItems({ domain: 'IN', signedIn: true, scrolledFar: false })).toEqual(['feedback']);
    expect(toolBoxItems({ domain: 'IN', signedIn: false, scrolledFar: false })).toEqual([]);
    expect(toolBoxItems({ domain: 'OUT', signedIn: true, scrolledFar: false })).toEqual([]);
  });

  it('offers back to top once the page has scrolled far', () => {
    expect(toolBoxItems({ domain: 'OUT', signedIn: false, scrolledFar: true })).toEqual(['backToTop']);
  });
});

describe('layout at the breakpoints', () => {
  it('keeps a 1200 px column above 1366 px, 1100 px down to 770 px, then the full width', () => {
    expect(layoutAt(1920).wrap).toBe(1200);
    expect(layoutAt(1500).wrap).toBe(1200);
    expect(layoutAt(1366).wrap).toBe(1100);
    expect(layoutAt(770).wrap).toBe(1100);
    expect(layoutAt(769).wrap).toBe('full');
    expect(layoutAt(375).wrap).toBe('full');
  });

  it('has a 70 px top bar, 50 px at mobile widths', () => {
    expect(layoutAt(1366).navHeight).toBe(70);
    expect(layoutAt(769).navHeight).toBe(70);
    expect(layoutAt(768).navHeight).toBe(50);
  });
});

import { describe, expect, it } from 'vitest';
import {
  accessibleAdminRoutes,
  DOCS_EDITOR_PATH,
  MENUS_EDITOR_PATH,
  PERSONALITY_PATH,
} from '../account/adminRoutes.ts';
import { sidebarOpenIn } from '../console/ConsoleNav.tsx';
import { contentFields, getAt, setAt } from './contentFields.ts';

describe('the site content editor fields', () => {
  const banners = [
    {
      id: 1,
      title: { zh: '标题', zh_tw: '標題', en: 'Title' },
      path: '/algorithm/faceTechnology/facepointdetect',
    },
  ];

  it('lists three-language texts as one field and other strings alone, numbers not at all', () => {
    expect(contentFields(banners)).toEqual([
      { path: '0.title', kind: 'i18n' },
      { path: '0.path', kind: 'plain' },
    ]);
  });

  it('changes one text in a copy, leaving the original as it was', () => {
    const changed = setAt(banners, '0.title.en', 'New title');
    expect(getAt(changed, '0.title.en')).toBe('New title');
    expect(getAt(changed, '0.title.zh')).toBe('标题');
    expect(banners[0]!.title.en).toBe('Title');
  });
});

describe('the console sidebar', () => {
  it('is open unless the cookie sidebarStatus is 0', () => {
    expect(sidebarOpenIn('')).toBe(true);
    expect(sidebarOpenIn('language=en; sidebarStatus=1')).toBe(true);
    expect(sidebarOpenIn('language=en; sidebarStatus=0')).toBe(false);
  });

  it('lists the editors to admins and to the roles each names, and to no one else', () => {
    const nav = (roles: string[]) => accessibleAdminRoutes(roles, 'OUT').map((route) => route.path);
    const editors = [MENUS_EDITOR_PATH, DOCS_EDITOR_PATH, PERSONALITY_PATH];
    expect(nav(['admin'])).toEqual(expect.arrayContaining(editors));
    expect(nav(['editor'])).toEqual(expect.arrayContaining([MENUS_EDITOR_PATH, DOCS_EDITOR_PATH]));
    expect(nav(['editor'])).not.toContain(PERSONALITY_PATH);
    expect(nav(['personality'])).toContain(PERSONALITY_PATH);
    expect(nav(['personality'])).not.toContain(MENUS_EDITOR_PATH);
    for (const role of ['user', 'business', 'material', 'material-outside'])
      expect(
        nav([role]).filter((path) => editors.includes(path)),
        role,
      ).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { GROUPS } from '@pixora/catalog';
import { ALGORITHM_GROUPS } from './groups.ts';
import { externalAddressIn, resolveRedirect } from './redirects.ts';

describe('resolveRedirect', () => {
  it('sends / to /index and keeps the query', () => {
    expect(resolveRedirect('/', '')).toBe('/index');
    expect(resolveRedirect('', '')).toBe('/index');
    expect(resolveRedirect('/', '?lang=en')).toBe('/index?lang=en');
  });

  it('sends /colorbyte to the photo-editing solution page', () => {
    expect(resolveRedirect('/colorbyte', '')).toBe('/algorithm/solution/studioSolution');
    expect(resolveRedirect('/colorbyte/', '?lang=zh_tw')).toBe(
      '/algorithm/solution/studioSolution?lang=zh_tw',
    );
  });

  it('sends any path holding an external http address to /demo?src=', () => {
    expect(resolveRedirect('/x/https://a.com/b.png', '')).toBe(
      `/demo?src=${encodeURIComponent('https://a.com/b.png')}`,
    );
    expect(resolveRedirect('/http://a.b', '')).toBe(`/demo?src=${encodeURIComponent('http://a.b')}`);
    expect(resolveRedirect('/foo/https://example.com/x.jpg', '?size=2')).toBe(
      `/demo?src=${encodeURIComponent('https://example.com/x.jpg?size=2')}`,
    );
    expect(resolveRedirect('/index/https%3A%2F%2Fa.com%2Fb.png', '')).toBe(
      `/demo?src=${encodeURIComponent('https://a.com/b.png')}`,
    );
    expect(externalAddressIn('/x/https:/a.com/b.png')).toBe('https://a.com/b.png');
    expect(externalAddressIn('/index')).toBeNull();
  });

  it('lets known paths through', () => {
    for (const path of [
      '/index',
      '/index/',
      '/aboutus',
      '/business',
      '/support',
      '/doc',
      '/android-doc',
      '/ios-doc',
      '/service-protocol',
      '/privacy-protocol',
      '/law-declare',
      '/algorithm/sdk',
      '/algorithm/solution/studioSolution',
      '/logining',
      '/login',
      '/register',
      '/changePwd',
      '/404',
      '/demo',
      '/algorithm',
      '/algorithm/factory/86',
      '/algorithm/faceTechnology',
      '/algorithm/faceTechnology/facepointdetect',
      '/algorithm/diretectionPosition/petRecognition',
      '/algorithm/solution/studioSolution',
      '/own-space/userInfo',
      '/open-admin/open-platform-admin',
      '/open-admin/users',
      '/demo/mid',
      '/outbox',
    ]) {
      expect(resolveRedirect(path, '?t=1'), path).toBeNull();
    }
  });

  it('sends unknown paths to /404', () => {
    for (const path of [
      '/nope',
      '/Index',
      '/indexx',
      '/algorithm/unknownGroup',
      '/algorithm/detectionPosition/x',
      '/algorithm/faceTechnology/facepointdetect/extra',
      '/algorithm/factory',
      '/colorbyte/more',
    ]) {
      expect(resolveRedirect(path, ''), path).toBe('/404');
    }
  });

  it('knows the same groups as the catalogue', () => {
    expect([...ALGORITHM_GROUPS]).toEqual([...GROUPS]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from './http.ts';
import { fakeFetch, json } from '../test/render.tsx';

describe('request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.lang = '';
  });

  it("states the interface's language on every call, whatever the browser's own preference", async () => {
    const { fetchMock, calls } = fakeFetch(() => json({ code: 0, data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    for (const lang of ['zh-CN', 'zh-TW', 'en']) {
      document.documentElement.lang = lang;
      await request('/api/v1/user/info');
    }
    expect(calls.map((c) => (c.init?.headers as Record<string, string>)['Accept-Language'])).toEqual([
      'zh-CN',
      'zh-TW',
      'en',
    ]);
    // Before the interface has set its language: the default, Simplified Chinese.
    document.documentElement.lang = '';
    await request('/api/v1/user/info');
    expect((calls[3]!.init?.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { channelOf, MAX_DURATION_MS, sendVisit, visitEvent, VISIT_ENDPOINT } from './visit.ts';

const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';

describe('visit events', () => {
  it('tells mobile from web by the browser and by the layout width', () => {
    expect(channelOf(1920, desktop)).toBe('web');
    expect(channelOf(769, desktop)).toBe('web');
    expect(channelOf(768, desktop)).toBe('mobile');
    expect(channelOf(1024, phone)).toBe('mobile');
  });

  it('carries the page, the time spent on the previous one, the login flag, open time, channel and location', () => {
    const openedAt = new Date(2026, 10, 22, 9, 5, 7).getTime();
    expect(
      visitEvent({
        url: '/algorithm/faceTechnology/facepointdetect?t=1',
        openedAt,
        previousOpenedAt: openedAt - 12_345,
        loggedIn: true,
        channel: 'web',
        location: 'Asia/Shanghai',
        referrer: 'https://www.search.example/',
        language: 'en',
      }),
    ).toEqual({
      url: '/algorithm/faceTechnology/facepointdetect?t=1',
      duration_ms: 12_345,
      logged_in: true,
      opened_at: '2026-11-22 09:05:07',
      channel: 'web',
      location: 'Asia/Shanghai',
      // The referrer belongs to the first page of a visit only.
      referrer: '',
      language: 'en',
    });
    expect(
      visitEvent({
        url: '/index',
        openedAt,
        previousOpenedAt: null,
        loggedIn: false,
        channel: 'web',
        location: '',
        referrer: 'https://www.search.example/',
      }),
    ).toMatchObject({ referrer: 'https://www.search.example/', language: '' });
  });

  it('counts no time for the first page and caps a tab left open for days', () => {
    const base = { url: '/index', loggedIn: false, channel: 'mobile' as const, location: '' };
    expect(visitEvent({ ...base, openedAt: 1000, previousOpenedAt: null }).duration_ms).toBe(0);
    expect(visitEvent({ ...base, openedAt: 5 * 86_400_000, previousOpenedAt: 0 }).duration_ms).toBe(
      MAX_DURATION_MS,
    );
    expect(visitEvent({ ...base, openedAt: 0, previousOpenedAt: 10 }).duration_ms).toBe(0);
  });

  it('posts the event as JSON to the platform endpoint and swallows failures', async () => {
    const event = visitEvent({
      url: '/index',
      openedAt: 0,
      previousOpenedAt: null,
      loggedIn: false,
      channel: 'web',
      location: '',
    });
    const send = vi.fn(async () => new Response('{}', { status: 200 }));
    expect(await sendVisit(event, send)).toBe(true);
    expect(send).toHaveBeenCalledWith(
      VISIT_ENDPOINT,
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
    const init = (send.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toEqual(event);
    expect(await sendVisit(event, async () => Promise.reject(new TypeError('offline')))).toBe(false);
  });
});

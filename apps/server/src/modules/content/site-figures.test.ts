import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend as idle, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { shiftDay, usageDay } from '../apps/usage.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

interface Figure {
  id: string;
  value: Record<string, string>;
  label: Record<string, string>;
  text: Record<string, string>;
}

describe('the home page figures', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  beforeAll(async () => {
    ({ app, ctx } = await testApp(idle));
  });
  afterAll(async () => app?.close());

  const figures = async (lang = 'en') =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/content/figures',
        headers: { cookie: `language=${lang}` },
      })
    ).json().data as Figure[];

  it('show the point counts of the served contracts and the measured speed of docs/benchmarks.md', async () => {
    const report = fs.readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8');
    const p50 = Number(/^\| v2\/facepoints \| ([\d.]+) ms \|/m.exec(report)![1]);
    // content/site/measured.json is written from the report by scripts/site-measures.ts.
    const measured = JSON.parse(fs.readFileSync(path.join(root, 'content/site/measured.json'), 'utf8'));
    expect(measured.facepointsP50Ms).toBe(p50);

    const shown = await figures();
    expect(shown.map((f) => [f.id, f.value.en])).toEqual([
      ['facePoints', '118'],
      ['contourPoints', '63'],
      ['bodyPoints', '14'],
      ['skinTones', '40'],
      ['keypointSpeed', `${Math.round(p50)} ms`],
    ]);
    expect(shown[0]!.text).toEqual({
      zh: '118 个人脸关键点',
      zh_tw: '118 個人臉關鍵點',
      en: '118 facial key points',
    });
    // No figure names a fact it was not given.
    expect(JSON.stringify(shown)).not.toContain('{{');
    // Calls appear only once there are some.
    expect(shown.map((f) => f.id)).not.toContain('dailyCalls');
  });

  it('count the platform’s own admitted calls over the last seven full days', async () => {
    const { id: appId } = await ctx.db.kysely.selectFrom('apps').select('id').executeTakeFirstOrThrow();
    const today = usageDay();
    const row = (day: string, calls: number, error_code = 0) => ({
      app_id: appId,
      day,
      capability_id: 63,
      status: error_code ? 429 : 200,
      error_code,
      calls,
      total_ms: calls * 30,
      max_ms: 50,
    });
    await ctx.db.kysely
      .insertInto('api_usage')
      .values([
        row(shiftDay(today, 1), 5000),
        row(shiftDay(today, 7), 3400),
        // Refused before admission, today's (not a full day yet) and older ones do not count.
        row(shiftDay(today, 2), 900, 10029),
        row(today, 99_999),
        row(shiftDay(today, 8), 50_000),
      ])
      .execute();
    const calls = (await figures()).find((f) => f.id === 'dailyCalls')!;
    // (5000 + 3400) / 7 = 1200 a day, written in each language's way.
    expect(calls.value).toEqual({ zh: '1200', zh_tw: '1200', en: '1.2K' });
    expect(calls.text).toEqual({
      zh: '近 7 天日均调用 1200 次',
      zh_tw: '近 7 天日均呼叫 1200 次',
      en: '1.2K calls a day over the last 7 days',
    });
  });
});

describe('the solution page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testApp(idle));
  });
  afterAll(async () => app?.close());

  it("states the studio pipeline's measured throughput, in each language, never a promise", async () => {
    const measured = JSON.parse(fs.readFileSync(path.join(root, 'content/site/measured.json'), 'utf8')) as {
      studioPicturesPerMinute: number;
    };
    const shown = String(Math.floor(measured.studioPicturesPerMinute / 10) * 10);
    for (const lang of ['zh', 'zh_tw', 'en']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/content/solution',
        headers: { cookie: `language=${lang}` },
      });
      const text = JSON.stringify(res.json().data);
      expect(text, lang).not.toContain('{{');
      expect(text, lang).not.toMatch(/\b200\b/);
      expect(text, lang).toContain(shown);
    }
  });
});

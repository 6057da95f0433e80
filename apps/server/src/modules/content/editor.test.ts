import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleBackend, rolesLetIn, sessionsByRole, testApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { loadContent } from './content.loader.ts';
import { seedContent } from './content.seed.ts';

/** "Quick start", a guide seeded from content/docs/101. */
const GUIDE = 101;

describe('the docs and personality editors', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let sessions: Record<string, Record<string, string>>;

  beforeAll(async () => {
    ({ app, ctx } = await testApp(idleBackend));
    sessions = await sessionsByRole(ctx, 'doc-editor');
  });
  afterAll(async () => app?.close());

  const publicDoc = async (id: number, lang = 'en') =>
    (await app.inject({ url: `/api/v1/doc/${id}`, headers: { cookie: `language=${lang}` } })).json();
  const draft = (id: number, payload: object, who = 'editor') =>
    app.inject({ method: 'PUT', url: `/api/v1/admin/docs/${id}/draft`, headers: sessions[who], payload });
  const publish = (id: number, lang: string, who = 'editor') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/docs/${id}/publish`,
      headers: sessions[who],
      payload: { lang },
    });
  const reseed = () => seedContent(ctx.db.kysely, loadContent(ctx.config.CONTENT_DIR));

  it('lets in admins and editors on the docs routes, admins and personality on the content routes', async () => {
    const docs = ['admin', 'editor'];
    const body = { lang: 'en', title: 'Roles check', body: 'text', pid: 100 };
    for (const request of [
      { method: 'GET', url: '/api/v1/admin/docs' },
      { method: 'GET', url: `/api/v1/admin/docs/${GUIDE}` },
      { method: 'PUT', url: '/api/v1/admin/docs/9001/draft', payload: body },
      { method: 'POST', url: '/api/v1/admin/docs/9001/publish', payload: { lang: 'en' } },
      { method: 'POST', url: `/api/v1/admin/docs/${GUIDE}/restore`, payload: { version_id: 999999 } },
    ] as const)
      expect(await rolesLetIn(app, sessions, request), request.url).toEqual(docs);

    const personality = ['admin', 'personality'];
    const banners = (
      await app.inject({ url: '/api/v1/admin/content/banners', headers: sessions.admin })
    ).json().data.value;
    for (const request of [
      { method: 'GET', url: '/api/v1/admin/content' },
      { method: 'GET', url: '/api/v1/admin/content/banners' },
      { method: 'PUT', url: '/api/v1/admin/content/banners', payload: { value: banners } },
      {
        method: 'POST',
        url: '/api/v1/admin/content/banners/preview',
        payload: { value: banners, lang: 'en' },
      },
      { method: 'POST', url: '/api/v1/admin/content/banners/restore', payload: { version_id: 999999 } },
    ] as const)
      expect(await rolesLetIn(app, sessions, request), request.url).toEqual(personality);
  });

  it('keeps a draft off the public site until it is published, then keeps the history for a restore', async () => {
    const seeded = (await publicDoc(GUIDE)).data;
    const saved = await draft(GUIDE, {
      lang: 'en',
      title: 'First steps',
      body: 'See the [error codes](/doc?id=103).',
      pid: seeded.PId,
    });
    expect(saved.json().data).toEqual({ broken_links: [] });
    expect((await publicDoc(GUIDE)).data.Title).toBe(seeded.Title);
    const tree = (await app.inject({ url: '/api/v1/doc/', headers: { cookie: 'language=en' } })).json();
    expect(JSON.stringify(tree)).not.toContain('First steps');

    expect((await publish(GUIDE, 'en')).statusCode).toBe(200);
    expect((await publicDoc(GUIDE)).data).toMatchObject({ Title: 'First steps', PId: seeded.PId });
    // The other languages are untouched.
    expect((await publicDoc(GUIDE, 'zh')).data.Title).not.toBe('First steps');

    const editor = (await app.inject({ url: `/api/v1/admin/docs/${GUIDE}`, headers: sessions.editor })).json()
      .data;
    expect(editor.languages.en.draft).toBeNull();
    const [latest, first] = editor.history as { id: number; title: string; actor_email: string }[];
    expect(latest).toMatchObject({ title: 'First steps', actor_email: 'doc-editor-editor@example.com' });
    expect(first).toMatchObject({ title: seeded.Title, actor_email: 'seed' });

    const audit = (
      await app.inject({
        url: `/api/v1/admin/audit?target_type=doc&target_id=${GUIDE}/en`,
        headers: sessions.admin,
      })
    ).json().data.entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['doc.publish', 'doc.draft']);
    expect(audit[0]).toMatchObject({ target_id: `${GUIDE}/en`, before: { title: seeded.Title } });

    const restored = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/docs/${GUIDE}/restore`,
      headers: sessions.editor,
      payload: { version_id: first!.id },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await publicDoc(GUIDE)).data.Title).toBe(seeded.Title);
  });

  it('flags a link to a doc id that does not exist and refuses to publish it', async () => {
    const saved = await draft(GUIDE, {
      lang: 'zh',
      title: '快速开始',
      body: '见 [错误码](/doc?id=103) 与 [旧页面](/doc?id=4242)。',
      pid: 100,
    });
    expect(saved.json().data).toEqual({ broken_links: [4242] });
    const editor = (await app.inject({ url: `/api/v1/admin/docs/${GUIDE}`, headers: sessions.editor })).json()
      .data;
    expect(editor.broken_links).toEqual([4242]);
    const refused = await publish(GUIDE, 'zh');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 10000, error: 'docBrokenLinks' });
    expect((await publicDoc(GUIDE, 'zh')).data.Content).not.toContain('4242');
  });

  it('publishes a new page into the tree and keeps published pages through a re-seed', async () => {
    await draft(9002, { lang: 'en', title: 'Release notes', body: 'New this month.', pid: 100, sort: 99 });
    await publish(9002, 'en');
    await draft(GUIDE, { lang: 'en', title: 'Start here', body: 'Hello.', pid: 100 });
    await publish(GUIDE, 'en');
    await reseed();
    expect((await publicDoc(9002)).data.Title).toBe('Release notes');
    expect((await publicDoc(GUIDE)).data.Title).toBe('Start here');
    // Pages nobody edited still come from the content folder.
    expect((await publicDoc(102)).data.Title.length).toBeGreaterThan(0);
  });

  it('edits the banners in three languages with a preview, keeps the edit through a re-seed, and restores', async () => {
    const got = (
      await app.inject({ url: '/api/v1/admin/content/banners', headers: sessions.personality })
    ).json().data;
    const value = structuredClone(got.value) as Array<{ title: Record<string, string> }>;
    const seededTitle = value[0]!.title.en;
    value[0]!.title = { zh: '新的横幅', zh_tw: '新的橫幅', en: 'A new banner' };

    const preview = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/content/banners/preview',
      headers: sessions.personality,
      payload: { value, lang: 'en' },
    });
    expect(preview.json().data[0].title.en).toBe('A new banner');
    const site = async () => (await app.inject({ url: '/api/v1/content/banners' })).json().data[0].title.en;
    expect(await site()).toBe(seededTitle);

    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/content/banners',
      headers: sessions.personality,
      payload: { value },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await site()).toBe('A new banner');
    await reseed();
    expect(await site()).toBe('A new banner');

    const history = (
      await app.inject({ url: '/api/v1/admin/content/banners', headers: sessions.personality })
    ).json().data.history as { id: number; actor_email: string }[];
    // The role check saved the entry too (as admin and personality): the seed's version is the oldest.
    expect(history[0]!.actor_email).toBe('doc-editor-personality@example.com');
    expect(history.at(-1)!.actor_email).toBe('seed');
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/content/banners/restore',
      headers: sessions.personality,
      payload: { version_id: history.at(-1)!.id },
    });
    expect(await site()).toBe(seededTitle);
  });

  it('keeps measured and derived figures out of hand edits, and the shape of an entry fixed', async () => {
    const got = (await app.inject({ url: '/api/v1/admin/content/figures', headers: sessions.admin })).json()
      .data;
    expect(got.locked).toContain('0.value.en');
    const value = structuredClone(got.value) as Array<{
      value: Record<string, string>;
      label: Record<string, string>;
    }>;
    value[0]!.value.en = '500';
    const claim = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/content/figures',
      headers: sessions.admin,
      payload: { value },
    });
    expect(claim.json()).toMatchObject({ code: 10000, error: 'contentFactLocked' });

    const reworded = structuredClone(got.value) as typeof value;
    reworded[0]!.label.en = 'key points on a face';
    const ok = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/content/figures',
      headers: sessions.admin,
      payload: { value: reworded },
    });
    expect(ok.statusCode, ok.body).toBe(200);

    const shape = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/content/figures',
      headers: sessions.admin,
      payload: { value: [...reworded, reworded[0]] },
    });
    expect(shape.json()).toMatchObject({ code: 10000, error: 'contentShapeChanged' });

    // measured.json is written by the bench: not an editable entry, and the overview shows it as it is.
    const measured = await app.inject({ url: '/api/v1/admin/content/measured', headers: sessions.admin });
    expect(measured.json().code).toBe(21017);
    const overview = (await app.inject({ url: '/api/v1/admin/content', headers: sessions.admin })).json()
      .data;
    expect(overview.names).not.toContain('measured');
    expect(overview.measured).toHaveProperty('facepointsP50Ms');
  });
});

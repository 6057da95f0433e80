import { createLocalBackend, type FaceAnalysisResult, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayBody, privatePostgres, skimagePhoto, testApp } from '../../../test/helpers.ts';
import { facematchGridTile } from '../../../../../packages/vision/test/labelled.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppStatus } from '../apps/apps.repository.ts';
import { EVERY_CAPABILITY } from '../apps/scopes.ts';
import { hashSecret } from '../apps/secrets.ts';
import { COMPARE_PARAMS, SAME_PERSON_THRESHOLD } from '../gateway/face-bindings.ts';
import { DEMO_COOKIE, DEMO_LIMITS, DemoIdentities } from './demo-identity.ts';
import {
  appOwner,
  decodeDescriptor,
  encodeDescriptor,
  FaceSetService,
  type FaceSetOwner,
} from './facesets.service.ts';

const KEY = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

// One engine for the whole file: descriptors of real photos are computed once.
let backend: InferenceBackend;
let astronaut: Buffer;
let astronautSmall: Buffer;
let cat: Buffer;
/** Photos of one man (the facematch screenshot's first row) and of a woman of its third row. */
let man: Buffer[];
let woman: Buffer;

beforeAll(async () => {
  backend = createLocalBackend({ workers: 1, maxQueue: 16, taskTimeoutMs: 60_000 });
  await backend.ready();
  astronaut = await sharp(await skimagePhoto('astronaut'))
    .jpeg()
    .toBuffer();
  // The same woman in a mirrored, smaller, recompressed copy.
  astronautSmall = await sharp(astronaut).flop().resize(400).jpeg({ quality: 80 }).toBuffer();
  cat = await sharp(await skimagePhoto('chelsea'))
    .jpeg()
    .toBuffer();
  man = await Promise.all([0, 1, 2].map((c) => facematchGridTile(0, c)));
  woman = await facematchGridTile(2, 2);
});
afterAll(async () => {
  await backend?.close();
});

async function descriptor(image: Buffer): Promise<{ descriptor: number[]; rectangle: never }> {
  const res = await backend.run<FaceAnalysisResult>('faceanalysis', { image, params: { ...COMPARE_PARAMS } });
  const face = res.faces.sort((a, b) => b.rectangle.width - a.rectangle.width)[0]!;
  return { descriptor: face.descriptor!, rectangle: face.rectangle as never };
}

describe.each(['sqlite', 'postgres'] as const)('face sets stored on %s', (dialect) => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  let sets: FaceSetService;
  let appA: FaceSetOwner;
  let appB: FaceSetOwner;

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const pg = await privatePostgres('facesets');
      drop = pg.drop;
      db = openDatabase(pg.url);
    } else {
      db = openDatabase('sqlite::memory:');
    }
    await migrateToLatest(db.kysely, db.dialect);
    const app = (key: string) => ({
      name: key,
      api_key: key,
      api_secret_hash: hashSecret('secret'),
      scopes: EVERY_CAPABILITY,
      status: AppStatus.enabled,
      created_at: new Date().toISOString(),
    });
    await db.kysely
      .insertInto('apps')
      .values([app('a'), app('b')])
      .execute();
    const ids = await db.kysely.selectFrom('apps').select(['id', 'api_key']).execute();
    appA = appOwner(ids.find((r) => r.api_key === 'a')!.id);
    appB = appOwner(ids.find((r) => r.api_key === 'b')!.id);
    sets = new FaceSetService(db.kysely);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('stores descriptors exactly and finds the person searched for, best first', async () => {
    const set = await sets.create(appA, 'staff');
    const man0 = await descriptor(man[0]!);
    const stored = decodeDescriptor(encodeDescriptor(man0.descriptor));
    expect(Array.from(stored)).toEqual(Array.from(Float32Array.from(man0.descriptor)));
    await sets.addFace(appA, set.faceset_token, 'man', man0);
    await sets.addFace(appA, set.faceset_token, 'astronaut', await descriptor(astronaut));
    await sets.addFace(appA, set.faceset_token, 'woman', await descriptor(woman));

    const forMan = await sets.search(appA, set.faceset_token, (await descriptor(man[1]!)).descriptor, 3, 60);
    expect(forMan.face_count).toBe(3);
    expect(forMan.results.map((r) => r.face_name)[0]).toBe('man');
    expect(forMan.results[0]!.similarity).toBeGreaterThan(forMan.results[1]!.similarity + 10);
    const forHer = await sets.search(
      appA,
      set.faceset_token,
      (await descriptor(astronautSmall)).descriptor,
      1,
      60,
    );
    expect(forHer.results).toHaveLength(1);
    expect(forHer.results[0]).toMatchObject({ face_name: 'astronaut', is_same_person: 1 });

    expect(await sets.list(appA)).toEqual([
      expect.objectContaining({ faceset_name: 'staff', face_count: 3 }),
    ]);
    // Another app sees none of it.
    expect(await sets.list(appB)).toEqual([]);
    await expect(sets.detail(appB, set.faceset_token)).rejects.toMatchObject({ code: 21017 });

    const detail = await sets.detail(appA, set.faceset_token);
    const astronautFace = detail.faces.find((f) => f.face_name === 'astronaut')!;
    expect(await sets.removeFace(appA, set.faceset_token, astronautFace.face_token)).toEqual({
      face_count: 2,
    });
    await sets.remove(appA, set.faceset_token);
    expect(await sets.list(appA)).toEqual([]);
    const left = await db.kysely.selectFrom('face_set_faces').select('id').execute();
    expect(left).toEqual([]);
  });

  it("keeps a visitor's sets apart from the app's and from other visitors', and deletes them when their time is up", async () => {
    const hour = 3_600_000;
    const visitor = (name: string, expiresIn: number): FaceSetOwner => ({
      appId: appA.appId,
      visitor: name,
      expiresAt: new Date(Date.now() + expiresIn).toISOString(),
      limits: { sets: 1, facesPerSet: 1 },
    });
    const early = visitor('early', hour);
    const late = visitor('late', 24 * hour);
    const mine = await sets.create(appA, 'kept');
    const gone = await sets.create(early, 'first visitor');
    expect(gone.expires_at).toBe(early.expiresAt);
    await sets.addFace(early, gone.faceset_token, 'man', await descriptor(man[0]!));
    const stays = await sets.create(late, 'second visitor');
    // Limits are the owner's: one set, one face.
    await expect(sets.create(early, 'another')).rejects.toMatchObject({ code: 10000 });
    await expect(
      sets.addFace(early, gone.faceset_token, 'again', await descriptor(man[1]!)),
    ).rejects.toMatchObject({ code: 10000 });

    // Nobody sees another's sets: not the app the visitors' sets hang on, not the other visitor.
    expect((await sets.list(appA)).map((s) => s.faceset_name)).toEqual(['kept']);
    expect((await sets.list(early)).map((s) => [s.faceset_name, s.face_count])).toEqual([
      ['first visitor', 1],
    ]);
    await expect(sets.detail(late, gone.faceset_token)).rejects.toMatchObject({ code: 21017 });
    await expect(sets.detail(appA, gone.faceset_token)).rejects.toMatchObject({ code: 21017 });
    expect(await sets.visitorFaceCount()).toBe(1);

    // Two hours on: the first visitor's set and its face are gone, the rest stays.
    expect(await sets.deleteExpired(new Date(Date.now() + 2 * hour))).toBe(1);
    expect(await sets.list(early)).toEqual([]);
    expect(await sets.visitorFaceCount()).toBe(0);
    expect((await sets.list(late)).map((s) => s.faceset_token)).toEqual([stays.faceset_token]);
    expect((await sets.list(appA)).map((s) => s.faceset_token)).toEqual([mine.faceset_token]);
    await sets.remove(late, stays.faceset_token);
    await sets.remove(appA, mine.faceset_token);
  });
});

describe('demo identities', () => {
  it('sign a random id with its expiry; forged, altered or expired cookies carry nothing', async () => {
    const db = openDatabase('sqlite::memory:');
    await migrateToLatest(db.kysely, db.dialect);
    let now = Date.parse('2026-11-23T08:00:00Z');
    const ids = new DemoIdentities(db.kysely, () => now);
    const a = await ids.issue();
    const b = await ids.issue();
    expect(a.visitor).not.toBe(b.visitor);
    expect(a.expiresAt.toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(await ids.verify(a.cookie)).toEqual({ visitor: a.visitor, expiresAt: a.expiresAt });
    // Another server process on the same database reads the same key.
    expect((await new DemoIdentities(db.kysely, () => now).verify(a.cookie))?.visitor).toBe(a.visitor);
    const [id, exp, sig] = a.cookie.split('.') as [string, string, string];
    for (const forged of [
      `${b.visitor}.${exp}.${sig}`,
      `${id}.${Number(exp) + 3600}.${sig}`,
      `${id}.${exp}.${sig.slice(0, -2)}AA`,
      `${id}.${exp}`,
      '',
      undefined,
    ])
      expect(await ids.verify(forged), String(forged)).toBeNull();
    now += DEMO_LIMITS.hours * 3_600_000;
    expect(await ids.verify(a.cookie)).toBeNull();
    await db.close();
  });
});

describe('face set endpoints', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  beforeAll(async () => {
    ({ app, ctx } = await testApp(backend));
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (url: string, parameter: Record<string, unknown>, image?: Buffer, query = KEY) =>
    app.inject({
      method: 'POST',
      url: `/${url}?${query}`,
      payload: image ? { ...gatewayBody(image), parameter } : { parameter },
    });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const extra = (res: { json(): any }) => res.json().media_info_list[0].media_extra;

  it('create, add faces, search, list, remove a face, delete', async () => {
    const created = await post('v1/faceset/create', { faceset_name: 'visitors' });
    expect(created.statusCode).toBe(200);
    const token = extra(created).faceset_token as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const added = await post('v1/faceset/add_face', { faceset_token: token, face_name: 'Eileen' }, astronaut);
    expect(added.statusCode).toBe(200);
    expect(extra(added)).toMatchObject({ face_name: 'Eileen', face_count: 1 });
    expect(extra(added).face_rectangle.width).toBeGreaterThan(80);
    const addedMan = await post('v1/faceset/add_face', { faceset_token: token, face_name: 'man' }, man[1]);
    expect(addedMan.statusCode).toBe(200);

    const found = await post('v1/face_search', { faceset_token: token }, astronautSmall);
    expect(found.statusCode).toBe(200);
    const e = extra(found);
    expect(e.threshold).toBe(SAME_PERSON_THRESHOLD);
    expect(e.results).toHaveLength(2);
    expect(e.results[0]).toMatchObject({ face_name: 'Eileen', is_same_person: 1 });
    expect(e.results[1]).toMatchObject({ face_name: 'man', is_same_person: 0 });

    const listed = extra(await post('v1/faceset/list', {}));
    expect(listed.facesets).toEqual([expect.objectContaining({ faceset_token: token, face_count: 2 })]);
    const detail = extra(await post('v1/faceset/detail', { faceset_token: token }));
    const eileen = detail.faces.find((f: { face_name: string }) => f.face_name === 'Eileen');
    const removed = await post('v1/faceset/remove_face', {
      faceset_token: token,
      face_token: eileen.face_token,
    });
    expect(extra(removed).face_count).toBe(1);
    const again = extra(await post('v1/face_search', { faceset_token: token, top_n: 1 }, astronautSmall));
    expect(again.results).toEqual([expect.objectContaining({ face_name: 'man', is_same_person: 0 })]);

    expect((await post('v1/faceset/delete', { faceset_token: token })).statusCode).toBe(200);
    const gone = await post('v1/faceset/detail', { faceset_token: token });
    expect([gone.statusCode, gone.json().ErrorCode]).toEqual([404, 21017]);
  });

  it("counts an app's face-set calls in its usage, as faceRecognition (133)", async () => {
    const { id } = await ctx.db.kysely
      .selectFrom('apps')
      .select('id')
      .where('api_key', '=', 'pixora-demo-key')
      .executeTakeFirstOrThrow();
    const calls = async () => {
      await ctx.usage.flush();
      const rows = await ctx.db.kysely
        .selectFrom('api_usage')
        .select(['calls', 'status'])
        .where('app_id', '=', id)
        .where('capability_id', '=', 133)
        .execute();
      return rows.reduce((sum, row) => sum + row.calls, 0);
    };
    const before = await calls();
    expect((await post('v1/faceset/list', {})).statusCode).toBe(200);
    expect((await post('v1/faceset/detail', { faceset_token: 'f'.repeat(32) })).statusCode).toBe(404);
    // The caller is let in before the body is read, so a call with a malformed body counts too.
    expect((await post('v1/faceset/detail', { faceset_token: 5 })).statusCode).toBe(400);
    expect(await calls()).toBe(before + 3);
  });

  it('refuses calls without credentials, unknown sets, images without a face and bad parameters', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/v1/faceset/list', payload: {} });
    expect([anonymous.statusCode, anonymous.json().ErrorCode]).toEqual([401, 10021]);
    // Credentials come first, as on every gateway endpoint: a malformed body does not change the answer.
    const anonymousBad = await app.inject({
      method: 'POST',
      url: '/v1/faceset/detail',
      payload: { parameter: { faceset_token: 5 } },
    });
    expect([anonymousBad.statusCode, anonymousBad.json().ErrorCode]).toEqual([401, 10021]);
    const keyOnly = await post('v1/faceset/list', {}, undefined, 'api_key=pixora-demo-key');
    expect([keyOnly.statusCode, keyOnly.json().ErrorCode]).toEqual([401, 10021]);
    const unknown = await post('v1/face_search', { faceset_token: 'nope' }, astronaut);
    expect([unknown.statusCode, unknown.json().ErrorCode]).toEqual([404, 21017]);
    const token = extra(await post('v1/faceset/create', {})).faceset_token;
    const noFace = await post('v1/faceset/add_face', { faceset_token: token }, cat);
    expect([noFace.statusCode, noFace.json().ErrorCode]).toEqual([400, 20003]);
    const noImage = await post('v1/face_search', { faceset_token: token });
    expect([noImage.statusCode, noImage.json().ErrorCode]).toEqual([400, 10000]);
    // Bytes that are no image, and a media type the contract does not know, are refused before
    // any inference, as on every gateway endpoint.
    const notImage = await post(
      'v1/faceset/add_face',
      { faceset_token: token },
      Buffer.from('%PDF-1.4 not a photo'),
    );
    expect([notImage.statusCode, notImage.json().ErrorCode]).toEqual([400, 20009]);
    const badType = await app.inject({
      method: 'POST',
      url: `/v1/face_search?${KEY}`,
      payload: {
        media_info_list: [
          { media_data: astronaut.toString('base64'), media_profiles: { media_data_type: 'bmp' } },
        ],
        parameter: { faceset_token: token },
      },
    });
    expect([badType.statusCode, badType.json().ErrorCode]).toEqual([400, 20009]);
    const badTop = await post('v1/face_search', { faceset_token: token, top_n: 0 }, astronaut);
    expect(badTop.json().ErrorCode).toBe(10000);
  });
});

describe('face sets of website visitors', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testApp(backend, { DEMO_RATE_LIMIT_PER_MINUTE: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const extra = (res: { json(): any }) => res.json().media_info_list[0].media_extra;

  /** A browser at `ip` calling as the website's demo does (no credentials, the demo header), keeping its cookie. */
  const browser = (ip: string, cookie = '') => ({
    cookie: () => cookie,
    async call(url: string, parameter: Record<string, unknown>, image?: Buffer) {
      const res = await app.inject({
        method: 'POST',
        url: `/${url}`,
        remoteAddress: ip,
        headers: { 'x-pixora-demo': '1', ...(cookie ? { cookie } : {}) },
        payload: image ? { ...gatewayBody(image), parameter } : { parameter },
      });
      const set = res.cookies.find((c) => c.name === DEMO_COOKIE);
      if (set) cookie = `${DEMO_COOKIE}=${set.value}`;
      return res;
    },
  });

  it('a visitor keeps named faces, finds the same person among them, and nobody else sees them', async () => {
    const me = browser('203.0.113.7');
    // Looking costs no identity; creating a set gives one, in a cookie scripts cannot read.
    expect(extra(await me.call('v1/faceset/list', {})).facesets).toEqual([]);
    expect(me.cookie()).toBe('');
    const created = await me.call('v1/faceset/create', { faceset_name: 'friends' });
    expect(created.statusCode).toBe(200);
    expect(created.cookies.find((c) => c.name === DEMO_COOKIE)).toMatchObject({
      httpOnly: true,
      path: '/v1/',
      sameSite: 'Strict',
    });
    const token = extra(created).faceset_token as string;
    const hoursLeft = (Date.parse(extra(created).expires_at) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const eileen = await me.call(
      'v1/faceset/add_face',
      { faceset_token: token, face_name: 'Eileen' },
      astronaut,
    );
    expect(extra(eileen)).toMatchObject({
      face_name: 'Eileen',
      face_count: 1,
      image_width: 512,
      image_height: 512,
    });
    await me.call('v1/faceset/add_face', { faceset_token: token, face_name: 'Sam' }, man[1]);
    const found = await me.call('v1/face_search', { faceset_token: token }, astronautSmall);
    expect(found.statusCode).toBe(200);
    expect(extra(found)).toMatchObject({ image_width: 400, image_height: 400, face_count: 2 });
    expect(
      extra(found).results.map((r: { face_name: string; is_same_person: number }) => [
        r.face_name,
        r.is_same_person,
      ]),
    ).toEqual([
      ['Eileen', 1],
      ['Sam', 0],
    ]);

    // Another browser, and the demo app calling with its own key, see none of it.
    const other = browser('198.51.100.9');
    expect(extra(await other.call('v1/faceset/list', {})).facesets).toEqual([]);
    const stranger = await other.call('v1/face_search', { faceset_token: token }, astronaut);
    expect([stranger.statusCode, stranger.json().ErrorCode]).toEqual([404, 21017]);
    const asApp = await app.inject({ method: 'POST', url: `/v1/faceset/list?${KEY}`, payload: {} });
    expect(extra(asApp).facesets.map((s: { faceset_token: string }) => s.faceset_token)).not.toContain(token);

    // Three sets at most, twenty faces each.
    expect((await me.call('v1/faceset/create', {})).statusCode).toBe(200);
    expect((await me.call('v1/faceset/create', {})).statusCode).toBe(200);
    const fourth = await me.call('v1/faceset/create', {});
    expect([fourth.statusCode, fourth.json().ErrorCode]).toEqual([400, 10000]);
    expect(extra(await me.call('v1/faceset/list', {})).facesets).toHaveLength(DEMO_LIMITS.sets);
  });

  it('a forged cookie owns nothing, and an address gets a bounded number of new identities an hour', async () => {
    const forger = browser('192.0.2.80', `${DEMO_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA.2000000000.forged`);
    expect(extra(await forger.call('v1/faceset/list', {})).facesets).toEqual([]);
    const detail = await forger.call('v1/faceset/detail', { faceset_token: 'x' });
    expect([detail.statusCode, detail.json().ErrorCode]).toEqual([404, 21017]);
    const fresh = await forger.call('v1/faceset/create', {});
    expect(fresh.statusCode).toBe(200);
    expect(forger.cookie()).not.toContain('forged');

    // The forger's address already used one identity.
    for (let i = 1; i < DEMO_LIMITS.identitiesPerIpPerHour; i++)
      expect((await browser('192.0.2.80').call('v1/faceset/create', {})).statusCode).toBe(200);
    const tooMany = await browser('192.0.2.80').call('v1/faceset/create', {});
    expect([tooMany.statusCode, tooMany.json().ErrorCode]).toEqual([429, 10029]);
    // A visitor who already has an identity goes on working.
    expect((await forger.call('v1/faceset/list', {})).statusCode).toBe(200);
  });
});

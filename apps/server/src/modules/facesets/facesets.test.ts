import crypto from 'node:crypto';
import { createLocalBackend, type FaceAnalysisResult, type InferenceBackend } from '@pixora/vision';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { gatewayBody, skimagePhoto, testApp } from '../../../test/helpers.ts';
import { facematchGridTile } from '../../../../../packages/vision/test/labelled.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { hashSecret } from '../../db/seed.ts';
import { COMPARE_PARAMS, SAME_PERSON_THRESHOLD } from '../gateway/algorithms.ts';
import { decodeDescriptor, encodeDescriptor, FaceSetService } from './facesets.service.ts';

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

/** A database of its own on the test PostgreSQL cluster, so other test files' schemas are untouched. */
async function privatePostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = openDatabase(inject('databaseUrl'));
  const name = `facesets_${crypto.randomBytes(4).toString('hex')}`;
  await sql.raw(`create database ${name}`).execute(admin.kysely);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql.raw(`drop database if exists ${name}`).execute(admin.kysely);
      await admin.close();
    },
  };
}

describe.each(['sqlite', 'postgres'] as const)('face sets stored on %s', (dialect) => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  let sets: FaceSetService;
  let appA: number;
  let appB: number;

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const pg = await privatePostgres();
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
      scopes: '*',
      status: 1,
      created_at: new Date().toISOString(),
    });
    await db.kysely
      .insertInto('apps')
      .values([app('a'), app('b')])
      .execute();
    const ids = await db.kysely.selectFrom('apps').select(['id', 'api_key']).execute();
    appA = ids.find((r) => r.api_key === 'a')!.id;
    appB = ids.find((r) => r.api_key === 'b')!.id;
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
});

describe('face set endpoints', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await testApp(backend));
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

  it('refuses calls without credentials, unknown sets, images without a face and bad parameters', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/v1/faceset/list',
      headers: { 'x-pixora-demo': '1' },
      payload: {},
    });
    expect([anonymous.statusCode, anonymous.json().ErrorCode]).toEqual([401, 10021]);
    const unknown = await post('v1/face_search', { faceset_token: 'nope' }, astronaut);
    expect([unknown.statusCode, unknown.json().ErrorCode]).toEqual([404, 21017]);
    const token = extra(await post('v1/faceset/create', {})).faceset_token;
    const noFace = await post('v1/faceset/add_face', { faceset_token: token }, cat);
    expect([noFace.statusCode, noFace.json().ErrorCode]).toEqual([400, 20003]);
    const noImage = await post('v1/face_search', { faceset_token: token });
    expect([noImage.statusCode, noImage.json().ErrorCode]).toEqual([400, 10000]);
    const badTop = await post('v1/face_search', { faceset_token: token, top_n: 0 }, astronaut);
    expect(badTop.json().ErrorCode).toBe(10000);
  });
});

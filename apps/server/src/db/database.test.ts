import { capabilities, groups } from '@pixora/catalog';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { menuTree } from '../modules/menu/menu.service.ts';
import { openDatabase, type Db } from './database.ts';
import { migrateToLatest } from './migrations.ts';
import { isServed } from '../modules/gateway/bindings.ts';
import { hashSecret, SecretSealer } from '../modules/apps/secrets.ts';
import { seedDemoApp } from '../modules/apps/demo-app.seed.ts';
import { UsageRepository } from '../modules/apps/usage.repository.ts';
import { seedMenus } from '../modules/menu/menu.seed.ts';

// The same behaviour is required of the embedded SQLite file and of PostgreSQL.
const targets = [
  ['sqlite', () => 'sqlite::memory:'],
  ['postgres', () => inject('databaseUrl')],
] as const;

describe.each(targets)('database on %s', (dialect, url) => {
  let db: Db;
  beforeAll(async () => {
    db = openDatabase(url());
    if (dialect === 'postgres') {
      // Each run starts from an empty schema so that migrations are exercised from scratch.
      await sql`drop schema public cascade; create schema public`.execute(db.kysely).catch(async () => {
        await sql`drop schema if exists public cascade`.execute(db.kysely);
        await sql`create schema public`.execute(db.kysely);
      });
    }
  });
  afterAll(async () => db.close());

  it('applies the migrations once and reports nothing new the second time', async () => {
    expect(db.dialect).toBe(dialect);
    expect(await migrateToLatest(db.kysely, db.dialect)).toEqual([
      '0001_menus_and_apps',
      '0002_accounts',
      '0003_content',
      '0004_face_sets',
      '0005_console',
      '0006_console_language',
      '0007_demo_face_sets',
      '0008_signed_requests',
      '0009_jobs',
      '0010_uploads',
      '0011_questionnaire',
      '0012_audit_log',
      '0013_inbox',
      '0014_editor',
      '0015_materials',
      '0017_job_cancel',
      '0018_job_list',
    ]);
    expect(await migrateToLatest(db.kysely, db.dialect)).toEqual([]);
  });

  it('seeds the menu from the catalogue idempotently', async () => {
    const expected = groups.length + capabilities.length;
    expect(await seedMenus(db.kysely, isServed)).toBe(expected);
    await seedMenus(db.kysely, isServed);
    const { count } = await db.kysely
      .selectFrom('menus')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(expected);
  });

  it('restores a menu row changed by hand on the next seed', async () => {
    await db.kysely.updateTable('menus').set({ name: 'changed' }).where('id', '=', 86).execute();
    await seedMenus(db.kysely, isServed);
    const row = await db.kysely
      .selectFrom('menus')
      .select('name')
      .where('id', '=', 86)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('人脸关键点');
  });

  it('builds the menu tree with every group and its capabilities', async () => {
    const tree = await menuTree(db.kysely);
    expect(tree.map((g) => g.Url)).toEqual(groups.map((g) => `/algorithm/${g.id}`));
    const face = tree.find((g) => g.Url === '/algorithm/faceTechnology')!;
    const points = face.Children.find((c) => c.Id === 86)!;
    expect(points).toMatchObject({
      ParentId: face.Id,
      Url: '/algorithm/faceTechnology/facepointdetect',
      Endpoint: 'v2/facepoints',
      MenuType: 0,
    });
    expect(JSON.parse(points.NameI18N)).toEqual({
      zh: '人脸关键点',
      zh_tw: '人臉關鍵點',
      en: 'Face Key Points',
    });
    expect(JSON.parse(points.Extension)).toMatchObject({ demoKind: 'points', doc: 49, available: true });
    const total = tree.reduce((n, g) => n + g.Children.length, 0);
    expect(total).toBe(capabilities.length);
  });

  it('keeps one demo app per key and updates its secret from the configuration', async () => {
    await seedDemoApp(db.kysely, 'demo-key-123', 'first-secret');
    await seedDemoApp(db.kysely, 'demo-key-123', 'second-secret');
    const apps = await db.kysely
      .selectFrom('apps')
      .selectAll()
      .where('api_key', '=', 'demo-key-123')
      .execute();
    expect(apps).toHaveLength(1);
    expect(apps[0]!.api_secret_hash).toBe(hashSecret('second-secret'));
    // Sealed too, so the demo credentials sign calls; the sealed text is not the secret.
    expect(await new SecretSealer(db.kysely, undefined).open(apps[0]!.api_secret_sealed)).toBe(
      'second-secret',
    );
    expect(apps[0]!.api_secret_sealed).not.toContain('second-secret');
    expect(typeof apps[0]!.id).toBe('number');
  });

  it('adds usage in one batch and leaves out the rows of an app that no longer exists', async () => {
    const [app] = await db.kysely
      .selectFrom('apps')
      .select('id')
      .where('api_key', '=', 'demo-key-123')
      .execute();
    const row = (appId: number, calls: number) => ({
      app_id: appId,
      day: '2026-05-04',
      capability_id: 86,
      status: 200,
      error_code: 0,
      calls,
      total_ms: 40 * calls,
      max_ms: 40,
    });
    const usage = new UsageRepository(db.kysely);
    await usage.add([row(app!.id, 2)]);
    // The database refuses the batch for the missing app: it is written again without it.
    await usage.add([row(app!.id, 3), row(app!.id + 1000, 5)]);
    const stored = await db.kysely.selectFrom('api_usage').select(['app_id', 'calls']).execute();
    expect(stored).toEqual([{ app_id: app!.id, calls: 5 }]);
    expect(await usage.admittedCalls(app!.id, '2026-05-04')).toBe(5);
  });
});

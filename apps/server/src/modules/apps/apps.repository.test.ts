import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePostgres } from '../../../test/helpers.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { appStatusName, AppsRepository, AppStatus } from './apps.repository.ts';
import { hashSecret, sameSecret } from './secrets.ts';

describe('app status', () => {
  it('stores each API status as its own number and reads it back by name', () => {
    const names = ['enabled', 'disabled', 'suspended'] as const;
    expect(new Set(names.map((n) => AppStatus[n])).size).toBe(names.length);
    for (const name of names) expect(appStatusName(AppStatus[name])).toBe(name);
  });

  it('reads a number it does not know as disabled', () => {
    expect(appStatusName(7)).toBe('disabled');
  });
});

describe.each(['sqlite', 'postgres'] as const)('apps repository on %s', (dialect) => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  let apps: AppsRepository;

  beforeAll(async () => {
    let url = 'sqlite::memory:';
    if (dialect === 'postgres') ({ url, drop } = await privatePostgres('apps_repository'));
    db = openDatabase(url);
    await migrateToLatest(db.kysely, db.dialect);
    apps = new AppsRepository(db.kysely);
    for (const [key, status] of [
      ['key-a', AppStatus.enabled],
      ['key-b', AppStatus.suspended],
    ] as const)
      await apps.create({
        name: key,
        api_key: key,
        api_secret_hash: hashSecret(`secret of ${key}`),
        scopes: '86',
        status,
        created_at: new Date().toISOString(),
      });
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('finds an app by its API key, whatever its status', async () => {
    const a = await apps.byApiKey('key-a');
    expect(a).toMatchObject({ name: 'key-a', status: AppStatus.enabled, scopes: '86' });
    expect(sameSecret(a!.api_secret_hash, hashSecret('secret of key-a'))).toBe(true);
    expect(sameSecret(a!.api_secret_hash, hashSecret('secret of key-b'))).toBe(false);
    expect(await apps.byApiKey('key-b')).toMatchObject({ name: 'key-b', status: AppStatus.suspended });
  });

  it('finds nothing for an unknown key, nor for a key that only differs in case or spaces', async () => {
    for (const key of ['key-c', '', 'KEY-A', ' key-a']) expect(await apps.byApiKey(key)).toBeUndefined();
  });
});

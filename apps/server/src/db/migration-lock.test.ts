import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { idleBackend, privatePostgres } from '../../test/helpers.ts';
import { createContext } from '../bootstrap.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest, migrations } from './migrations.ts';

// Several servers starting at once on a fresh PostgreSQL database: the advisory lock lets one apply
// the migrations while the others wait, then find nothing left to apply; none fails.
it('three servers migrating a fresh database at once all succeed, one applying every migration', async () => {
  const pg = await privatePostgres('miglock');
  const servers = [0, 1, 2].map(() => openDatabase(pg.url, { poolMax: 2 }));
  try {
    const applied = await Promise.all(servers.map((db) => migrateToLatest(db.kysely, db.dialect)));
    const all = Object.keys(migrations('postgres')).sort();
    expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, 0, all.length]);
    expect(applied.find((names) => names.length)).toEqual(all);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
      servers[0]!.kysely,
    );
    expect(rows[0]!.n).toBe(all.length);
    // The lock is given back: a later start migrates (nothing) at once.
    expect(await migrateToLatest(servers[1]!.kysely, 'postgres')).toEqual([]);
  } finally {
    await Promise.all(servers.map((db) => db.close()));
    await pg.drop();
  }
});

it('three servers starting at once on a fresh database (migrations and seeds) all start', async () => {
  const pg = await privatePostgres('startlock');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-startlock-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: pg.url });
  try {
    const started = await Promise.allSettled(
      [0, 1, 2].map(() => createContext(config, { backend: idleBackend })),
    );
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    for (const s of started) if (s.status === 'fulfilled') await s.value.close();
    expect(failures).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg.drop();
  }
});

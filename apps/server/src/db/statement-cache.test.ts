import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database.ts';

interface Tables {
  items: { id: number; name: string };
}

describe('withStatementCache', () => {
  const opened: Array<Kysely<Tables>> = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });

  async function open(size?: number) {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite, size);
    const prepared: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof sqlite.prepare;
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cached }) });
    opened.push(db);
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    await db
      .insertInto('items')
      .values([1, 2, 3].map((id) => ({ id, name: `item ${id}` })))
      .execute();
    return { db, prepared };
  }

  const byId = (db: Kysely<Tables>, id: number) =>
    db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();

  it('prepares a query once and answers each run with its own parameters', async () => {
    const { db, prepared } = await open();
    prepared.length = 0;
    expect(await byId(db, 1)).toEqual({ name: 'item 1' });
    expect(await byId(db, 3)).toEqual({ name: 'item 3' });
    await db.updateTable('items').set({ name: 'renamed' }).where('id', '=', 3).execute();
    expect(await byId(db, 3)).toEqual({ name: 'renamed' });
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('prepares a fresh statement for a query whose kept one is still being iterated', () => {
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite);
    sqlite.exec('create table items (id integer primary key); insert into items values (1), (2), (3)');
    const text = 'select id from items order by id';
    const seen: Array<{ id: unknown; during: unknown[] }> = [];
    for (const row of cached.prepare(text).iterate([]) as Iterable<{ id: number }>)
      seen.push({
        id: row.id,
        during: (cached.prepare(text).all([]) as Array<{ id: number }>).map((r) => r.id),
      });
    expect(seen).toEqual([1, 2, 3].map((id) => ({ id, during: [1, 2, 3] })));
    expect(cached.prepare(text)).toBe(cached.prepare(text));
    cached.close();
  });

  it('keeps at most its size of statements, dropping the least recently used', async () => {
    const { db, prepared } = await open(2);
    const byName = (name: string) => db.selectFrom('items').select('id').where('name', '=', name).execute();
    await byId(db, 1);
    await byName('item 2');
    prepared.length = 0;
    await byId(db, 2); // kept
    await db.selectFrom('items').select('name').execute(); // a third query: the name query is dropped
    await byName('item 1');
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(2);
  });
});

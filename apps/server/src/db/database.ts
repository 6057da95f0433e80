import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Prepared statements kept per SQLite database: more than the distinct queries the server makes. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * A SQLite database whose prepared statements are kept by their SQL text and used again (the
 * least recently used dropped beyond STATEMENT_CACHE_SIZE). Kysely prepares every query it runs
 * anew, and on the gateway's path (the app's key, then the call's usage written and read back)
 * preparing cost more than running. A statement still being iterated (a streamed query) is busy:
 * a fresh one is prepared for that query meanwhile. SQLite itself prepares a kept statement again
 * when the schema changes under it.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string): SQLite.Statement {
      const statement = kept.get(text);
      if (statement && !statement.busy) {
        // Most recently used last: Map keeps insertion order.
        kept.delete(text);
        kept.set(text, statement);
        return statement;
      }
      const fresh = sqlite.prepare(text);
      if (!statement) {
        kept.set(text, fresh);
        if (kept.size > size) kept.delete(kept.keys().next().value!);
      }
      return fresh;
    },
    close(): void {
      kept.clear();
      sqlite.close();
    },
  };
}

/** Opens the database named by a URL: `sqlite://<file>` (or `sqlite::memory:`) or `postgres://...`. */
export function openDatabase(url: string, options: { poolMax?: number } = {}): Db {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.replace(/^sqlite:(\/\/)?/, '');
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
}

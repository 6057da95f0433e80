import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
} from 'kysely';
import type { Dialect } from './database.ts';

/** Migrations live in code so that they ship with the server; names sort in the order they apply. */
function migrations(dialect: Dialect): Record<string, Migration> {
  // SQLite's INTEGER PRIMARY KEY already auto-increments; PostgreSQL needs an identity column.
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    '0001_menus_and_apps': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('menus')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_i18n', 'text', (c) => c.notNull())
          .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('comment_i18n', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('extension', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('endpoint', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('menu_type', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('display', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(4))
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('menus_parent_idx').on('menus').column('parent_id').execute();

        await db.schema
          .createTable('apps')
          .addColumn('id', 'integer', autoId)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('api_key', 'text', (c) => c.notNull().unique())
          .addColumn('api_secret_hash', 'text', (c) => c.notNull())
          .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('*'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('apps').execute();
        await db.schema.dropTable('menus').execute();
      },
    },
  };
}

// Migrations see the database as it was when they were written, not today's typed schema (Kysely's advice).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `text` as typed: LIKE with `%` and `_` of the text escaped (the same on SQLite
 * and PostgreSQL through an explicit ESCAPE), case-insensitive for Latin letters.
 */
export function contains(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}

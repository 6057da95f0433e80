import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from '@pixora/catalog';
import type { Database } from '../../db/schema.ts';

/** Who made a write: the signed-in user as `requireRoles` returns it. */
export interface Actor {
  id: number;
  email: string;
  phone?: string;
}

export interface AuditRecord {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Records one back-office write. Call it inside the transaction of the write itself, so that a write
 * is never stored without its audit entry (nor an entry without its write).
 */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  record: AuditRecord,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_email: actor.email || actor.phone || '',
      action: record.action,
      target_type: record.targetType,
      target_id: String(record.targetId),
      before: json(record.before),
      after: json(record.after),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export interface AuditFilter {
  target_type?: string;
  target_id?: string;
  before_id?: number;
  limit: number;
}

/** The audit entries matching the filter, newest first. */
export async function listAudit(db: Kysely<Database>, filter: AuditFilter): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.target_type) query = query.where('target_type', '=', filter.target_type);
  if (filter.target_id) query = query.where('target_id', '=', filter.target_id);
  if (filter.before_id) query = query.where('id', '<', filter.before_id);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  }));
}

/** One audit entry by id, for undoing the write it records. */
export async function findAudit(db: Kysely<Database>, id: number): Promise<AuditEntry | undefined> {
  const [entry] = await listAudit(db, { before_id: id + 1, limit: 1 });
  return entry?.id === id ? entry : undefined;
}

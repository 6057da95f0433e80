/**
 * The back office's audit trail (`GET /api/v1/admin/audit`): every write an admin, editor, material or
 * personality user makes, with who, when, and the thing before and after. Shared by server and web.
 */
import { z } from 'zod';

export const auditQuery = z.object({
  /** Only entries about this kind of thing (`menu`, `doc`, `material`, `feedback`, ...). */
  target_type: z.string().trim().max(40).optional(),
  /** Only entries about this one thing (with target_type). */
  target_id: z.string().trim().max(100).optional(),
  /** Entries older than this id (paging backwards); the newest first. */
  before_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditEntry = z.object({
  id: z.number(),
  actor_id: z.number(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The thing before and after the write (parsed JSON); null when it did not exist. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({ entries: z.array(auditEntry) });

import { z } from 'zod';

// Answers of the account area's API that the server shapes with a schema; the web app takes their types.

/** A mail or SMS kept in the local outbox (`/api/v1/dev/outbox`, only while nothing is sent out). */
export const outboxMessage = z.object({
  id: z.number(),
  channel: z.enum(['mail', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** The newest outbox messages first (at most 100). */
export const outboxList = z.object({ messages: z.array(outboxMessage) });
export type OutboxList = z.infer<typeof outboxList>;

/** A user with the roles an administrator gives (`/api/v1/admin/users`). */
export const adminUser = z.object({
  id: z.number(),
  email: z.string(),
  real_name: z.string(),
  /** Comma-separated roles, empty for `user`. */
  role_permissions: z.string(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserList = z.object({ users: z.array(adminUser) });
export type AdminUserList = z.infer<typeof adminUserList>;

/**
 * The inference overview for admins (`GET /api/v1/admin/workers`): the inference workers (with the
 * Redis queue, each worker process by its heartbeat; with the local pool, the server's own pool),
 * the queue's depth and the jobs answered in the last minute. Shared by server and web.
 */
import { z } from 'zod';

export const inferenceWorker = z.object({
  id: z.string(),
  host: z.string().optional(),
  pid: z.number().int().optional(),
  /** The tasks whose models it has loaded (queue workers). */
  tasks: z.array(z.string()).optional(),
  /** Jobs it runs at once. */
  concurrency: z.number().int(),
  busy: z.number().int(),
  /** Jobs answered since it started. */
  jobs_done: z.number().int(),
  /** Its last heartbeat, or (local pool) its last answer. */
  last_seen: z.string().optional(),
});

export const inferenceOverview = z.object({
  backend: z.enum(['local', 'redis']),
  workers: z.array(inferenceWorker),
  queue: z.object({
    /** Jobs waiting for a worker. */
    waiting: z.number().int(),
    /** Jobs a worker is running. */
    active: z.number().int(),
    /** Waiting jobs beyond which calls are refused at once (503). */
    max_depth: z.number().int(),
  }),
  /** Jobs answered in the last minute, all workers together; null where it is not counted (local pool). */
  jobs_last_minute: z.number().int().nullable(),
});

export type InferenceWorker = z.infer<typeof inferenceWorker>;
export type InferenceOverview = z.infer<typeof inferenceOverview>;

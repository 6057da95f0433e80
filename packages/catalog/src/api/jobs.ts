/**
 * Asynchronous and batch jobs (`/v1/jobs`, docs/decisions/0009-jobs.md): a job as the server
 * answers it, the one definition the server's OpenAPI schema, the web's studio page (as types) and
 * the SDK's generated `JobView` type are made from.
 */
import { z } from 'zod';

/** `queued`, `running`, then `done`; or `cancelled` (finished once `finished_at` is set). */
export const jobStatus = z.enum(['queued', 'running', 'done', 'cancelled']);

/** An item's outcome: `cancelled` items were withdrawn by a cancellation before they ran. */
export const jobItemStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);

/** A job without its items' answers, as `GET /v1/jobs` lists it. */
export const jobSummary = z.object({
  job_id: z.string(),
  /** The endpoint the job runs, e.g. `v1/studio`. */
  capability: z.string(),
  status: jobStatus,
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Items withdrawn by a cancellation before they ran: never computed, never counted. */
  cancelled: z.number().int(),
  /** 0 to 1. */
  progress: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});

export const jobItem = z.object({
  index: z.number().int(),
  status: jobItemStatus,
  /** The capability's answer, as a call of it answers (result images as short-lived URLs). */
  answer: z.unknown().optional(),
  error: z.object({ ErrorCode: z.number().int(), ErrorMsg: z.string() }).optional(),
});

/** A job as `POST /v1/jobs`, `GET` and `DELETE /v1/jobs/{id}` answer it and its callback carries it. */
export const jobView = jobSummary.extend({
  callback: z.object({ url: z.string(), status: z.string(), attempts: z.number().int() }).nullable(),
  items: z.array(jobItem),
});

/** Most jobs one page of `GET /v1/jobs` holds, and how many it holds unless asked. */
export const JOB_LIST_MAX = 100;
export const JOB_LIST_DEFAULT = 20;

/** `GET /v1/jobs`: the caller app's jobs, newest first; `next_cursor` asks for the next page. */
export const jobList = z.object({
  jobs: z.array(jobSummary),
  /** Sent as `cursor` for the older jobs; null on the last page. */
  next_cursor: z.string().nullable(),
});

export type JobStatus = z.infer<typeof jobStatus>;
export type JobItemStatus = z.infer<typeof jobItemStatus>;
export type JobSummary = z.infer<typeof jobSummary>;
export type JobItem = z.infer<typeof jobItem>;
export type JobView = z.infer<typeof jobView>;
export type JobList = z.infer<typeof jobList>;

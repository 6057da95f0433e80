import crypto from 'node:crypto';
import {
  capabilities,
  type JobItemStatus,
  type JobList,
  type JobStatus,
  type JobSummary,
  type JobView,
  requestEnvelope,
  responseEnvelope,
} from '@pixora/catalog';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import type { Storage } from '../../platform/storage.ts';
import { type AppRow, AppsRepository, AppStatus } from '../apps/apps.repository.ts';
import { SecretSealer } from '../apps/secrets.ts';
import type { Binding } from '../gateway/binding.ts';
import { bindingsByEndpoint, bindingsById } from '../gateway/bindings.ts';
import { dailyQuotaOf } from '../gateway/caller.ts';
import { toApiError } from '../gateway/engine-errors.ts';
import { loadCheckedMedia, type MediaLimits } from '../gateway/media.ts';
import type { ResultMedia } from '../gateway/result-media.ts';
import { resolveProvidedChoices } from '../gateway/provided-choices.ts';
import { type CapabilityRequest, type GatewayAnswer, wrapAnswer } from '../gateway/run-capability.ts';
import { zipStore, type ZipEntry } from '../../platform/zip.ts';
import { checkCallbackUrl, DownloadError, postJson } from '../gateway/url-fetch.ts';
import { type JobItemRow, type JobRow, JobsRepository, newJobId } from './jobs.repository.ts';

export type { JobView };

/** Where job inputs are stored until the job expires. */
const INPUT_PREFIX = 'job-inputs';
/** How often the runner looks for work, stale items and due callbacks. */
const TICK_MS = 1_000;
/** How often expired jobs and their inputs are deleted. */
const SWEEP_MS = 10 * 60_000;
/** Deadline of one callback delivery. */
const CALLBACK_TIMEOUT_MS = 10_000;
/** Deliveries of a callback before it is given up; the waits grow sixfold from JOB_CALLBACK_RETRY_MS. */
const CALLBACK_ATTEMPTS = 6;

/** A job as `POST /v1/jobs` asks for it (checked by the route's schema). */
export interface JobRequest {
  capability: string;
  parameter?: Record<string, unknown> | undefined;
  items: Array<{ media_info_list: unknown[]; extra?: Record<string, unknown> | undefined }>;
  callback_url?: string | undefined;
}

export interface JobDeps {
  ctx: AppContext;
  results: ResultMedia;
  limits: MediaLimits;
  storage: Storage;
  /** Where the runner reports its failures (the server's log). */
  log?: (err: unknown, what: string) => void;
}

/** The first problem zod found, named by its path under `prefix`. */
function firstIssue(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0]!;
  const where = [prefix, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))].join(
    '',
  );
  return `${where.replace(/\.\[/g, '[')}: ${issue.message}`;
}

/** A job row as the job routes show it, without its items. */
function summaryOf(job: JobRow): JobSummary {
  return {
    job_id: job.id,
    capability: job.endpoint,
    status: job.status as JobStatus,
    total: job.total,
    succeeded: job.succeeded,
    failed: job.failed,
    cancelled: job.cancelled,
    progress: Math.round(((job.succeeded + job.failed + job.cancelled) / job.total) * 1000) / 1000,
    created_at: job.created_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at,
    expires_at: job.expires_at,
  };
}

/**
 * A list cursor names the last job of a page by its creation time and id (the list's order), as
 * base64url of `created_at|id`, so the next page starts after it even while new jobs arrive.
 */
const encodeCursor = (job: JobRow): string =>
  Buffer.from(`${job.created_at}|${job.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || rest.length || Number.isNaN(Date.parse(createdAt)) || !/^job_[0-9a-f]+$/.test(id))
    throw new ApiError(10000, 'cursor: not a cursor of this list (send next_cursor as it was answered)');
  return { createdAt, id };
}

/**
 * Asynchronous and batch jobs (docs/decisions/0009-jobs.md). `POST /v1/jobs` checks a job whole
 * (every item against the capability's contract, the app's quota for all of its items) and answers
 * its id at once; the runner then takes queued items one by one, oldest job first, at most
 * JOB_CONCURRENCY at a time per server, and runs each exactly as a call of the capability would
 * run (the same binding, metered as one call of the app, result images as short-lived URLs). Jobs
 * and items live in the database: an item a stopped server left running runs again once it is
 * stale, and servers sharing the database claim items without running one twice at once. A job
 * with `callback_url` is POSTed there when done, signed with the app's secret, retried with growing
 * waits.
 */
export class JobService {
  private readonly repo: JobsRepository;
  private readonly apps: AppsRepository;
  private readonly sealer: SecretSealer;
  private readonly concurrency: number;
  private readonly staleMs: number;
  private active = 0;
  private stopped = false;
  private busyUntil = 0;
  private lastSweep = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: JobDeps) {
    const { config, db } = deps.ctx;
    this.repo = new JobsRepository(db.kysely);
    this.apps = new AppsRepository(db.kysely);
    this.sealer = new SecretSealer(db.kysely, config.APP_SECRET_SEAL_KEY);
    this.concurrency = config.JOB_CONCURRENCY ?? config.WORKERS;
    this.staleMs = config.INFERENCE_TIMEOUT_MS + config.URL_FETCH_TIMEOUT_MS * 2 + 30_000;
  }

  // Submitting and reading ------------------------------------------------------------------------

  async submit(app: AppRow, origin: string, request: JobRequest): Promise<JobView> {
    const endpoint = request.capability.replace(/^\/+/, '');
    const binding = bindingsByEndpoint.get(endpoint);
    if (!binding) {
      if (capabilities.some((c) => c.endpoint === endpoint)) throw new ApiError(10023, endpoint);
      throw new ApiError(10000, `capability: no capability has the endpoint ${endpoint}`);
    }
    const { config, usage } = this.deps.ctx;
    if (request.items.length > config.JOB_MAX_ITEMS)
      throw new ApiError(10000, `items: at most ${config.JOB_MAX_ITEMS} items in one job`);
    if (request.callback_url !== undefined) {
      try {
        checkCallbackUrl(request.callback_url, config.ALLOW_PRIVATE_URLS);
      } catch (err) {
        throw new ApiError(
          10000,
          `callback_url: ${err instanceof DownloadError ? err.message : 'not a valid URL'}`,
        );
      }
    }
    const contract = binding.capability.api;
    const parameter = { ...request.parameter };
    // Result images of a job are kept as short-lived URLs, never as base64 in the job.
    if ('rsp_media_type' in contract.parameters.shape) parameter.rsp_media_type = 'url';
    const envelope = requestEnvelope(contract);
    request.items.forEach((item, i) => {
      const checked = envelope.safeParse({
        parameter,
        extra: item.extra ?? {},
        media_info_list: item.media_info_list,
      });
      if (!checked.success) throw new ApiError(10000, firstIssue(checked.error, `items[${i}]`));
    });
    // Quotas count per image: a job needing more calls than the app has left today is refused whole.
    const left = await usage.remaining(app.id, dailyQuotaOf(this.deps.ctx, app));
    if (left < request.items.length)
      throw new ApiError(
        10029,
        `the job needs ${request.items.length} calls and ${left} remain in today's quota`,
      );
    const keys = await Promise.all(
      request.items.map((item) =>
        this.deps.storage.put(
          INPUT_PREFIX,
          'json',
          Buffer.from(JSON.stringify({ extra: item.extra ?? {}, media_info_list: item.media_info_list })),
        ),
      ),
    );
    const stamp = new Date();
    const id = newJobId();
    await this.repo.create(
      {
        id,
        app_id: app.id,
        capability_id: binding.capability.id,
        endpoint,
        status: 'queued',
        total: request.items.length,
        parameter: JSON.stringify(parameter),
        origin,
        callback_url: request.callback_url ?? null,
        created_at: stamp.toISOString(),
        updated_at: stamp.toISOString(),
        finished_at: null,
        callback_next_at: null,
        expires_at: new Date(stamp.getTime() + config.JOB_TTL_HOURS * 3_600_000).toISOString(),
      },
      keys,
    );
    this.wake();
    return this.view(app, id);
  }

  /** A job of `app` with its items, or 404 / 10004 (unknown, another app's, or expired). */
  async view(app: AppRow, id: string): Promise<JobView> {
    const job = await this.repo.owned(app.id, id);
    if (!job) throw new ApiError(10004, 'no such job, or it has expired');
    return this.viewOf(job);
  }

  /**
   * Cancels a job of `app` (404 / 10004 as `view`): items not started are withdrawn and never run
   * or metered; items running finish (the engine has their work) and are counted as usual; the
   * job's status becomes `cancelled` and it finishes, its callback sent, once nothing runs. The
   * quota was only checked at submission, never charged, so withdrawn items cost nothing. A job
   * already done or cancelled is answered as it is: cancelling is idempotent.
   */
  async cancel(app: AppRow, id: string): Promise<JobView> {
    const job = await this.repo.owned(app.id, id);
    if (!job) throw new ApiError(10004, 'no such job, or it has expired');
    if (job.status !== 'done' && job.status !== 'cancelled') {
      const finished = await this.repo.cancel(job.id);
      if (finished?.callback_url)
        void this.deliverCallbacks().catch((err: unknown) => this.log(err, 'job callback'));
    }
    return this.view(app, id);
  }

  /**
   * The results of a job of `app` as one ZIP: each item's result image (`item-0001.jpg`, and
   * `item-0001-<field>.png` for image fields such as a mask) while its URL has not expired, and
   * `job.json`, the job as GET shows it. Items still running or failed have no image.
   */
  async resultsZip(app: AppRow, id: string): Promise<Buffer> {
    const view = await this.view(app, id);
    const entries: ZipEntry[] = [];
    for (const item of view.items) {
      const media = (item.answer as GatewayAnswer | undefined)?.media_info_list[0];
      if (!media) continue;
      const base = `item-${String(item.index + 1).padStart(4, '0')}`;
      const links: Array<[string, unknown]> = [
        ['', media.media_profiles.media_data_type === 'url' ? media.media_data : undefined],
        ...Object.entries((media.media_extra ?? {}) as Record<string, unknown>).map(
          ([field, value]): [string, unknown] => [`-${field}`, value],
        ),
      ];
      for (const [suffix, link] of links) {
        if (typeof link !== 'string') continue;
        const image = await this.deps.results.read(link);
        if (image) entries.push({ name: `${base}${suffix}.${image.type}`, data: image.bytes });
      }
    }
    entries.push({ name: 'job.json', data: Buffer.from(`${JSON.stringify(view, null, 2)}\n`) });
    return zipStore(entries);
  }

  /**
   * The jobs of `app` that have not expired, newest first, without their items: `limit` of them
   * after `cursor` (the `next_cursor` of the page before; a cursor that is not one is refused with
   * 10000), optionally only those with `status`, and only those of `capability` (an endpoint as a
   * job names it; one no capability has is refused with 10000, as on submission). Another app's
   * jobs are never listed.
   */
  async list(
    app: AppRow,
    query: {
      limit: number;
      cursor?: string | undefined;
      status?: JobStatus | undefined;
      capability?: string | undefined;
    },
  ): Promise<JobList> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const endpoint = query.capability?.replace(/^\/+/, '');
    if (endpoint !== undefined && !capabilities.some((c) => c.endpoint === endpoint))
      throw new ApiError(10000, `capability: no capability has the endpoint ${endpoint}`);
    const rows = await this.repo.list(app.id, {
      limit: query.limit + 1,
      after,
      status: query.status,
      endpoint,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      jobs: page.map(summaryOf),
      next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  private async viewOf(job: JobRow): Promise<JobView> {
    const items = await this.repo.items(job.id);
    return {
      ...summaryOf(job),
      callback: job.callback_url
        ? { url: job.callback_url, status: job.callback_status, attempts: job.callback_attempts }
        : null,
      items: items.map((item) => ({
        index: item.idx,
        status: item.status as JobItemStatus,
        ...(item.answer !== null ? { answer: JSON.parse(item.answer) as unknown } : {}),
        ...(item.error_code !== null
          ? { error: { ErrorCode: item.error_code, ErrorMsg: item.error_msg ?? '' } }
          : {}),
      })),
    };
  }

  // The runner ------------------------------------------------------------------------------------

  start(): void {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  /** Stops taking items; items running are withdrawn from the engine and go back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }

  /** Looks for work now (a job was submitted). */
  wake(): void {
    void this.pump().catch((err: unknown) => this.log(err, 'job runner'));
  }

  private log(err: unknown, what: string): void {
    if (!this.stopped) this.deps.log?.(err, what);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.repo.requeueStale(new Date(Date.now() - this.staleMs));
      // Items of a cancelled job put back in the queue are withdrawn instead of run.
      for (const id of await this.repo.cancelledWithQueuedItems()) await this.repo.cancel(id);
      await this.pump();
      await this.deliverCallbacks();
      if (Date.now() - this.lastSweep > SWEEP_MS) {
        this.lastSweep = Date.now();
        await this.repo.deleteExpired();
        await this.deps.storage.deleteOlderThan(
          INPUT_PREFIX,
          Date.now() - this.deps.ctx.config.JOB_TTL_HOURS * 3_600_000,
        );
      }
    } catch (err) {
      this.log(err, 'job runner');
    }
  }

  private async pump(): Promise<void> {
    while (!this.stopped && this.active < this.concurrency && Date.now() >= this.busyUntil) {
      this.active++;
      let item: JobItemRow | undefined;
      try {
        item = await this.repo.claimNext();
      } finally {
        if (!item) this.active--;
      }
      if (!item) return;
      const run = this.runItem(item)
        .catch((err: unknown) => this.log(err, 'job item'))
        .finally(() => {
          this.active--;
          this.running.delete(run);
          if (!this.stopped) this.wake();
        });
      this.running.add(run);
    }
  }

  private async runItem(item: JobItemRow): Promise<void> {
    const { ctx, storage } = this.deps;
    const job = await this.repo.byId(item.job_id);
    if (!job) return;
    const fail = (error: ApiError) =>
      this.repo.finishItem(item, { errorCode: error.code, errorMsg: error.message });
    const binding = bindingsById.get(job.capability_id);
    const app = await this.apps.byId(job.app_id);
    if (!binding) return void (await this.afterItem(await fail(new ApiError(10023, job.endpoint))));
    if (!app || app.status !== AppStatus.enabled)
      return void (await this.afterItem(await fail(new ApiError(10022))));
    const stored = await storage.get(item.input_key);
    if (!stored)
      return void (await this.afterItem(await fail(new ApiError(10004, 'the item input has expired'))));
    const sent = JSON.parse(job.parameter) as Record<string, unknown>;
    const input = JSON.parse(stored.toString('utf8')) as Omit<CapabilityRequest, 'parameter'>;
    const call = ctx.usage.begin(app.id, job.capability_id);
    const started = performance.now();
    try {
      const body = requestEnvelope(binding.capability.api).parse({
        ...input,
        parameter: sent,
      }) as CapabilityRequest;
      await ctx.usage.admit(call, dailyQuotaOf(ctx, app));
      const answer = await this.answer(binding, body, sent, job.origin, app.id);
      ctx.usage.count(call, { status: 200, errorCode: 0, ms: performance.now() - started });
      await this.afterItem(await this.repo.finishItem(item, { answer: JSON.stringify(answer) }));
    } catch (err) {
      const error = toApiError(err);
      // A busy engine or a stopping server computed nothing: the item waits in the queue again.
      if (error.code === 10015 || this.stopped) {
        ctx.usage.release(call);
        await this.repo.requeue(item);
        this.busyUntil = Date.now() + (error.retryAfterSeconds ?? 1) * 1000;
        // Cancelled while it waited: withdrawn now rather than run later.
        if ((await this.repo.byId(item.job_id))?.status === 'cancelled')
          await this.afterItem(await this.repo.cancel(item.job_id));
        return;
      }
      ctx.usage.count(call, { status: error.status, errorCode: error.code, ms: performance.now() - started });
      await this.afterItem(await fail(error));
    }
  }

  private async answer(
    binding: Binding,
    body: CapabilityRequest,
    sent: Record<string, unknown>,
    origin: string,
    appId: number,
  ): Promise<unknown> {
    const { ctx, results, limits } = this.deps;
    const contract = binding.capability.api;
    const images = await Promise.all(
      body.media_info_list.slice(0, contract.maxImages).map((item) => loadCheckedMedia(item, limits, appId)),
    );
    const provided = await resolveProvidedChoices(
      ctx,
      binding.capability,
      body.parameter as Record<string, unknown>,
    );
    const answer = await binding.run({
      backend: ctx.backend,
      images,
      parameter: body.parameter as Record<string, unknown>,
      timeoutMs: ctx.config.INFERENCE_TIMEOUT_MS,
      signal: this.abort.signal,
      provided,
    });
    const wrapped = await wrapAnswer(binding, body, answer, sent, (image) =>
      results.publish(origin, image.bytes, image.type),
    );
    // As the gateway does for calls when CHECK_ANSWERS is on: the stored answer fits the contract.
    if (ctx.config.CHECK_ANSWERS) responseEnvelope(contract).parse(wrapped);
    return wrapped;
  }

  /** After an item: a job just done has its callback delivered now. */
  private async afterItem(done: JobRow | undefined): Promise<void> {
    if (done?.callback_url) await this.deliverCallbacks();
  }

  // Callbacks -------------------------------------------------------------------------------------

  /**
   * Delivers due callbacks: the job as `GET /v1/jobs/{id}` shows it, POSTed as JSON with
   * `X-Pixora-Timestamp` and `X-Pixora-Signature: v1=<hex HMAC-SHA256(app secret, timestamp + "." + body)>`
   * (none when the app's secret predates signed calls). A 2xx answer delivers it; anything else is
   * tried again after JOB_CALLBACK_RETRY_MS, then six times longer each time, CALLBACK_ATTEMPTS
   * times in all. Deliveries are at least once: a receiver may see a callback twice.
   */
  async deliverCallbacks(): Promise<void> {
    const { config } = this.deps.ctx;
    for (const job of await this.repo.dueCallbacks()) {
      if (this.stopped) return;
      const app = await this.apps.byId(job.app_id);
      const body = JSON.stringify(await this.viewOf(job));
      const timestamp = String(Math.floor(Date.now() / 1000));
      const secret = app ? await this.sealer.open(app.api_secret_sealed) : undefined;
      const headers: Record<string, string> = {
        'x-pixora-event': job.status === 'cancelled' ? 'job.cancelled' : 'job.done',
        'x-pixora-timestamp': timestamp,
      };
      if (secret)
        headers['x-pixora-signature'] =
          `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      let ok = false;
      try {
        const status = await postJson(job.callback_url!, body, headers, {
          timeoutMs: CALLBACK_TIMEOUT_MS,
          allowPrivate: config.ALLOW_PRIVATE_URLS,
        });
        ok = status >= 200 && status < 300;
      } catch {
        ok = false;
      }
      const attempts = job.callback_attempts + 1;
      if (ok) await this.repo.callbackAttempt(job, 'delivered');
      else if (attempts >= CALLBACK_ATTEMPTS) await this.repo.callbackAttempt(job, 'failed');
      else
        await this.repo.callbackAttempt(
          job,
          'pending',
          new Date(Date.now() + config.JOB_CALLBACK_RETRY_MS * 6 ** (attempts - 1)),
        );
    }
  }
}

import zlib from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnknownTaskError, type InferenceBackend } from '@pixora/vision';
import type { AppContext } from '../../platform/context.ts';
import { dependencyChecks, runChecks } from './dependencies.ts';

/** A worker that answered a job this recently completes jobs: no probe is needed. */
export const RECENT_ANSWER_MS = 10_000;
/** Longest a readiness probe job may take; a shorter inference timeout bounds it too. */
export const PROBE_TIMEOUT_MS = 5_000;
/** A probe's outcome stands this long, so that frequent /readyz checks do not fill the queue. */
const PROBE_REUSE_MS = 2_000;
/** The engine task a probe runs: face detection, the cheapest model every build serves. */
const PROBE_TASK = 'facepoints';

/** A 64×64 mid-grey PNG (8-bit greyscale, one zlib stream): the probe's photo, made without a codec. */
function greyPng(size = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // Each row: filter byte 0 then the pixels.
  const rows = Buffer.alloc(size * (size + 1), 128);
  for (let y = 0; y < size; y++) rows[y * (size + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Whether inference workers complete jobs: yes when one answered a job within RECENT_ANSWER_MS;
 * otherwise a probe job (PROBE_TASK on a small grey photo) must come back within the bound,
 * through the same queue as the calls. Its outcome is reused for PROBE_REUSE_MS and one probe
 * runs at a time.
 */
export function inferenceProbe(backend: InferenceBackend, timeoutMs: number) {
  const image = greyPng();
  let last: { at: number; ok: boolean; error?: string } | undefined;
  let running: Promise<{ ok: boolean; error?: string }> | undefined;
  return async (): Promise<{ ok: boolean; via: 'recent answer' | 'probe'; error?: string }> => {
    const answeredAt = backend.stats().lastCompletedAt;
    if (answeredAt !== undefined && Date.now() - answeredAt < RECENT_ANSWER_MS)
      return { ok: true, via: 'recent answer' };
    if (last && Date.now() - last.at < PROBE_REUSE_MS) return { ...last, via: 'probe' };
    running ??= backend
      .run(PROBE_TASK, { image }, { timeoutMs })
      .then(
        () => ({ ok: true }),
        // Workers that serve other tasks only (WORKER_TASKS) answer the probe UnknownTaskError:
        // they answered, so jobs complete.
        (err: unknown) =>
          err instanceof UnknownTaskError
            ? { ok: true }
            : { ok: false, error: err instanceof Error ? err.name : String(err) },
      )
      .then((outcome) => {
        last = { at: Date.now(), ...outcome };
        running = undefined;
        return outcome;
      });
    return { ...(await running), via: 'probe' };
  };
}

/** A readiness check: resolves true when its dependency answers. */
export type ReadinessCheck = () => Promise<boolean>;

/**
 * The dependencies /readyz checks besides the inference workers, by the name its answer reports
 * them under: the database always, Redis when the inference queue is in it. A new dependency
 * (storage...) is one more entry.
 */
export function readinessChecks(ctx: AppContext): Record<string, ReadinessCheck> {
  const checks: Record<string, ReadinessCheck> = dependencyChecks(ctx);
  const overview = ctx.inferenceOverview;
  // Reading the workers' heartbeats answers only while Redis does.
  if (overview && !checks.redis) checks.redis = async () => (await overview()).backend === 'redis';
  return checks;
}

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const probe = inferenceProbe(ctx.backend, Math.min(PROBE_TIMEOUT_MS, ctx.config.INFERENCE_TIMEOUT_MS));

    // Liveness: 200 while the process serves HTTP. Restarting would not cure a database or engine
    // that is down, so neither is checked here; /readyz says whether calls can be served.
    app.get('/healthz', { schema: { tags: ['operations'], summary: 'Liveness' } }, async () => ({
      status: 'ok',
      models: ctx.readiness.modelsLoaded,
      inference: ctx.backend.stats(),
    }));

    // Readiness: 200 only while every dependency check passes (readinessChecks: the database, the
    // storage, Redis when configured or holding the inference queue), the models are loaded, a worker
    // is ready and workers complete jobs (inferenceProbe); otherwise 503, and load balancers send no calls.
    app.get(
      '/readyz',
      { schema: { tags: ['operations'], summary: 'Readiness' } },
      async (_request, reply) => {
        const outcomes = await runChecks(readinessChecks(ctx));
        const stats = ctx.backend.stats();
        // Backends that do not report ready workers count every live one as ready.
        const workersReady = (stats.ready ?? stats.workers) > 0;
        const models = ctx.readiness.modelsLoaded;
        const jobs = models && workersReady ? await probe() : { ok: false, via: 'probe' as const };
        const ok = Object.values(outcomes).every(Boolean) && models && workersReady && jobs.ok;
        return reply.code(ok ? 200 : 503).send({
          status: ok ? 'ready' : 'not ready',
          ...outcomes,
          models,
          workers_ready: workersReady,
          jobs_complete: jobs.ok,
          ...(jobs.error ? { probe_error: jobs.error } : {}),
          inference: ctx.backend.stats(),
        });
      },
    );
  };

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { requestEnvelope } from '@pixora/catalog';
import { OverloadedError, refusalRetryMs } from '@pixora/vision';
import type { AppContext } from '../../platform/context.ts';
import { ApiError, tooFrequent } from '../../platform/error-catalogue.ts';
import type { Binding, CapabilityAnswer, ResultImage } from './binding.ts';
import { toApiError } from './engine-errors.ts';
import { loadCheckedMedia, type MediaLimits } from './media.ts';
import { resultOrigin, type ResultMedia } from './result-media.ts';
import { shareKey, type CallerShare } from './fair-share.ts';
import { resolveProvidedChoices } from './provided-choices.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's `parameter` as the client sent it, echoed in the answer. */
    sentParameter?: unknown;
  }
}

/**
 * A preValidation hook: keeps `parameter` as the client sent it. Validation then replaces the body
 * with the checked one (defaults filled in), but the answer echoes what was sent.
 */
export async function keepSentParameter(request: FastifyRequest): Promise<void> {
  request.sentParameter = (request.body as { parameter?: unknown } | undefined)?.parameter;
}

/** The `parameter` an answer echoes: as sent, `{}` when there was none. */
export const echoedParameter = (request: FastifyRequest) =>
  (request.sentParameter ?? {}) as Record<string, unknown>;

/** The checked request of a served capability. */
export type CapabilityRequest = z.output<ReturnType<typeof requestEnvelope>>;

/** What `media_info_list[0]` carries besides `media_extra`. */
interface MediaOut {
  media_data?: string;
  media_profiles: { media_data_type: string; expires_at?: string };
}

/**
 * Runs a served capability for one request: loads its images (base64 or download), runs its
 * binding, and wraps the answer in the gateway's envelope. `parameter` is echoed as the client
 * sent it (keepSentParameter); the binding gets it checked, with defaults, in the public names.
 */
export async function runCapability(
  deps: { ctx: AppContext; results: ResultMedia; limits: MediaLimits; share: CallerShare },
  binding: Binding,
  body: CapabilityRequest,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { ctx } = deps;
  try {
    return await admitAndAnswer(deps, binding, body, request, reply);
  } catch (err) {
    // A busy answer (503 / 10015: no worker ready, the queue full or over the call's deadline, the
    // engine shutting down) computed nothing: it is counted, but not charged to the daily quota.
    if (err instanceof ApiError && err.code === 10015 && request.caller?.kind === 'app')
      ctx.usage.release(request.caller);
    throw err;
  }
}

/** runCapability's admission: readiness, the deadline and the caller's share, then the answer. */
async function admitAndAnswer(
  deps: { ctx: AppContext; results: ResultMedia; limits: MediaLimits; share: CallerShare },
  binding: Binding,
  body: CapabilityRequest,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { ctx, share } = deps;
  const stats = ctx.backend.stats();
  // No worker ready once the models were loaded (all died, restarts backing off): refused at once,
  // before reading or downloading the images, as the engine would refuse the job.
  if (ctx.readiness.modelsLoaded && stats.ready === 0)
    throw new ApiError(10015, 'no inference worker is ready', { retryAfterMs: 1_000 });
  // Admission by deadline, before reading or downloading the images: the engine's estimate of the
  // wait says the call's jobs could not start in time (the engine applies the same rule per job).
  if (stats.estimatedWaitMs !== undefined) {
    const service = Math.max(0, ...binding.tasks.map((task) => stats.serviceMs?.[task] ?? 0));
    const retryMs = refusalRetryMs(
      stats.estimatedWaitMs,
      service,
      ctx.config.QUEUE_WAIT_MAX_MS,
      ctx.config.INFERENCE_TIMEOUT_MS,
    );
    if (retryMs !== undefined) throw toApiError(new OverloadedError(stats.estimatedWaitMs, retryMs));
  }
  // One caller's share of the engine (fair-share.ts): beyond it, refused at once and not charged
  // to the daily quota.
  const key = shareKey(request);
  if (!(await share.enter(key))) {
    if (request.caller?.kind === 'app') ctx.usage.release(request.caller);
    throw tooFrequent(1_000, `at most ${ctx.config.CALLER_MAX_IN_FLIGHT} calls of one caller at once`);
  }
  try {
    return await answerCall(deps, binding, body, request, reply);
  } finally {
    share.leave(key);
  }
}

/** runCapability once the call has its place in the engine. */
async function answerCall(
  deps: { ctx: AppContext; results: ResultMedia; limits: MediaLimits },
  binding: Binding,
  body: CapabilityRequest,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { ctx, results, limits } = deps;
  const contract = binding.capability.api;
  const media = body.media_info_list;
  // Options given at run time (materials) are checked before the images are read.
  const provided = await resolveProvidedChoices(
    ctx,
    binding.capability,
    body.parameter as Record<string, unknown>,
  );
  const t0 = performance.now();
  const appId = request.caller?.kind === 'app' ? request.caller.appId : undefined;
  const images = await Promise.all(
    media.slice(0, contract.maxImages).map((item) => loadCheckedMedia(item, limits, appId)),
  );
  const t1 = performance.now();
  // A client that closes its connection before the answer has given up: its jobs are withdrawn
  // from the engine's queue (or skipped by the worker they were sent ahead to) instead of being
  // computed for nobody while other callers wait.
  const gaveUp = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) gaveUp.abort();
  };
  reply.raw.once('close', onClose);
  let answer;
  try {
    answer = await binding.run({
      backend: ctx.backend,
      images,
      parameter: body.parameter as Record<string, unknown>,
      timeoutMs: ctx.config.INFERENCE_TIMEOUT_MS,
      signal: gaveUp.signal,
      maxWaitMs: ctx.config.QUEUE_WAIT_MAX_MS,
      provided,
    });
  } catch (err) {
    const apiError = toApiError(err);
    if (apiError.code === 10009 || apiError.code === 19999) request.log.error({ err }, 'algorithm failed');
    throw apiError;
  } finally {
    reply.raw.off('close', onClose);
  }
  // Where the time went (W3C Server-Timing): reading the media (base64 or download), and the
  // engine (queue wait plus inference). Clients and `npm run bench` read it.
  reply.header(
    'server-timing',
    `media;dur=${(t1 - t0).toFixed(1)}, engine;dur=${(performance.now() - t1).toFixed(1)}`,
  );

  return wrapAnswer(binding, body, answer, echoedParameter(request), (image) =>
    results.publish(resultOrigin(request, ctx.config), image.bytes, image.type),
  );
}

/** A served capability's answer in the gateway's envelope. */
export interface GatewayAnswer {
  parameter: Record<string, unknown>;
  extra: CapabilityRequest['extra'];
  media_info_list: Array<MediaOut & { media_extra: unknown }>;
}

/**
 * Wraps a binding's answer in the gateway's envelope, as a call answers it and a job item stores
 * it: the result image (and the kind's image fields, a mask) as base64, or as short-lived URLs
 * made by `publish` when the call asked for `rsp_media_type: url`; `media_extra` in the order the
 * contract documents its fields.
 */
export async function wrapAnswer(
  binding: Binding,
  body: CapabilityRequest,
  answer: CapabilityAnswer,
  parameter: Record<string, unknown>,
  publishImage: (image: ResultImage) => Promise<{ url: string; expiresAt: Date }>,
): Promise<GatewayAnswer> {
  const contract = binding.capability.api;
  const media = body.media_info_list;
  const asUrl = (body.parameter as { rsp_media_type?: string }).rsp_media_type === 'url';
  const publish = async (image: ResultImage) => (asUrl ? publishImage(image) : undefined);
  let out: MediaOut = {
    media_profiles: { media_data_type: media[0]?.media_profiles?.media_data_type ?? 'jpg' },
  };
  if (answer.image) {
    const link = await publish(answer.image);
    out = link
      ? {
          media_data: link.url,
          media_profiles: { media_data_type: 'url', expires_at: link.expiresAt.toISOString() },
        }
      : {
          media_data: answer.image.bytes.toString('base64'),
          media_profiles: { media_data_type: answer.image.type },
        };
  }
  let mediaExtra = answer.mediaExtra;
  if (answer.fieldImages && Object.keys(answer.fieldImages).length) {
    const filled: Record<string, unknown> = { ...mediaExtra };
    for (const [field, image] of Object.entries(answer.fieldImages))
      filled[field] = (await publish(image))?.url ?? image.bytes.toString('base64');
    // In the order the contract documents its fields.
    const order = Object.keys((contract.answer as z.ZodObject).shape ?? {});
    mediaExtra = Object.fromEntries(
      [...order.filter((k) => k in filled), ...Object.keys(filled).filter((k) => !order.includes(k))].map(
        (k) => [k, filled[k]],
      ),
    );
  }
  return { parameter, extra: body.extra, media_info_list: [{ ...out, media_extra: mediaExtra }] };
}

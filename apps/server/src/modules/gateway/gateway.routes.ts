import {
  capabilities,
  errorEnvelope,
  mediaItem,
  requestEnvelope,
  responseEnvelope,
  type Capability,
} from '@pixora/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { bindingsById } from './bindings.ts';
import { APP_SECURITY, gatewayQuery, registerCaller } from './caller.ts';
import { FairShare, RedisFairShare, type CallerShare } from './fair-share.ts';
import { mediaBodyLimit, mediaLimits, type MediaLimits } from './media.ts';
import type { ResultMedia } from './result-media.ts';
import { keepSentParameter, runCapability, type CapabilityRequest } from './run-capability.ts';

/** The envelope of an endpoint whose contract is not served: only its shape is checked. */
export const gatewayRequest = z.object({
  parameter: z.record(z.string(), z.unknown()).default({}),
  extra: z.record(z.string(), z.unknown()).default({}),
  media_info_list: z.array(mediaItem).min(1),
});

/**
 * Answers are written as the bindings make them: the contract's schema documents them. With
 * CHECK_ANSWERS (tests) every answer is first parsed with it, and one that does not fit fails.
 */
function answerSerializer(check: boolean) {
  return ({ schema }: { schema: unknown }) =>
    (data: unknown) => {
      if (check) {
        const result = (schema as z.ZodType).safeParse(data);
        if (!result.success)
          throw new Error(`answer does not fit its contract: ${z.prettifyError(result.error)}`);
      }
      return JSON.stringify(data);
    };
}

const describe = (capability: Capability) => ({
  tags: ['gateway'],
  summary: capability.name.en,
  description: capability.description.en,
  querystring: gatewayQuery,
});

/**
 * One route per capability with an endpoint. A served capability (one with a binding) declares
 * its capability (registerCaller lets its caller in and meters the call), checks its request
 * against its contract and runs it. Any other declares none and answers 10023 first thing
 * (onRequest): no caller check, nothing counted against a quota.
 */
export const gatewayRoutes =
  (ctx: AppContext, results: ResultMedia, uploads?: MediaLimits['uploads']): FastifyPluginAsyncZod =>
  async (app) => {
    registerCaller(app, ctx);
    const bodyLimit = mediaBodyLimit(ctx.config);
    const deps = {
      ctx,
      results,
      limits: { ...mediaLimits(ctx.config), ...(uploads ? { uploads } : {}) },
      share: callerShare(ctx),
    };

    for (const capability of capabilities) {
      if (!capability.endpoint) continue;
      const binding = bindingsById.get(capability.id);
      if (!binding) {
        const notOpen = async () => {
          throw new ApiError(10023, capability.endpoint);
        };
        // Refused in onRequest, before the body is read; the handler is never reached.
        app.post(
          `/${capability.endpoint}`,
          { bodyLimit, schema: { ...describe(capability), body: gatewayRequest }, onRequest: notOpen },
          notOpen,
        );
        continue;
      }
      const contract = binding.capability.api;
      app.post(
        `/${contract.endpoint}`,
        {
          bodyLimit,
          schema: {
            ...describe(capability),
            security: APP_SECURITY,
            body: requestEnvelope(contract),
            response: { 200: responseEnvelope(contract), '4xx': errorEnvelope, '5xx': errorEnvelope },
          },
          config: { capabilityId: capability.id },
          serializerCompiler: answerSerializer(ctx.config.CHECK_ANSWERS),
          preValidation: keepSentParameter,
        },
        async (request, reply) =>
          runCapability(deps, binding, request.body as CapabilityRequest, request, reply),
      );
    }
  };

/**
 * The per-caller cap's counter: in Redis when several servers feed one queue (INFERENCE_BACKEND=redis
 * with REDIS_URL), so that a caller's share holds over all of them; else in this server's memory.
 * A place lives at most as long as a call can hold it (its downloads, then up to two inference
 * timeouts), so that the places of a killed server come back.
 */
function callerShare(ctx: AppContext): CallerShare {
  const { config } = ctx;
  if (config.INFERENCE_BACKEND === 'redis' && ctx.redis)
    return new RedisFairShare(
      ctx.redis,
      config.REDIS_KEY_PREFIX,
      config.CALLER_MAX_IN_FLIGHT,
      config.URL_FETCH_TIMEOUT_MS + 2 * config.INFERENCE_TIMEOUT_MS,
    );
  return new FairShare(config.CALLER_MAX_IN_FLIGHT);
}

import {
  errorEnvelope,
  faceSetEndpoints,
  requestEnvelope,
  responseEnvelope,
  type EndpointContract,
} from '@pixora/catalog';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { describeSingleFace, SAME_PERSON_THRESHOLD } from '../gateway/face-bindings.ts';
import { callerOf, DEMO_HEADER, gatewayQuery, registerCaller } from '../gateway/caller.ts';
import { toApiError } from '../gateway/engine-errors.ts';
import { loadCheckedMedia, mediaBodyLimit, mediaLimits } from '../gateway/media.ts';
import { echoedParameter, keepSentParameter } from '../gateway/run-capability.ts';
import { DEMO_COOKIE, DEMO_LIMITS, DemoIdentities, type DemoIdentity } from './demo-identity.ts';
import { appOwner, FaceSetService, type FaceSetOwner } from './facesets.service.ts';

/** Face sets belong to faceRecognition (capability 133): an app needs that scope (or `*`). */
export const FACE_RECOGNITION_ID = 133;
/** Expired visitor sets are swept this often (and before each visitor creates a set). */
const SWEEP_MS = 10 * 60_000;

/** The checked request of a face-set endpoint (its contract in @pixora/catalog): parameters as the client named them. */
interface Body {
  parameter: Record<string, unknown> & { faceset_token?: string; top_n?: number };
  extra: Record<string, unknown>;
  media_info_list: Array<{ media_data: string; media_profiles?: { media_data_type?: string } }>;
}
const contracts = new Map<string, EndpointContract>(faceSetEndpoints.map((e) => [`/${e.endpoint}`, e]));

/** How an endpoint treats a website visitor who has no demo identity yet. */
type WithoutIdentity = 'issue' | 'empty';

/**
 * Face sets and face search (faceRecognition), same envelope as the gateway: results under
 * `media_info_list[0].media_extra`. Endpoints and fields: docs/quality.md ("Face sets and search").
 *
 * Callers (registerCaller, the gateway's check, as capability 133): an app with `api_key` +
 * `api_secret` owns its sets, and its calls count in its usage like every gateway call. A website
 * demo call (no credentials, the `x-pixora-demo` header) counts against the per-IP demo grant and
 * owns its sets under a per-browser demo identity (docs/decisions/0005-demo-face-sets.md).
 */
export const faceSetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const sets = new FaceSetService(ctx.db.kysely);
    const identities = new DemoIdentities(ctx.db.kysely);
    const limits = mediaLimits(ctx.config);
    const bodyLimit = mediaBodyLimit(ctx.config);
    const image = async (b: Body) => {
      const first = b.media_info_list[0];
      if (!first) throw new ApiError(10000, 'media_info_list needs 1 image');
      // The same media check as every gateway call: a declared type the contract knows, image bytes.
      return loadCheckedMedia(first, limits);
    };
    const describe = async (bytes: Buffer) => {
      try {
        return await describeSingleFace(
          { backend: ctx.backend, timeoutMs: ctx.config.INFERENCE_TIMEOUT_MS },
          bytes,
        );
      } catch (err) {
        throw toApiError(err);
      }
    };

    // Visitors' sets hang on the demo app of the configuration (user_id null, never shown to a developer).
    let demoAppId: Promise<number> | undefined;
    const demoApp = () => {
      demoAppId ??= ctx.db.kysely
        .selectFrom('apps')
        .select('id')
        .where('api_key', '=', ctx.config.DEMO_API_KEY)
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
      demoAppId.catch(() => (demoAppId = undefined));
      return demoAppId;
    };
    const visitorOwner = async (identity: DemoIdentity): Promise<FaceSetOwner> => ({
      appId: await demoApp(),
      visitor: identity.visitor,
      expiresAt: identity.expiresAt.toISOString(),
      limits: { sets: DEMO_LIMITS.sets, facesPerSet: DEMO_LIMITS.facesPerSet },
    });

    const sweep = () =>
      sets.deleteExpired().catch((err: unknown) => app.log.error({ err }, 'deleting expired demo face sets'));
    const timer = setInterval(() => void sweep(), SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    registerCaller(app, ctx);

    /**
     * Whose sets the caller acts on: an app's own, or a website visitor's. A visitor without a
     * valid identity gets one where the endpoint creates something ('issue'); elsewhere they
     * simply own nothing yet (null).
     */
    async function owner(
      request: FastifyRequest,
      reply: FastifyReply,
      withoutIdentity: WithoutIdentity,
    ): Promise<FaceSetOwner | null> {
      const caller = callerOf(request);
      if (caller.kind === 'app') return appOwner(caller.appId);
      const known = await identities.verify(request.cookies[DEMO_COOKIE]);
      if (known) return visitorOwner(known);
      if (withoutIdentity === 'empty') return null;
      await enforceRateLimit(
        ctx.rateLimiter,
        `demo-identity:${request.ip}`,
        DEMO_LIMITS.identitiesPerIpPerHour,
        3_600_000,
      );
      const fresh = await identities.issue();
      reply.setCookie(DEMO_COOKIE, fresh.cookie, {
        path: '/v1/',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        expires: fresh.expiresAt,
      });
      return visitorOwner(fresh);
    }

    const route = (
      path: string,
      summary: string,
      withoutIdentity: WithoutIdentity,
      handler: (who: FaceSetOwner | null, b: Body) => Promise<Record<string, unknown>>,
    ) => {
      const contract = contracts.get(path)!;
      return app.post(
        path,
        {
          bodyLimit,
          config: { capabilityId: FACE_RECOGNITION_ID },
          schema: {
            tags: ['facesets'],
            summary,
            description:
              'Face sets of faceRecognition (133). With api_key + api_secret the sets belong to the app. ' +
              `Website demo calls (header ${DEMO_HEADER}, no credentials) own up to ${DEMO_LIMITS.sets} sets of ` +
              `${DEMO_LIMITS.facesPerSet} faces under a per-browser cookie, deleted after ${DEMO_LIMITS.hours} h.`,
            querystring: gatewayQuery,
            body: requestEnvelope(contract),
            response: { 200: responseEnvelope(contract), '4xx': errorEnvelope, '5xx': errorEnvelope },
          },
          preValidation: keepSentParameter,
        },
        async (request, reply) => {
          const who = await owner(request, reply, withoutIdentity);
          const b = request.body as Body;
          const mediaExtra = await handler(who, b);
          return {
            parameter: echoedParameter(request),
            extra: b.extra,
            media_info_list: [{ media_extra: mediaExtra }],
          };
        },
      );
    };
    /** The owner, or 21017 for a visitor who owns nothing yet. */
    const known = (who: FaceSetOwner | null): FaceSetOwner => {
      if (!who) throw new ApiError(21017, 'face set not found');
      return who;
    };

    route('/v1/faceset/create', 'Create a face set', 'issue', async (who, b) => {
      const creator = known(who);
      if (creator.visitor !== null) await sweep();
      return { ...(await sets.create(creator, b.parameter.faceset_name)) };
    });
    route('/v1/faceset/list', 'List the face sets of the caller', 'empty', async (who) => ({
      facesets: who ? await sets.list(who) : [],
    }));
    route('/v1/faceset/detail', 'One face set and its faces', 'empty', async (who, b) => ({
      ...(await sets.detail(known(who), b.parameter.faceset_token)),
    }));
    route('/v1/faceset/delete', 'Delete a face set and its faces', 'empty', async (who, b) => {
      await sets.remove(known(who), b.parameter.faceset_token);
      return { faceset_token: b.parameter.faceset_token, deleted: 1 };
    });
    route('/v1/faceset/add_face', 'Add the face of an image to a face set', 'empty', async (who, b) => {
      const adder = known(who);
      await sets.set(adder, b.parameter.faceset_token);
      if (adder.visitor !== null && (await sets.visitorFaceCount()) >= DEMO_LIMITS.liveFaces)
        throw new ApiError(10015, 'demo face sets are full, please retry later');
      const face = await describe(await image(b));
      return {
        ...(await sets.addFace(adder, b.parameter.faceset_token, b.parameter.face_name, face)),
        image_width: face.imageWidth,
        image_height: face.imageHeight,
      };
    });
    route('/v1/faceset/remove_face', 'Remove a face from a face set', 'empty', async (who, b) => ({
      face_token: b.parameter.face_token,
      ...(await sets.removeFace(known(who), b.parameter.faceset_token, b.parameter.face_token)),
    }));
    route('/v1/face_search', 'Search a face set for the face of an image', 'empty', async (who, b) => {
      const searcher = known(who);
      const n = b.parameter.top_n!;
      await sets.set(searcher, b.parameter.faceset_token);
      const face = await describe(await image(b));
      const found = await sets.search(
        searcher,
        b.parameter.faceset_token,
        face.descriptor,
        n,
        SAME_PERSON_THRESHOLD,
      );
      return {
        face_rectangle: face.rectangle,
        image_width: face.imageWidth,
        image_height: face.imageHeight,
        threshold: SAME_PERSON_THRESHOLD,
        ...found,
      };
    });
  };

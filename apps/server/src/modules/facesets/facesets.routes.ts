import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hashSecret } from '../../db/seed.ts';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { describeSingleFace, SAME_PERSON_THRESHOLD } from '../gateway/algorithms.ts';
import { toApiError } from '../gateway/engine-errors.ts';
import { loadMedia } from '../gateway/media.ts';
import { FaceSetService } from './facesets.service.ts';

/** Face sets belong to faceRecognition (capability 133): an app needs that scope (or `*`). */
export const FACE_RECOGNITION_ID = 133;
const DEFAULT_TOP_N = 5;
const MAX_TOP_N = 20;

const mediaItem = z.object({
  media_data: z.string(),
  media_profiles: z.looseObject({ media_data_type: z.string().optional() }).optional(),
  media_extra: z.record(z.string(), z.unknown()).optional(),
});

/** The gateway's request envelope; the image is needed only by add_face and face_search. */
const body = z.object({
  parameter: z.record(z.string(), z.unknown()).default({}),
  extra: z.record(z.string(), z.unknown()).default({}),
  media_info_list: z.array(mediaItem).default([]),
});
type Body = z.infer<typeof body>;

const query = z.looseObject({ api_key: z.string().optional(), api_secret: z.string().optional() });

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * The calling app, from `api_key` + `api_secret` (as the gateway checks them). Face sets are
 * stored per app, so anonymous website demo calls are refused (10021): they have no app.
 */
async function callingApp(ctx: AppContext, request: FastifyRequest): Promise<number> {
  const { api_key: apiKey, api_secret: apiSecret } = request.query as z.infer<typeof query>;
  if (!apiKey || !apiSecret) throw new ApiError(10021);
  const app = await ctx.db.kysely
    .selectFrom('apps')
    .selectAll()
    .where('api_key', '=', apiKey)
    .executeTakeFirst();
  if (!app || !sameSecret(app.api_secret_hash, hashSecret(apiSecret))) throw new ApiError(10021);
  const scopes = app.scopes.split(',').map((s) => s.trim());
  if (app.status !== 1 || !(scopes.includes('*') || scopes.includes(String(FACE_RECOGNITION_ID))))
    throw new ApiError(10022);
  return app.id;
}

function topN(parameter: Record<string, unknown>): number {
  const raw = parameter.top_n ?? DEFAULT_TOP_N;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_TOP_N)
    throw new ApiError(10000, `top_n must be an integer between 1 and ${MAX_TOP_N}`);
  return n;
}

/**
 * Face sets and face search (faceRecognition), same envelope as the gateway: results under
 * `media_info_list[0].media_extra`. Endpoints and fields: docs/quality.md ("Face sets and search").
 */
export const faceSetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const sets = new FaceSetService(ctx.db.kysely);
    const limits = () => ({
      maxBytes: ctx.config.MAX_IMAGE_BYTES,
      urlTimeoutMs: ctx.config.URL_FETCH_TIMEOUT_MS,
      allowPrivateUrls: ctx.config.ALLOW_PRIVATE_URLS,
    });
    const bodyLimit = Math.ceil((ctx.config.MAX_IMAGE_BYTES * 4) / 3) * 2 + 64 * 1024;
    const image = async (b: Body) => {
      const first = b.media_info_list[0];
      if (!first) throw new ApiError(10000, 'media_info_list needs 1 image');
      return loadMedia(first, limits());
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

    const route = (
      path: string,
      summary: string,
      handler: (appId: number, b: Body) => Promise<Record<string, unknown>>,
    ) =>
      app.post(
        path,
        { bodyLimit, schema: { tags: ['facesets'], summary, querystring: query, body } },
        async (request) => {
          const appId = await callingApp(ctx, request);
          const b = request.body;
          const mediaExtra = await handler(appId, b);
          return { parameter: b.parameter, extra: b.extra, media_info_list: [{ media_extra: mediaExtra }] };
        },
      );

    route('/v1/faceset/create', 'Create a face set', async (appId, b) => ({
      ...(await sets.create(appId, b.parameter.faceset_name)),
    }));
    route('/v1/faceset/list', 'List the face sets of the app', async (appId) => ({
      facesets: await sets.list(appId),
    }));
    route('/v1/faceset/detail', 'One face set and its faces', async (appId, b) => ({
      ...(await sets.detail(appId, b.parameter.faceset_token)),
    }));
    route('/v1/faceset/delete', 'Delete a face set and its faces', async (appId, b) => {
      await sets.remove(appId, b.parameter.faceset_token);
      return { faceset_token: b.parameter.faceset_token, deleted: 1 };
    });
    route('/v1/faceset/add_face', 'Add the face of an image to a face set', async (appId, b) => {
      await sets.set(appId, b.parameter.faceset_token);
      const face = await describe(await image(b));
      return { ...(await sets.addFace(appId, b.parameter.faceset_token, b.parameter.face_name, face)) };
    });
    route('/v1/faceset/remove_face', 'Remove a face from a face set', async (appId, b) => ({
      face_token: b.parameter.face_token,
      ...(await sets.removeFace(appId, b.parameter.faceset_token, b.parameter.face_token)),
    }));
    route('/v1/face_search', 'Search a face set for the face of an image', async (appId, b) => {
      const n = topN(b.parameter);
      await sets.set(appId, b.parameter.faceset_token);
      const face = await describe(await image(b));
      const found = await sets.search(
        appId,
        b.parameter.faceset_token,
        face.descriptor,
        n,
        SAME_PERSON_THRESHOLD,
      );
      return { face_rectangle: face.rectangle, threshold: SAME_PERSON_THRESHOLD, ...found };
    });
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { APP_SECURITY, callerAppOf, gatewayQuery, registerCaller } from '../gateway/caller.ts';
import { UploadService } from './uploads.service.ts';

/** `type` 1 is the shared upload, the only kind of upload the service offers. */
const uploadQuery = gatewayQuery.extend({
  type: z.enum(['1'], { error: 'type must be 1 (the shared upload)' }),
});

/** Room for a multipart body's boundaries and headers around the largest file. */
const MULTIPART_ROOM = 64 * 1024;

/**
 * `POST /public/upload?api_key=&api_secret=&type=1` (or signed): the shared upload service. The
 * file is the request body (any Content-Type but JSON and forms; signed uploads send it so) or
 * the first file field of a multipart form. Answers `{ code: 0, message, data: { key, type, size,
 * expires_at } }`; the key then stands for the file in gateway calls and jobs of the same app
 * (`media_data_type: "upload"`) and in feedback attachments.
 */
export const uploadRoutes =
  (ctx: AppContext, uploads: UploadService): FastifyPluginAsyncZod =>
  async (app) => {
    registerCaller(app, ctx);
    // Raw bodies of any other type (image/jpeg, application/octet-stream...) arrive as bytes.
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/public/upload',
      {
        bodyLimit: ctx.config.UPLOAD_MAX_BYTES + MULTIPART_ROOM,
        config: { appCall: true },
        schema: {
          tags: ['uploads'],
          summary:
            'Upload a file once and refer to it by its key (gateway media_data_type "upload", jobs, feedback)',
          querystring: uploadQuery,
          security: APP_SECURITY,
        },
      },
      async (request) => {
        const body = request.body;
        const file = Buffer.isBuffer(body)
          ? body
          : body && typeof body === 'object'
            ? Object.values(body as Record<string, unknown>).find((v): v is Buffer => Buffer.isBuffer(v))
            : undefined;
        if (body !== undefined && !Buffer.isBuffer(body) && !file)
          throw new ApiError(10000, 'no file: send the bytes as the body or a multipart file field');
        const view = await uploads.store(callerAppOf(request).id, file);
        return { code: 0, message: 'ok', data: view };
      },
    );
  };

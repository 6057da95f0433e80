import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { AccountService } from './modules/account/account.service.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { consoleRoutes } from './modules/console/console.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { faceSetRoutes } from './modules/facesets/facesets.routes.ts';
import { effectRoutes } from './modules/effects/effects.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { questionnaireRoutes } from './modules/questionnaire/questionnaire.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { gatewayRoutes } from './modules/gateway/gateway.routes.ts';
import { createResultMedia, resultMediaRoutes } from './modules/gateway/result-media.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { workersRoutes } from './modules/health/workers.routes.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { materialRoutes } from './modules/materials/materials.routes.ts';
import { menuEditorRoutes } from './modules/menu/menu-editor.routes.ts';
import { editorRoutes } from './modules/content/editor.routes.ts';
import { registerCompression } from './modules/web/compression.ts';
import { registerWeb } from './modules/web/web.routes.ts';
import type { AppContext } from './platform/context.ts';
import { prettyStream } from './platform/console-output.ts';
import { clientErrorHandler, frameworkErrors } from './platform/client-errors.ts';
import { capConnectionsPerAddress, slowClientOptions } from './platform/connections.ts';
import { ApiError, errorBody } from './platform/error-catalogue.ts';
import { registerJsonLimits } from './platform/json-body.ts';
import { jobRoutes } from './modules/jobs/jobs.routes.ts';
import { mediaLimits } from './modules/gateway/media.ts';
import { requestLanguage, translate } from './platform/messages.ts';
import { proxyTrustFunction } from './platform/network.ts';
import { registerSecurity } from './platform/security.ts';
import { uploadRoutes } from './modules/uploads/uploads.routes.ts';
import { messageRoutes } from './modules/messages/messages.routes.ts';
import { deliverQuotaWarning } from './modules/messages/messages.service.ts';
import { feedbackInboxRoutes } from './modules/feedback/inbox.routes.ts';
import { siteAnalyticsRoutes } from './modules/analytics/site-analytics.routes.ts';
import { UploadService } from './modules/uploads/uploads.service.ts';

/** Maps framework errors (bad JSON, body too large, schema violations) onto the error catalogue. */
function toApiError(error: FastifyError): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error.validation) {
    // Each problem named by the path the client sent (`parameter.max_face_num`) and the rule broken.
    const where = error.validation
      .map((v) => {
        const path = v.instancePath.slice(1).replaceAll('/', '.');
        return path ? `${path} ${v.message ?? 'is invalid'}` : (v.message ?? 'invalid');
      })
      .join('; ');
    return new ApiError(
      10000,
      `${error.validationContext === 'body' ? '' : `${error.validationContext} `}${where}`.trim(),
    );
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(10000, 'malformed JSON body');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(20015, 'request body too large');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(20015, 'file too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(10000, 'unsupported Content-Type, send application/json');
  }
  if (error instanceof SyntaxError) return new ApiError(10000, 'malformed JSON body');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new ApiError(10000, error.message);
  return undefined;
}

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    // Readable lines for a person at a terminal, JSON lines for log collectors.
    logger:
      ctx.config.LOG_LEVEL === 'silent'
        ? false
        : { level: ctx.config.LOG_LEVEL, ...(process.stdout.isTTY ? { stream: prettyStream() } : {}) },
    trustProxy: proxyTrustFunction(ctx.config.TRUST_PROXY),
    clientErrorHandler,
    frameworkErrors,
    ...slowClientOptions(ctx.config),
    // A closing server answers with the catalogue (below), not Fastify's own 503 body.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(app.server, ctx.config.MAX_CONNECTIONS_PER_IP);
  // Once the server is closing, a request that still arrives (on a kept-alive connection) is
  // answered 503 / 10015 with Retry-After, and its connection closed, before anything else runs.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    void reply.header('connection', 'close');
    throw new ApiError(10015, 'the server is shutting down', { retryAfterMs: 1_000 });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonLimits(app);
  // The usage meter writes in the background: its failures go to the server's log.
  ctx.usage.log = (err) => app.log.error({ err }, 'usage meter');
  // Quota warnings arrive as messages to the app's owner.
  ctx.usage.onQuotaLevel = (appId, day, level, quota) =>
    void deliverQuotaWarning(ctx.db.kysely, appId, day, level, quota).catch((err: unknown) =>
      app.log.error({ err }, 'quota warning message'),
    );

  app.decorateRequest('apiErrorCode', 0);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let apiError = toApiError(error);
    if (!apiError) {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(10024);
    }
    request.apiErrorCode = apiError.code;
    const body = errorBody(apiError);
    if (apiError.retryAfterSeconds !== undefined)
      void reply.header('Retry-After', String(apiError.retryAfterSeconds));
    if (!request.url.startsWith('/api/')) return reply.code(apiError.status).send(body);
    // The console shows `message` to people, in their language; `error` names the message for clients.
    const language = requestLanguage(request);
    const message = apiError.messageKey ? translate(apiError.messageKey, language) : apiError.message;
    return reply.code(apiError.status).send({
      ...body,
      code: apiError.code,
      message,
      error: apiError.messageKey ?? null,
      ...(apiError.fields
        ? { errors: apiError.fields.map((f) => ({ ...f, message: translate(f.rule, language) })) }
        : {}),
    });
  });

  registerSecurity(app, ctx.config);
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Forms may come as multipart form data (the browser's FormData); fields become the body.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 10 * 1024 * 1024, files: 10 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Pixora AI Open Platform',
        description: 'Gateway and console API. Errors answer { ErrorCode, ErrorMsg, Data: null }.',
        version: '1',
      },
      // The two ways an app calls the gateway, jobs and uploads (APP_SECURITY names them per route).
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'query', name: 'api_key' },
          apiSecret: { type: 'apiKey', in: 'query', name: 'api_secret' },
          signature: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'PIXORA-HMAC-SHA256 Credential=<api_key>, SignedHeaders=<names>, Signature=<hex>, with X-Pixora-Timestamp and X-Pixora-Nonce: the docs page "Signing requests" (/doc?id=105) shows every step.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Named schemas (`.meta({ id })`, such as the recursive menu entry) become components.
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes(ctx));
  await app.register(menuRoutes(ctx));
  const files = ctx.storage;
  const results = createResultMedia(files, ctx.config);
  const uploads = new UploadService(ctx, files);
  await app.register(uploadRoutes(ctx, uploads));
  await app.register(gatewayRoutes(ctx, results, uploads));
  await app.register(
    jobRoutes({ ctx, results, limits: { ...mediaLimits(ctx.config), uploads }, storage: files }),
  );
  await app.register(resultMediaRoutes(files, ctx.config));
  await app.register(faceSetRoutes(ctx));
  const accounts = new AccountService({
    db: ctx.db.kysely,
    config: ctx.config,
    mailer: ctx.mailer,
    sms: ctx.sms,
    rateLimiter: ctx.rateLimiter,
  });
  await app.register(accountRoutes(ctx, accounts));
  await app.register(consoleRoutes(ctx, accounts));
  await app.register(contentRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
  await app.register(feedbackRoutes(ctx, accounts, files));
  await app.register(questionnaireRoutes(ctx, accounts));
  await app.register(effectRoutes(ctx));
  await app.register(auditRoutes(ctx, accounts));
  await app.register(workersRoutes(ctx, accounts));
  await app.register(messageRoutes(ctx, accounts));
  await app.register(feedbackInboxRoutes(ctx, accounts, files));
  await app.register(siteAnalyticsRoutes(ctx, accounts));
  await app.register(materialRoutes(ctx, accounts, files));
  await app.register(menuEditorRoutes(ctx, accounts));
  await app.register(editorRoutes(ctx, accounts));

  const servePage = await registerWeb(app, ctx.config.WEB_DIST, ctx.config.CONTENT_DIR);
  app.setNotFoundHandler((request, reply) => {
    const page = servePage?.(request, reply);
    if (page) return page;
    return reply
      .code(404)
      .send(errorBody(new ApiError(21017, `${request.method} ${request.url.split('?')[0]}`)));
  });

  return app;
}

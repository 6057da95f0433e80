import {
  adminStatusInput,
  appInput,
  appWithSecret,
  consoleApp,
  envelope,
  reviewedApp,
  reviewedSdkRequest,
  reviewInput,
  reviewListQuery,
  sdkRequest,
  sdkRequestInput,
  statusInput,
  usageQuery,
  usageReport,
} from '@pixora/catalog';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requestLanguage, translate, type MessageKey } from '../../platform/messages.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles, requireUser } from '../account/auth.ts';
import { REVIEWER_ROLES } from './console.rules.ts';
import { ConsoleService, type RequestInfo } from './console.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The developer console API: apps and their keys, usage, SDK licence requests, and the review of
 * both by the admin and business roles. Handlers check the session and roles; rules live in
 * ConsoleService.
 */
export const consoleRoutes =
  (ctx: AppContext, accounts: AccountService): FastifyPluginAsyncZod =>
  async (app) => {
    const service = new ConsoleService({
      db: ctx.db.kysely,
      config: ctx.config,
      mailer: ctx.mailer,
      meter: ctx.usage,
      log: (err, what) => app.log.error({ err }, what),
    });

    const info = (request: FastifyRequest): RequestInfo => ({
      language: requestLanguage(request),
      origin: `${request.protocol}://${request.host}`,
    });
    const ok = <T>(request: FastifyRequest, data: T, key: MessageKey = 'ok') => ({
      code: 0 as const,
      message: translate(key, requestLanguage(request)),
      data,
    });
    const user = (request: FastifyRequest) => requireUser(accounts, request);
    const reviewer = (request: FastifyRequest) => requireRoles(accounts, request, REVIEWER_ROLES);
    const admin = (request: FastifyRequest) => requireRoles(accounts, request, ['admin']);

    const apps = ['console: apps'];
    const sdk = ['console: SDK requests'];
    const review = ['console: review'];
    const answer = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });

    app.get(
      '/api/v1/apps',
      { schema: { tags: apps, summary: 'My apps', response: answer(z.array(consoleApp)) } },
      async (request) => ok(request, await service.listApps(await user(request))),
    );

    app.post(
      '/api/v1/apps',
      {
        schema: {
          tags: apps,
          summary: 'Create an app: key and secret at once (the secret is shown only here)',
          body: appInput,
          response: answer(appWithSecret),
        },
      },
      async (request) =>
        ok(request, await service.createApp(await user(request), request.body, info(request)), 'saved'),
    );

    app.get(
      '/api/v1/apps/usage',
      {
        schema: {
          tags: apps,
          summary: 'Calls of my apps per day, capability, app and outcome',
          querystring: usageQuery,
          response: answer(usageReport),
        },
      },
      async (request) =>
        ok(request, await service.usageOf(await user(request), request.query.days, request.query.app_id)),
    );

    app.get(
      '/api/v1/apps/:id',
      { schema: { tags: apps, summary: 'One of my apps', params: idParams, response: answer(consoleApp) } },
      async (request) => ok(request, await service.getApp(await user(request), request.params.id)),
    );

    app.put(
      '/api/v1/apps/:id',
      {
        schema: {
          tags: apps,
          summary: 'Change an app and apply for more capabilities or quota',
          params: idParams,
          body: appInput,
          response: answer(consoleApp),
        },
      },
      async (request) =>
        ok(
          request,
          await service.updateApp(await user(request), request.params.id, request.body, info(request)),
          'saved',
        ),
    );

    app.delete(
      '/api/v1/apps/:id',
      { schema: { tags: apps, summary: 'Delete an app (its key stops working)', params: idParams } },
      async (request) => {
        await service.deleteApp(await user(request), request.params.id);
        return ok(request, {});
      },
    );

    app.post(
      '/api/v1/apps/:id/secret',
      {
        schema: {
          tags: apps,
          summary: 'Reset the secret (the new one is shown only here; the old one stops working)',
          params: idParams,
          response: answer(appWithSecret),
        },
      },
      async (request) => ok(request, await service.resetSecret(await user(request), request.params.id)),
    );

    app.post(
      '/api/v1/apps/:id/secret/rotate',
      {
        schema: {
          tags: apps,
          summary:
            'Rotate the secret: a new one (shown only here) while the current one keeps working until it is revoked',
          params: idParams,
          response: answer(appWithSecret),
        },
      },
      async (request) => ok(request, await service.rotateSecret(await user(request), request.params.id)),
    );

    app.delete(
      '/api/v1/apps/:id/secret/previous',
      {
        schema: {
          tags: apps,
          summary: 'Revoke the previous secret of a rotation (it stops working at once)',
          params: idParams,
          response: answer(consoleApp),
        },
      },
      async (request) =>
        ok(request, await service.revokePreviousSecret(await user(request), request.params.id)),
    );

    app.post(
      '/api/v1/apps/:id/status',
      {
        schema: {
          tags: apps,
          summary: 'Enable or disable an app',
          params: idParams,
          body: statusInput,
          response: answer(consoleApp),
        },
      },
      async (request) =>
        ok(
          request,
          await service.setEnabled(await user(request), request.params.id, request.body.enabled),
          'saved',
        ),
    );

    app.get(
      '/api/v1/sdk-requests',
      {
        schema: { tags: sdk, summary: 'My SDK licence requests', response: answer(z.array(sdkRequest)) },
      },
      async (request) => ok(request, await service.listSdkRequests(await user(request))),
    );

    app.post(
      '/api/v1/sdk-requests',
      {
        schema: {
          tags: sdk,
          summary: 'Request an SDK licence (confirmed by mail)',
          body: sdkRequestInput,
          response: answer(sdkRequest),
        },
      },
      async (request) =>
        ok(
          request,
          await service.createSdkRequest(await user(request), request.body, info(request)),
          'saved',
        ),
    );

    app.get(
      '/api/v1/admin/apps',
      {
        schema: {
          tags: review,
          summary: 'API applications (admin, business): those waiting for review, or all',
          querystring: reviewListQuery,
          response: answer(z.array(reviewedApp)),
        },
      },
      async (request) => {
        await reviewer(request);
        return ok(request, await service.appsForReview(request.query.status === 'pending'));
      },
    );

    app.post(
      '/api/v1/admin/apps/:id/review',
      {
        schema: {
          tags: review,
          summary: 'Approve or reject what an app applied for (admin, business)',
          params: idParams,
          body: reviewInput,
          response: answer(consoleApp),
        },
      },
      async (request) =>
        ok(
          request,
          await service.reviewApp(await reviewer(request), request.params.id, request.body, info(request)),
          'saved',
        ),
    );

    app.post(
      '/api/v1/admin/apps/:id/suspension',
      {
        schema: {
          tags: review,
          summary: 'Suspend an app or lift its suspension (admin)',
          params: idParams,
          body: adminStatusInput,
          response: answer(consoleApp),
        },
      },
      async (request) => {
        await admin(request);
        return ok(request, await service.suspendApp(request.params.id, request.body.suspended), 'saved');
      },
    );

    app.get(
      '/api/v1/admin/sdk-requests',
      {
        schema: {
          tags: review,
          summary: 'SDK licence requests (admin, business): those waiting for review, or all',
          querystring: reviewListQuery,
          response: answer(z.array(reviewedSdkRequest)),
        },
      },
      async (request) => {
        await reviewer(request);
        return ok(request, await service.sdkRequestsForReview(request.query.status === 'pending'));
      },
    );

    app.post(
      '/api/v1/admin/sdk-requests/:id/review',
      {
        schema: {
          tags: review,
          summary: 'Approve or reject an SDK licence request (admin, business); the requester gets a mail',
          params: idParams,
          body: reviewInput,
          response: answer(sdkRequest),
        },
      },
      async (request) =>
        ok(
          request,
          await service.reviewSdkRequest(
            await reviewer(request),
            request.params.id,
            request.body,
            info(request),
          ),
          'saved',
        ),
    );
  };

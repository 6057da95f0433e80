import { JOB_LIST_DEFAULT, JOB_LIST_MAX, jobList, jobStatus, jobView } from '@pixora/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_SECURITY, callerAppOf, gatewayQuery, registerCaller } from '../gateway/caller.ts';
import { resultOrigin } from '../gateway/result-media.ts';
import type { JobDeps } from './jobs.service.ts';
import { JobService } from './jobs.service.ts';

/** `POST /v1/jobs`: a capability, its parameters, and the items to run it on. */
const jobRequest = z.object({
  capability: z.string().min(1).max(100),
  parameter: z.record(z.string(), z.unknown()).optional(),
  items: z
    .array(
      z.object({
        media_info_list: z.array(z.unknown()),
        extra: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .min(1),
  callback_url: z.string().max(2000).optional(),
});

const jobParams = z.object({ id: z.string().max(64) });

/** `GET /v1/jobs`: a page of the caller's jobs (with the app's credentials when sent in the query). */
const listQuery = gatewayQuery.extend({
  limit: z.coerce.number().int().min(1).max(JOB_LIST_MAX).default(JOB_LIST_DEFAULT),
  cursor: z.string().max(200).optional(),
  status: jobStatus.optional(),
  capability: z.string().min(1).max(100).optional(),
});

/**
 * The asynchronous job routes (JobService), for apps only: registerCaller lets in an app by its
 * api_key + api_secret or its signature (`appCall`), as on the gateway, or a signed-in developer's
 * own app named in `x-pixora-app` with the session as a bearer token (the studio page). The job
 * runner starts with the server and stops before it closes.
 */
export const jobRoutes =
  (deps: JobDeps): FastifyPluginAsyncZod =>
  async (app) => {
    registerCaller(app, deps.ctx);
    const jobs = new JobService({ ...deps, log: (err, what) => app.log.error({ err }, what) });
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', async () => jobs.stop());
    const routes = app;
    const tags = ['jobs'];
    routes.post(
      '/v1/jobs',
      {
        bodyLimit: deps.ctx.config.JOB_MAX_BODY_BYTES,
        config: { appCall: true },
        schema: {
          tags,
          summary: 'Run a capability on a list of images as a job: answers the job id at once (202)',
          querystring: gatewayQuery,
          security: APP_SECURITY,
          body: jobRequest,
          response: { 202: jobView },
        },
      },
      async (request, reply) => {
        const view = await jobs.submit(
          callerAppOf(request),
          resultOrigin(request, deps.ctx.config),
          request.body,
        );
        return reply.code(202).send(view);
      },
    );
    routes.get(
      '/v1/jobs',
      {
        config: { appCall: true },
        schema: {
          tags,
          summary:
            'The app’s jobs, newest first, without their items: `limit` (1-100, default 20) a page, `cursor` (the `next_cursor` answered) for older ones, `status` to keep one status, `capability` (an endpoint, e.g. `v1/studio`) to keep one capability’s',
          querystring: listQuery,
          security: APP_SECURITY,
          response: { 200: jobList },
        },
      },
      async (request) => {
        const { limit, cursor, status, capability } = request.query;
        return jobs.list(callerAppOf(request), { limit, cursor, status, capability });
      },
    );
    routes.get(
      '/v1/jobs/:id',
      {
        config: { appCall: true },
        schema: {
          tags,
          summary: 'A job: status, progress and each item’s answer or error (404 / 10004 once expired)',
          querystring: gatewayQuery,
          security: APP_SECURITY,
          params: jobParams,
          response: { 200: jobView },
        },
      },
      async (request) => jobs.view(callerAppOf(request), request.params.id),
    );
    routes.delete(
      '/v1/jobs/:id',
      {
        config: { appCall: true },
        schema: {
          tags,
          summary:
            'Cancels a job: items not started never run and are not metered, running ones finish; the job as it stands (a finished job unchanged)',
          querystring: gatewayQuery,
          security: APP_SECURITY,
          params: jobParams,
          response: { 200: jobView },
        },
      },
      async (request) => jobs.cancel(callerAppOf(request), request.params.id),
    );
    routes.get(
      '/v1/jobs/:id/results.zip',
      {
        config: { appCall: true },
        schema: {
          tags,
          summary: 'A job’s result images and job.json in one ZIP (images while their URLs have not expired)',
          querystring: gatewayQuery,
          security: APP_SECURITY,
          params: jobParams,
        },
      },
      async (request, reply) => {
        const zip = await jobs.resultsZip(callerAppOf(request), request.params.id);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${request.params.id}.zip"`)
          .send(zip);
      },
    );
  };

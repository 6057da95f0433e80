import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the web app never owns: API, gateway and operations answers stay JSON even when not found. */
const API_PATHS = /^\/(api|v\d+|test|healthz|openapi\.json)(\/|$)/;

/**
 * Serves the built web app. Returns the handler for client routes (any other GET that wants HTML gets
 * index.html so the browser router can take over), or undefined when the app has not been built.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | undefined> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build:web`');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/, so those files never change.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request, reply) => {
    const wantsPage = request.method === 'GET' && !API_PATHS.test(request.url);
    if (!wantsPage) return undefined;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}

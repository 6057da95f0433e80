import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the web app never owns: API, gateway and operations answers stay JSON even when not found. */
const API_PATHS = /^\/(api|v\d+|test|healthz|readyz|openapi\.json)(\/|$)/;
/** Files, not pages: a missing one is a 404, not the web app (a stale chunk must fail as such). */
const FILE_PATHS = /^\/(assets|content)\//;
/** Images of the content folder, one folder deep (`/content/banners/banner1-zh.svg`): no texts. */
const CONTENT_IMAGE = /^\/[a-z0-9-]+\/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(svg|png|jpe?g|webp|avif|gif)$/;

export const CACHE = {
  /** Vite fingerprints everything under assets/: a changed file has a new name. */
  immutable: 'public, max-age=31536000, immutable',
  /** index.html names the current assets: always asked again (answered 304 while unchanged). */
  page: 'no-cache',
  /** Other files keep their names when they change (favicon, sample photos, content images). */
  file: 'public, max-age=86400',
} as const;

function cacheControl(filePath: string, root: string): string {
  const relative = path.relative(root, filePath);
  if (relative.startsWith(`assets${path.sep}`)) return CACHE.immutable;
  return /\.html(\.(br|gz))?$/.test(filePath) ? CACHE.page : CACHE.file;
}

/**
 * Every answer of a file that may come compressed (the build writes `.br` and `.gz` beside it) says
 * that it depends on Accept-Encoding, so that caches keep one copy per encoding.
 */
function setFileHeaders(
  res: { setHeader(name: string, value: string): unknown },
  filePath: string,
  root: string,
): void {
  res.setHeader('cache-control', cacheControl(filePath, root));
  res.setHeader('vary', 'accept-encoding');
}

/**
 * Serves the built web app and the content folder's images. Returns the handler for client routes
 * (any other GET that wants HTML gets index.html so the browser router can take over), or
 * undefined when the app has not been built.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  contentDir: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | undefined> {
  await app.register(fastifyStatic, {
    root: path.resolve(contentDir),
    prefix: '/content/',
    decorateReply: false,
    index: false,
    // Cache-Control is ours (setFileHeaders), not `send`'s default max-age=0.
    cacheControl: false,
    allowedPath: (pathname) => CONTENT_IMAGE.test(pathname),
    setHeaders: (res, filePath) => setFileHeaders(res, filePath, contentDir),
  });

  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: run `npm run build:web`');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    // The build writes brotli and gzip copies of every compressible file (apps/web/vite.config.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => setFileHeaders(res, filePath, webDist),
  });
  return (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PATHS.test(request.url) &&
      !FILE_PATHS.test(request.url);
    if (!wantsPage) return undefined;
    return reply.sendFile('index.html');
  };
}

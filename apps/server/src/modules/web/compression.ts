import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Gateway answers are not compressed: they are the latency-critical path (the HTTP overhead
 * budget is a few milliseconds), most of their size is base64 image data that barely shrinks, and
 * their clients are programs. The health checks are tiny.
 */
const UNCOMPRESSED_ROUTES = /^\/(v\d+\/|healthz$|readyz$)/;

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses the answers of the console API (and any file the build did not precompress) with
 * brotli or gzip, as the client accepts, with `Vary: accept-encoding`. Registered on the root
 * before the routes, so that it applies to every route registered after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (UNCOMPRESSED_ROUTES.test(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies are taken as they come (no preParsing hook on every route, the gateway's
    // included): no client of ours compresses what it sends.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}

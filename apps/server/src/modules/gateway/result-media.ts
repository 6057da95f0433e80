/**
 * Short-lived result URLs (architecture.md, `parameter.rsp_media_type: 'url'`): an image an
 * algorithm made is stored under an unguessable name (128 random bits) and served at
 * `/api/v1/media/results/<name>` until RESULT_URL_TTL_SECONDS after it was made; then the URL
 * answers 404 / 21017 and a sweep deletes the file. On a store that pre-signs URLs (S3) the URL
 * is the store's own, signed for the same lifetime, so any server's result downloads without one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import type { Storage } from '../../platform/storage.ts';

const PREFIX = 'results';
export const RESULT_ROUTE = '/api/v1/media/results';
/** How often expired result files are deleted (also once at start). */
const SWEEP_INTERVAL_MS = 10 * 60_000;

export interface ResultMedia {
  /** Stores the image; answers its absolute URL under `origin` and when the URL stops working. */
  publish(origin: string, bytes: Buffer, type: 'jpg' | 'png'): Promise<{ url: string; expiresAt: Date }>;
  /** The image behind a result URL this platform made, while it has not expired; else undefined. */
  read(url: string): Promise<{ bytes: Buffer; type: 'jpg' | 'png' } | undefined>;
}

/** The origin of result URLs: PUBLIC_URL, else the address the client used. */
export const resultOrigin = (request: FastifyRequest, config: Config): string =>
  config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

export function createResultMedia(storage: Storage, config: Config): ResultMedia {
  const ttlMs = config.RESULT_URL_TTL_SECONDS * 1000;
  return {
    async publish(origin, bytes, type) {
      const key = await storage.put(PREFIX, type, bytes);
      const expiresAt = new Date(Date.now() + ttlMs);
      const url = storage.presign
        ? await storage.presign(key, config.RESULT_URL_TTL_SECONDS)
        : `${origin}${RESULT_ROUTE}/${key.slice(PREFIX.length + 1)}`;
      return { url, expiresAt };
    },
    async read(url) {
      let pathname: string;
      try {
        pathname = new URL(url).pathname;
      } catch {
        return undefined;
      }
      const signedKey = storage.keyOfUrl?.(url);
      if (!pathname.startsWith(`${RESULT_ROUTE}/`) && !signedKey?.startsWith(`${PREFIX}/`)) return undefined;
      const key = signedKey ?? `${PREFIX}/${pathname.slice(RESULT_ROUTE.length + 1)}`;
      const name = key.slice(PREFIX.length + 1);
      const storedAt = await storage.storedAt(key).catch(() => undefined);
      if (storedAt === undefined || storedAt + ttlMs <= Date.now()) return undefined;
      const bytes = await storage.get(key);
      return bytes ? { bytes, type: name.endsWith('.png') ? 'png' : 'jpg' } : undefined;
    },
  };
}

/** GET of a result URL, and the sweep that deletes expired results. */
export const resultMediaRoutes =
  (storage: Storage, config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const ttlMs = config.RESULT_URL_TTL_SECONDS * 1000;
    const sweep = () =>
      storage.deleteOlderThan(PREFIX, Date.now() - ttlMs).catch((err: unknown) => {
        app.log.warn({ err }, 'result media sweep failed');
        return 0;
      });
    void sweep();
    const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    app.get(
      `${RESULT_ROUTE}/:name`,
      {
        schema: {
          tags: ['gateway'],
          summary: 'A result image of rsp_media_type url, until it expires',
          params: z.object({ name: z.string() }),
        },
      },
      async (request, reply) => {
        const key = `${PREFIX}/${request.params.name}`;
        const storedAt = await storage.storedAt(key);
        const left = storedAt === undefined ? 0 : storedAt + ttlMs - Date.now();
        const bytes = left > 0 ? await storage.get(key) : undefined;
        if (!bytes) throw new ApiError(21017, 'this result URL does not exist or has expired');
        return reply
          .type(request.params.name.endsWith('.png') ? 'image/png' : 'image/jpeg')
          .header('cache-control', `private, max-age=${Math.floor(left / 1000)}`)
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
  };

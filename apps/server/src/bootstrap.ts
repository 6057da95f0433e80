import { createLocalBackend, type InferenceBackend } from '@pixora/vision';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { applyMigrations, withMigrationLock } from './db/migrations.ts';
import { seedDemoApp } from './modules/apps/demo-app.seed.ts';
import { UsageRepository } from './modules/apps/usage.repository.ts';
import { USAGE_FLUSH_MS, UsageMeter } from './modules/apps/usage.ts';
import { loadContent } from './modules/content/content.loader.ts';
import { seedContent } from './modules/content/content.seed.ts';
import { isServed } from './modules/gateway/bindings.ts';
import { seedMenus } from './modules/menu/menu.seed.ts';
import { databaseUrl, type Config } from './platform/config.ts';
import { createRedisBackend } from './platform/inference-queue.ts';
import type { AppContext } from './platform/context.ts';
import { createMailer, createSmsSender } from './platform/messaging.ts';
import { createMemoryRateLimiter } from './platform/rate-limit.ts';
import { createLocalBus, createRedisBus, createRedisRateLimiter, openRedis } from './platform/redis.ts';
import { createStorage, parseStorageUrl } from './platform/s3-storage.ts';
import { RedisQuota } from './modules/apps/usage-shared.ts';

// The composition root: the one place that opens the adapters of a running platform, hands them to
// the app as its context and closes them again. main.ts, the benchmark and the tests start here.

/** What a caller brings instead of what createContext would make. */
export interface ContextOverrides {
  /** An inference backend of the caller's (tests), which stays open when the context closes. */
  backend?: InferenceBackend;
}

/** A context and the way to close what it opened. */
export interface OpenContext {
  ctx: AppContext;
  /** Writes the last counted calls, then closes the backend it made, the limiter, mail and the database. */
  close(): Promise<void>;
}

/**
 * Opens the database named by the configuration, migrates and seeds it (menu from the catalogue,
 * the demo app, content), and makes the inference backend (unless `overrides.backend` is given),
 * the rate limiter, mail and SMS senders and the one usage meter of the platform.
 */
export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<OpenContext> {
  const db = openDatabase(databaseUrl(config), { poolMax: config.DATABASE_POOL_MAX });
  try {
    // One server at a time migrates and seeds (several starting at once would insert the same rows).
    await withMigrationLock(db.kysely, db.dialect, async () => {
      await applyMigrations(db.kysely, db.dialect);
      await seedMenus(db.kysely, isServed);
      await seedDemoApp(db.kysely, config.DEMO_API_KEY, config.DEMO_API_SECRET, config.APP_SECRET_SEAL_KEY);
      await seedContent(db.kysely, loadContent(config.CONTENT_DIR));
    });
  } catch (err) {
    await db.close();
    throw err;
  }
  const redisBackend =
    !overrides.backend && config.INFERENCE_BACKEND === 'redis' && config.REDIS_URL
      ? createRedisBackend({
          redisUrl: config.REDIS_URL,
          queueName: config.INFERENCE_QUEUE,
          maxDepth: config.QUEUE_MAX_DEPTH,
          taskTimeoutMs: config.INFERENCE_TIMEOUT_MS,
        })
      : undefined;
  const backend =
    overrides.backend ??
    redisBackend ??
    createLocalBackend({
      workers: config.WORKERS,
      isolation: config.WORKER_ISOLATION,
      maxQueue: config.QUEUE_MAX,
      taskTimeoutMs: config.INFERENCE_TIMEOUT_MS,
      limits: { maxBytes: config.MAX_IMAGE_BYTES, maxPixels: config.MAX_IMAGE_PIXELS },
    });
  // Several servers share rate limits, quota counters, nonces and invalidations through Redis
  // when REDIS_URL is set; one server keeps them in memory.
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : undefined;
  const prefix = config.REDIS_KEY_PREFIX;
  const storage = createStorage(parseStorageUrl(config.STORAGE_URL, config.DATA_DIR));
  const ctx: AppContext = {
    config,
    db,
    backend,
    rateLimiter: redis ? createRedisRateLimiter(redis, prefix) : createMemoryRateLimiter(),
    mailer: createMailer(db.kysely, config.SMTP_URL, config.MAIL_FROM),
    sms: createSmsSender(db.kysely, config.SMS_WEBHOOK_URL),
    readiness: { modelsLoaded: false },
    usage: new UsageMeter(
      new UsageRepository(db.kysely),
      Date.now,
      USAGE_FLUSH_MS,
      redis ? new RedisQuota(redis, prefix) : undefined,
    ),
    storage,
    redis,
    invalidation: redis ? await createRedisBus(redis, prefix) : createLocalBus(),
    inferenceOverview: redisBackend ? () => redisBackend.overview() : undefined,
  };
  return {
    ctx,
    async close() {
      // The meter writes into the database: it goes first.
      await ctx.usage.close();
      if (!overrides.backend) await backend.close();
      ctx.rateLimiter.close();
      ctx.mailer.close();
      await ctx.invalidation.close();
      ctx.storage.close?.();
      if (redis) await redis.quit().catch(() => redis.disconnect());
      await db.close();
    },
  };
}

/**
 * The platform as `npm start` runs it: its context and the HTTP app, closed together. The
 * inference workers load their models in the background: the app serves pages at once and
 * /readyz turns 200 when models are ready (`modelsReady`) and workers answer jobs.
 */
export async function startPlatform(config: Config) {
  const { ctx, close } = await createContext(config);
  let app;
  try {
    app = await buildApp(ctx);
  } catch (err) {
    await close();
    throw err;
  }
  app.addHook('onClose', close);
  const modelsReady = ctx.backend.ready().then(() => {
    ctx.readiness.modelsLoaded = true;
    app.log.info({ workers: config.WORKERS }, 'models loaded');
  });
  modelsReady.catch((err: unknown) => app.log.error({ err }, 'model loading failed'));
  return { app, ctx, modelsReady };
}

import { createLocalBackend } from '@pixora/vision';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { seedDemoApp } from '../modules/apps/demo-app.seed.ts';
import { seedMenus } from '../modules/menu/menu.seed.ts';
import { isServed } from '../modules/gateway/bindings.ts';
import { loadContent } from '../modules/content/content.loader.ts';
import { seedContent } from '../modules/content/content.seed.ts';
import { databaseUrl, type Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createMailer, createSmsSender } from './messaging.ts';
import { createMemoryRateLimiter } from './rate-limit.ts';

/**
 * Opens every adapter, migrates and seeds, and builds the HTTP app. The inference workers load their
 * models in the background: the app serves pages at once and /healthz turns 200 when models are ready.
 */
export async function startPlatform(config: Config) {
  const db = openDatabase(databaseUrl(config));
  await migrateToLatest(db.kysely, db.dialect);
  await seedMenus(db.kysely, isServed);
  await seedDemoApp(db.kysely, config.DEMO_API_KEY, config.DEMO_API_SECRET);
  await seedContent(db.kysely, loadContent(config.CONTENT_DIR));

  const backend = createLocalBackend({
    workers: config.WORKERS,
    isolation: config.WORKER_ISOLATION,
    maxQueue: config.QUEUE_MAX,
    taskTimeoutMs: config.INFERENCE_TIMEOUT_MS,
    limits: { maxBytes: config.MAX_IMAGE_BYTES, maxPixels: config.MAX_IMAGE_PIXELS },
  });
  const ctx: AppContext = {
    config,
    db,
    backend,
    rateLimiter: createMemoryRateLimiter(),
    mailer: createMailer(db.kysely, config.SMTP_URL, config.MAIL_FROM),
    sms: createSmsSender(db.kysely, config.SMS_WEBHOOK_URL),
    readiness: { modelsLoaded: false },
  };
  const app = await buildApp(ctx);
  const modelsReady = backend.ready().then(() => {
    ctx.readiness.modelsLoaded = true;
    app.log.info({ workers: config.WORKERS }, 'models loaded');
  });
  modelsReady.catch((err: unknown) => app.log.error({ err }, 'model loading failed'));
  app.addHook('onClose', async () => {
    await backend.close();
    await db.close();
  });
  return { app, ctx, modelsReady };
}

import type { InferenceBackend } from '@pixora/vision';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database.ts';
import type { UsageMeter } from '../modules/apps/usage.ts';
import type { Config } from './config.ts';
import type { InferenceOverview } from './inference-queue.ts';
import type { Mailer, SmsSender } from './messaging.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { InvalidationBus } from './redis.ts';
import type { Storage } from './storage.ts';

/**
 * What the route modules share: configuration and the adapters of each technology, made once by
 * the composition root (bootstrap.ts).
 */
export interface AppContext {
  config: Config;
  db: Db;
  backend: InferenceBackend;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  sms: SmsSender;
  /** Set once every inference worker has loaded its models. */
  readiness: { modelsLoaded: boolean };
  /** Counts the calls of apps and enforces their daily quotas; shared by the gateway and the console. */
  usage: UsageMeter;
  /** Files: uploads, feedback attachments, job inputs, result images (STORAGE_URL). */
  storage: Storage;
  /** The shared state's Redis (REDIS_URL) when several servers share it; unset on one server. */
  redis?: Redis;
  /** Tells every server to drop what it cached of a topic (in-process, or Redis pub/sub). */
  invalidation: InvalidationBus;
  /** Workers, queue and throughput of a queue backend (Redis); unset for the local pool. */
  inferenceOverview?: () => Promise<InferenceOverview>;
}

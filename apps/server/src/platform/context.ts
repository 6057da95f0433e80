import type { InferenceBackend } from '@pixora/vision';
import type { Db } from '../db/database.ts';
import type { UsageMeter } from '../modules/apps/usage.ts';
import type { Config } from './config.ts';
import type { InferenceOverview } from './inference-queue.ts';
import type { Mailer, SmsSender } from './messaging.ts';
import type { RateLimiter } from './rate-limit.ts';

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
  /** Workers, queue and throughput of a queue backend (Redis); unset for the local pool. */
  inferenceOverview?: () => Promise<InferenceOverview>;
}

import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseProxyTrust } from './network.ts';
import {
  DEFAULT_PHONE_REGIONS,
  IMAGE_MAX_BYTES,
  JOB_LIMITS,
  PHONE_REGIONS,
  type PhoneRegion,
} from '@pixora/catalog';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The demo app's secret on a local install: public, so printing it is harmless (any other is not printed). */
export const DEFAULT_DEMO_SECRET = 'pixora-demo-secret';
export const DEFAULT_DEMO_KEY = 'pixora-demo-key';

const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** Every setting, read from the environment; defaults run the embedded platform on one machine. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  // Connections each server process keeps open to PostgreSQL (at least 2: migrations hold a lock
  // on one while they run on another); servers × this must stay below the database's max_connections.
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).default(10),
  // Shared state of several servers: with REDIS_URL set, rate limits, daily quota counters, the
  // signed-request nonces and cache invalidation live in Redis under REDIS_KEY_PREFIX; unset, in
  // this process (and nonces in the database).
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]*$/)
    .default('pixora:'),
  // Where files (uploads, feedback attachments, job inputs, result images) are kept: `file://<dir>`
  // (default: DATA_DIR/files) or `s3://<bucket>?endpoint=&region=&forcePathStyle=true` (credentials
  // from the standard AWS_* variables); see platform/storage.ts.
  STORAGE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  WORKERS: int(Math.max(1, os.availableParallelism())),
  // Worker processes scale to two cores where threads did not (decision 0004, docs/benchmarks.md).
  WORKER_ISOLATION: z.enum(['thread', 'process']).default('process'),
  QUEUE_MAX: int(32),
  // Admission by deadline: the longest a call may wait for a worker (or its own service time, if
  // longer) at the measured service times; beyond it 503 at once.
  QUEUE_WAIT_MAX_MS: int(1_000),
  // Calls one caller (app or visitor address) may have in the engine at once (0: no cap); with
  // INFERENCE_BACKEND=redis over all API servers (fair-share.ts).
  CALLER_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(16),
  INFERENCE_TIMEOUT_MS: int(30_000),
  // Where inference runs: `local` (this process's worker pool) or `redis` (a BullMQ queue in
  // REDIS_URL, served by `npm run worker` processes on any machine; see platform/inference-queue.ts):
  // the queue's name, the jobs it holds waiting before calls get 503 at once, and the workers'
  // settings: the tasks whose models a worker loads (comma-separated; empty: all), its heartbeat,
  // and the lock after which a dead worker's job goes to another worker.
  INFERENCE_BACKEND: z.enum(['local', 'redis']).default('local'),
  INFERENCE_QUEUE: z
    .string()
    .regex(/^[\w.-]+$/)
    .default('inference'),
  QUEUE_MAX_DEPTH: int(256),
  WORKER_TASKS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  WORKER_HEARTBEAT_MS: int(2_000),
  WORKER_LOCK_MS: int(10_000),
  WORKER_STALLED_CHECK_MS: int(5_000),
  // Jobs a queue worker takes beyond its inference workers, so that each starts its next job the
  // moment it finishes one instead of after the reply and the next fetch (0 turns it off).
  WORKER_PREFETCH: z.coerce.number().int().min(0).max(4).default(1),
  // Slow clients: time to send the headers, the whole request, and idle time between requests on
  // a kept-alive connection (above the 60 s of common proxies, so that they close first); open
  // connections per client address (0: no cap).
  HEADERS_TIMEOUT_MS: int(10_000),
  REQUEST_TIMEOUT_MS: int(60_000),
  KEEP_ALIVE_TIMEOUT_MS: int(72_000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(64),
  RESULT_URL_TTL_SECONDS: int(3600),
  // Asynchronous jobs: items per job, the body limit of a job, how long a job and its results stay
  // readable, and how many items one server runs at once (default: one per inference worker).
  JOB_MAX_ITEMS: int(JOB_LIMITS.items),
  JOB_MAX_BODY_BYTES: int(JOB_LIMITS.bodyBytes),
  JOB_TTL_HOURS: int(JOB_LIMITS.hours),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  JOB_CALLBACK_RETRY_MS: int(10_000),
  // Before/after examples of the capability pages, made from the platform's own answers on the
  // sample photos once the models are loaded: `true`, `false`, or a comma-separated endpoint list.
  EFFECT_EXAMPLES: z.string().default('true'),
  // The shared upload service (POST /public/upload): the largest file, uploads per app and UTC day,
  // and how long an upload stays readable by its key.
  UPLOAD_MAX_BYTES: int(10 * 1024 * 1024),
  UPLOAD_DAILY_LIMIT: int(1000),
  UPLOAD_TTL_HOURS: int(24),
  MAX_IMAGE_BYTES: int(IMAGE_MAX_BYTES),
  MAX_IMAGE_PIXELS: int(25_000_000),
  URL_FETCH_TIMEOUT_MS: int(10_000),
  ALLOW_PRIVATE_URLS: bool(false),
  // Tests: every answer of a served capability is checked against its contract before it is sent.
  CHECK_ANSWERS: bool(false),
  DEMO_API_KEY: z.string().min(8).default(DEFAULT_DEMO_KEY),
  DEMO_API_SECRET: z.string().min(8).default(DEFAULT_DEMO_SECRET),
  DEMO_RATE_LIMIT_PER_MINUTE: int(30),
  // Multiplies the per-address limits of the account routes (captcha, sign-in, registration, reset):
  // 1 in production; a test server whose every browser comes from one loopback address raises it.
  ACCOUNT_RATE_LIMIT_FACTOR: int(1),
  // The seeded demo app's key is public (README, start banner): its calls are capped per minute and per day.
  DEMO_APP_RATE_LIMIT_PER_MINUTE: int(60),
  DEMO_APP_DAILY_QUOTA: int(2000),
  // Reverse proxies to believe: a hop count or proxy addresses/CIDRs (`true` = one hop); see network.ts.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, check) => {
      const trust = parseProxyTrust(text);
      if (typeof trust !== 'string') return trust;
      check.addIssue({ code: 'custom', message: trust });
      return z.NEVER;
    }),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pixora AI Open Platform <no-reply@pixora.local>'),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  // Key of the stored SMS code hashes; unset: one is generated at first start and kept in the database.
  SMS_CODE_SECRET: z.string().min(16).optional(),
  // Key that seals app secrets in the database (for signed calls); unset: one is generated at first
  // start and kept in the database, so a database dump then holds what opens them.
  APP_SECRET_SEAL_KEY: z.string().min(16).optional(),
  SESSION_TTL_HOURS: int(168),
  ADMIN_EMAILS: z.string().default(''),
  // Registration: the phone regions offered (codes of the catalogue's PHONE_REGIONS; INTL is any
  // number in international format) and whether the company step must be filled.
  PHONE_REGIONS: z
    .string()
    .default(DEFAULT_PHONE_REGIONS.join(','))
    .transform((text) =>
      text
        .split(',')
        .map((r) => r.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(PHONE_REGIONS.map((r) => r.region) as [PhoneRegion, ...PhoneRegion[]])).min(1)),
  REGISTRATION_COMPANY: z.enum(['required', 'optional']).default('required'),
  PROTOCOL_VERSION: z
    .string()
    .regex(/^\d{10}$/)
    .default('1587312000'),
  INTERNAL_NETWORKS: z.string().default(''),
  // The second internal-network probe: when the address is not in INTERNAL_NETWORKS, the browser
  // GETs this URL (an address reachable from the internal network only); any reply within the
  // timeout means IN, an error or no reply means OUT.
  DOMAIN_PROBE_URL: z.string().url().optional(),
  DOMAIN_PROBE_TIMEOUT_MS: int(3000),
  OAUTH_AUTHORIZE_URL: z.string().url().optional(),
  OAUTH_TOKEN_URL: z.string().url().optional(),
  OAUTH_USERINFO_URL: z.string().url().optional(),
  OAUTH_CLIENT_ID: z.string().optional(),
  OAUTH_CLIENT_SECRET: z.string().optional(),
  // Work-account QR-code login of the internal network: the provider's QR page and its parameters.
  WORK_QR_URL: z.string().url().optional(),
  WORK_QR_APPID: z.string().optional(),
  WORK_QR_AGENTID: z.string().optional(),
  WORK_QR_REDIRECT_URI: z.string().url().optional(),
  WORK_QR_LOGIN_TYPE: z.string().optional(),
  WORK_QR_STYLE: z.string().optional(),
  WORK_QR_HREF: z.string().optional(),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  COMPANY_NAME: z.string().default('Pixora Technology Co., Ltd.'),
  CONTACT_EMAIL: z.string().email().default('support@pixora.local'),
  LEGAL_EMAIL: z.string().email().default('legal@pixora.local'),
  BUSINESS_EMAIL: z.string().email().default('business@pixora.local'),
  TELECOM_LICENCE: z.string().default('ICP B2-00000000'),
  CULTURE_LICENCE: z.string().default('Culture Network (2026) 0000-000'),
});

export type Config = z.infer<typeof schema>;

/** The names of every setting the schema reads (deployment files may set these and no others of their own). */
export const configVariables = Object.keys(schema.shape) as (keyof Config)[];

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.INFERENCE_BACKEND === 'redis' && !parsed.data.REDIS_URL)
    throw new ConfigError('Invalid configuration: INFERENCE_BACKEND=redis needs REDIS_URL');
  return parsed.data;
}

/** The SQLite file used when DATABASE_URL is not set. */
export function databaseUrl(config: Config): string {
  return config.DATABASE_URL ?? `sqlite://${path.join(config.DATA_DIR, 'pixora.sqlite')}`;
}

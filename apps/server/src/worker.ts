/**
 * An inference worker process (`npm run worker`): loads the models on a local pool (WORKERS
 * inference workers, WORKER_TASKS or every task), then serves the Redis queue (REDIS_URL,
 * INFERENCE_QUEUE) with as many jobs at once as it has inference workers (plus WORKER_PREFETCH
 * taken ahead), and writes heartbeats.
 * SIGTERM or SIGINT: it stops taking jobs, finishes the running ones, answers them and exits.
 */
import { createLocalBackend, isTaskName, taskNames } from '@pixora/vision';
import { ConfigError, loadConfig } from './platform/config.ts';
import { startQueueWorker } from './platform/inference-worker.ts';

const config = loadConfig();
if (!config.REDIS_URL) throw new ConfigError('Invalid configuration: a worker needs REDIS_URL');
const unknown = config.WORKER_TASKS.filter((t) => !isTaskName(t));
if (unknown.length > 0)
  throw new ConfigError(`Invalid configuration: WORKER_TASKS: unknown ${unknown.join(', ')}`);
const tasks = config.WORKER_TASKS.length > 0 ? config.WORKER_TASKS : [...taskNames];
const log = (msg: string, extra: Record<string, unknown> = {}) => {
  if (config.LOG_LEVEL !== 'silent')
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), msg, ...extra })}\n`);
};

const pool = createLocalBackend({
  workers: config.WORKERS,
  isolation: config.WORKER_ISOLATION,
  // The queue hands this process at most WORKERS + WORKER_PREFETCH jobs at once: the prefetched
  // ones wait here for the next free inference worker.
  maxQueue: config.WORKERS + config.WORKER_PREFETCH,
  taskTimeoutMs: config.INFERENCE_TIMEOUT_MS,
  limits: { maxBytes: config.MAX_IMAGE_BYTES, maxPixels: config.MAX_IMAGE_PIXELS },
  tasks: config.WORKER_TASKS.length > 0 ? config.WORKER_TASKS : undefined,
});
await pool.ready();
const worker = await startQueueWorker({
  redisUrl: config.REDIS_URL,
  queueName: config.INFERENCE_QUEUE,
  backend: pool,
  concurrency: config.WORKERS,
  prefetch: config.WORKER_PREFETCH,
  tasks,
  heartbeatMs: config.WORKER_HEARTBEAT_MS,
  lockMs: config.WORKER_LOCK_MS,
  stalledIntervalMs: config.WORKER_STALLED_CHECK_MS,
});
log('inference worker ready', { id: worker.id, workers: config.WORKERS, tasks: tasks.length });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log('inference worker shutting down', { signal });
  // The running jobs finish within their time budget; past it, the process ends anyway.
  const force = setTimeout(() => process.exit(1), config.INFERENCE_TIMEOUT_MS + 5_000);
  force.unref();
  await worker.close();
  await pool.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/**
 * Liveness of an inference worker's container (`node --import tsx apps/server/src/worker-alive.ts`,
 * the worker Deployment's probes and the compose worker's health check): a worker serves no HTTP,
 * but it writes a heartbeat to Redis every WORKER_HEARTBEAT_MS, which expires after three missed
 * beats. Exits 0 while a worker of this host (the container: its hostname is in the heartbeat) has
 * a live heartbeat on INFERENCE_QUEUE, 1 when Redis answers and none has: the worker's event loop
 * is stuck or it has not started, and a restart can cure that. When Redis does not answer it exits 0:
 * restarting every worker would not bring Redis back (the API servers' /readyz reports it).
 */
import os from 'node:os';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from './platform/config.ts';
import { readHeartbeats } from './platform/inference-queue.ts';

/** Longest the check waits for Redis. */
const ANSWER_MS = 3_000;

const config = loadConfig();
if (!config.REDIS_URL) throw new ConfigError('Invalid configuration: a worker needs REDIS_URL');
const redis = new Redis(config.REDIS_URL, {
  maxRetriesPerRequest: 0,
  connectTimeout: ANSWER_MS,
  retryStrategy: () => null,
});
redis.on('error', () => {});
let alive: boolean;
try {
  const beats = await Promise.race([
    readHeartbeats(redis, config.INFERENCE_QUEUE),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Redis did not answer')), ANSWER_MS)),
  ]);
  alive = beats.some((beat) => beat.host === os.hostname());
  if (!alive) process.stderr.write(`no live heartbeat of a worker on ${os.hostname()}\n`);
} catch (err) {
  process.stderr.write(`cannot judge: ${(err as Error).message}\n`);
  alive = true;
}
redis.disconnect();
process.exit(alive ? 0 : 1);

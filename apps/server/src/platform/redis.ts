import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './rate-limit.ts';

// The shared state of several API servers in one Redis (REDIS_URL): fixed-window rate limits and
// the invalidation messages of in-process caches. Every key starts with the configured prefix
// (REDIS_KEY_PREFIX) so that one Redis can serve several platforms or test files.

/** A client for the shared state: commands wait while Redis reconnects, and fail after two tries. */
export function openRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
}

/**
 * One fixed window per key, atomic in Redis: the first hit of a window creates the counter with
 * the window's lifetime, every hit increments it, and the answer is the count and the time left.
 * A counter found without a lifetime (a crash between the two writes of an older script) gets one.
 */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

/** Deletes the keys matching a pattern, a page of SCAN at a time. */
export async function deleteMatching(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
}

/** The RateLimiter of several servers: the same fixed windows as the in-memory one, counted in Redis. */
export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const base = `${prefix}rl:`;
  return {
    async hit(key, limit, windowMs): Promise<RateDecision> {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, base + key, windowMs)) as [number, number];
      return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetMs: ttl };
    },
    async count(key) {
      const [[, value], [, ttl]] = (await redis
        .multi()
        .get(base + key)
        .pttl(base + key)
        .exec()) as [[unknown, string | null], [unknown, number]];
      return value === null || ttl <= 0 ? { count: 0, resetMs: 0 } : { count: Number(value), resetMs: ttl };
    },
    clear() {
      return deleteMatching(redis, `${base}*`);
    },
    close() {
      // The client is the context's, closed with it.
    },
  };
}

/**
 * Tells every server that something cached from the database changed (a topic such as `menu` or
 * `docs`), so that each drops its copy. Listeners of the server that publishes are called at once;
 * the others' when the message arrives.
 */
export interface InvalidationBus {
  publish(topic: string): Promise<void>;
  /** Calls `listener` on each invalidation of `topic`; answers the function that stops it. */
  subscribe(topic: string, listener: () => void): () => void;
  close(): Promise<void>;
}

function listeners() {
  const byTopic = new Map<string, Set<() => void>>();
  return {
    add(topic: string, listener: () => void) {
      const set = byTopic.get(topic) ?? new Set();
      set.add(listener);
      byTopic.set(topic, set);
      return () => void set.delete(listener);
    },
    call(topic: string) {
      for (const listener of byTopic.get(topic) ?? []) listener();
    },
  };
}

/** One process: invalidation is a function call. */
export function createLocalBus(): InvalidationBus {
  const local = listeners();
  return {
    async publish(topic) {
      local.call(topic);
    },
    subscribe: (topic, listener) => local.add(topic, listener),
    async close() {},
  };
}

/**
 * Several servers: each publishes `<sender> <topic>` on the channel `<prefix>invalidate` and
 * listens to it on a connection of its own (a subscribed connection takes no other commands);
 * a server skips its own messages, whose listeners it already called.
 */
export async function createRedisBus(redis: Redis, prefix: string): Promise<InvalidationBus> {
  const channel = `${prefix}invalidate`;
  const sender = crypto.randomBytes(8).toString('hex');
  const local = listeners();
  const subscriber = redis.duplicate();
  subscriber.on('message', (_channel: string, message: string) => {
    const [from, topic] = message.split(' ', 2);
    if (from !== sender && topic) local.call(topic);
  });
  await subscriber.subscribe(channel);
  return {
    async publish(topic) {
      local.call(topic);
      await redis.publish(channel, `${sender} ${topic}`);
    },
    subscribe: (topic, listener) => local.add(topic, listener),
    async close() {
      subscriber.disconnect();
    },
  };
}

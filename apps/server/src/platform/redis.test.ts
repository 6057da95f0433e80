import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createRedisBus, createRedisRateLimiter, openRedis } from './redis.ts';

// Redis is shared by the test files: every key here starts with a prefix of this file's own.
const prefix = `rtest-${crypto.randomBytes(3).toString('hex')}:`;
const clients: Redis[] = [];
const client = () => {
  const redis = openRedis(inject('redisUrl'));
  clients.push(redis);
  return redis;
};
afterAll(() => {
  for (const redis of clients) redis.disconnect();
});

describe('the Redis rate limiter', () => {
  it('counts fixed windows per key, as the in-memory one does', async () => {
    const limiter = createRedisRateLimiter(client(), prefix);
    const first = await limiter.hit('k1', 2, 60_000);
    expect(first).toMatchObject({ allowed: true, remaining: 1 });
    expect(first.resetMs).toBeGreaterThan(59_000);
    expect(await limiter.hit('k1', 2, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await limiter.hit('k1', 2, 60_000)).toMatchObject({ allowed: false, remaining: 0 });
    expect((await limiter.count('k1')).count).toBe(3);
    expect(await limiter.count('other')).toEqual({ count: 0, resetMs: 0 });
    await limiter.clear();
    expect((await limiter.count('k1')).count).toBe(0);
  });

  it('a window ends after its time', async () => {
    const limiter = createRedisRateLimiter(client(), prefix);
    expect((await limiter.hit('short', 1, 150)).allowed).toBe(true);
    expect((await limiter.hit('short', 1, 150)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect((await limiter.hit('short', 1, 150)).allowed).toBe(true);
  });

  it('admits exactly the limit when two servers hit one key in parallel', async () => {
    const [a, b] = [createRedisRateLimiter(client(), prefix), createRedisRateLimiter(client(), prefix)];
    const hits = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).hit('race', 77, 60_000)),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(77);
  });
});

describe('the Redis invalidation bus', () => {
  it('calls the listeners of every server, the publisher’s at once, each once', async () => {
    const [a, b] = [await createRedisBus(client(), prefix), await createRedisBus(client(), prefix)];
    const seen: string[] = [];
    a.subscribe('menu', () => seen.push('a:menu'));
    b.subscribe('menu', () => seen.push('b:menu'));
    const stop = b.subscribe('docs', () => seen.push('b:docs'));
    const published = a.publish('menu');
    expect(seen).toEqual(['a:menu']);
    await published;
    for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(['a:menu', 'b:menu']);
    stop();
    await a.publish('docs');
    await b.publish('nothing');
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual(['a:menu', 'b:menu']);
    await a.close();
    await b.close();
  });
});

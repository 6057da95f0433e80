import { Redis } from 'ioredis';
import { expect, inject, it } from 'vitest';

// The test setup starts a private Redis for the scaled-out configuration; this checks it answers.
it('the private Redis of the tests answers', async () => {
  const redis = new Redis(inject('redisUrl'), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  expect(await redis.ping()).toBe('PONG');
  await redis.set('pixora:test', '1');
  expect(await redis.get('pixora:test')).toBe('1');
  redis.disconnect();
});

import type { TestProject } from 'vitest/node';

// The database tests run against a real PostgreSQL. `npm test` starts one and passes TEST_DATABASE_URL;
// a bare `vitest run` starts a private cluster here so the tests never silently skip PostgreSQL.
// Redis likewise (TEST_REDIS_URL, else a private redis-server) for the scaled-out configuration.
export default async function setup(project: TestProject) {
  const stops: (() => void)[] = [];
  if (process.env.TEST_DATABASE_URL) project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
  else {
    // @ts-expect-error plain JavaScript helper shared with scripts/test.mjs
    const { startPostgres } = await import('../../../scripts/pg-cluster.mjs');
    const pg = (await startPostgres()) as { url: string; stop(): void };
    project.provide('databaseUrl', pg.url);
    stops.push(() => pg.stop());
  }
  if (process.env.TEST_REDIS_URL) project.provide('redisUrl', process.env.TEST_REDIS_URL);
  else {
    // @ts-expect-error plain JavaScript helper shared with scripts/test.mjs
    const { startRedis } = await import('../../../scripts/redis-server.mjs');
    const redis = (await startRedis()) as { url: string; stop(): void };
    project.provide('redisUrl', redis.url);
    stops.push(() => redis.stop());
  }
  return () => {
    for (const stop of stops) stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
  }
}

import type { TestProject } from 'vitest/node';

// The database tests run against a real PostgreSQL. `npm test` starts one and passes TEST_DATABASE_URL;
// a bare `vitest run` starts a private cluster here so the tests never silently skip PostgreSQL.
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  // @ts-expect-error plain JavaScript helper shared with scripts/test.mjs
  const { startPostgres } = await import('../../../scripts/pg-cluster.mjs');
  const pg = (await startPostgres()) as { url: string; stop(): void };
  project.provide('databaseUrl', pg.url);
  return () => pg.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';

/** A readiness check: resolves true when its dependency answers (a check that throws fails). */
export type DependencyCheck = () => Promise<boolean>;

/**
 * The shared dependencies a server needs to serve calls, by the name /readyz reports them under:
 * the database always, Redis when the shared state is there (REDIS_URL), and the file storage
 * (a folder it can write, or the S3 bucket).
 */
export function dependencyChecks(ctx: AppContext): Record<string, DependencyCheck> {
  const checks: Record<string, DependencyCheck> = {
    database: async () => {
      await sql`select 1`.execute(ctx.db.kysely);
      return true;
    },
    storage: async () => {
      await ctx.storage.check();
      return true;
    },
  };
  const redis = ctx.redis;
  if (redis) checks.redis = async () => (await redis.ping()) === 'PONG';
  return checks;
}

/** Runs every check at once; a check that throws, or takes over `timeoutMs`, fails. */
export async function runChecks(
  checks: Record<string, DependencyCheck>,
  timeoutMs = 3_000,
): Promise<Record<string, boolean>> {
  const outcomes = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const ok = await Promise.race([check().catch(() => false), late]);
      clearTimeout(timer);
      return [name, ok] as const;
    }),
  );
  return Object.fromEntries(outcomes);
}

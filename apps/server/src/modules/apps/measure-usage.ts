// Cost of counting gateway calls (UsageMeter), in-process, without the engine or HTTP:
//   node --import tsx apps/server/src/modules/apps/measure-usage.ts
// Prints the time a call spends in begin + admit + count (unlimited app, app with a quota) and
// the time one write of counted calls blocks the event loop on the embedded SQLite database.
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { AppStatus } from './apps.repository.ts';
import { EVERY_CAPABILITY } from './scopes.ts';
import { UsageRepository } from './usage.repository.ts';
import { UsageMeter } from './usage.ts';

const CALLS = 200_000;
const db = openDatabase('sqlite::memory:');
await migrateToLatest(db.kysely, db.dialect);
for (let i = 1; i <= 100; i++)
  await db.kysely
    .insertInto('apps')
    .values({
      name: `a${i}`,
      api_key: `k${i}`,
      api_secret_hash: '',
      scopes: EVERY_CAPABILITY,
      status: AppStatus.enabled,
      created_at: '',
    })
    .execute();
const meter = new UsageMeter(new UsageRepository(db.kysely), Date.now, 3_600_000);

async function perCall(app: { id: number; daily_quota: number | null }) {
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const call = meter.begin(app.id, 86);
      await meter.admit(call, app.daily_quota);
      meter.count(call, { status: 200, errorCode: 0, ms: 42 });
    }
  };
  await run(10_000); // warm-up (and the quota app's one read of its stored count)
  const t0 = process.hrtime.bigint();
  await run(CALLS);
  return Number(process.hrtime.bigint() - t0) / CALLS / 1000;
}

const unlimited = await perCall({ id: 1, daily_quota: null });
const limited = await perCall({ id: 2, daily_quota: 1_000_000_000 });
await meter.flush();

// A write after a busy interval: 100 apps x 5 capabilities x 2 outcomes = 1000 distinct rows.
const writes: number[] = [];
for (let round = 0; round < 5; round++) {
  for (let app = 1; app <= 100; app++)
    for (const capability of [86, 63, 156, 167, 133])
      for (const status of [200, 400]) {
        const call = meter.begin(app, capability);
        await meter.admit(call, null);
        meter.count(call, { status, errorCode: status === 200 ? 0 : 20003, ms: 50 });
      }
  const t0 = performance.now();
  await meter.flush();
  writes.push(performance.now() - t0);
}
await meter.close();
await db.close();

writes.sort((a, b) => a - b);
console.log(`per call, unlimited app: ${unlimited.toFixed(2)} µs`);
console.log(`per call, app with a quota: ${limited.toFixed(2)} µs`);
console.log(`one write of 1000 counted rows (SQLite, median of 5): ${writes[2]!.toFixed(1)} ms`);

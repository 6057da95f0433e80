// `npm test`: every test of the platform. Unit and integration tests (Vitest, with a real PostgreSQL
// started here) and browser tests (Playwright driving Debian's chromium against the built platform).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSkimageData, ensureTestPhotos } from './photos.mjs';
import { startPostgres } from './pg-cluster.mjs';
import { startRedis } from './redis-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, '.tmp');
fs.mkdirSync(reports, { recursive: true });

// The photo packages are fetched here, once, before test files run in parallel.
ensureTestPhotos();
const env = { ...process.env, SKIMAGE_DATA: ensureSkimageData() };
const pg = await startPostgres();
env.TEST_DATABASE_URL = pg.url;
const redis = await startRedis();
env.TEST_REDIS_URL = redis.url;

let passed = 0;
let failed = 0;
let ok = true;
/** Seconds each stage took, and the slowest test files / browser tests, printed at the end. */
const stages = [];
const slowest = [];
/** The tests that failed, with the first line of their message, printed last so that a log's tail names them. */
const failures = [];
// eslint-disable-next-line no-control-regex -- terminal colour codes are stripped from the messages
const colours = /\u001b\[[0-9;]*m/g;
const firstLine = (message) => (message ?? '').replace(colours, '').trim().split('\n')[0].slice(0, 240);
const timed = (name, run) => {
  const start = Date.now();
  const result = run();
  stages.push([name, (Date.now() - start) / 1000]);
  return result;
};
const relative = (file) => path.relative(root, file);
try {
  const vitestReport = path.join(reports, 'vitest.json');
  const unit = timed('unit and integration (vitest)', () =>
    spawnSync(
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
      {
        cwd: root,
        env,
        stdio: 'inherit',
      },
    ),
  );
  ok &&= unit.status === 0;
  if (fs.existsSync(vitestReport)) {
    const r = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    for (const file of r.testResults ?? []) {
      slowest.push([`vitest  ${relative(file.name)}`, (file.endTime - file.startTime) / 1000]);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests)
        failures.push(
          `vitest  ${relative(file.name)}: ${t.fullName}\n      ${firstLine(t.failureMessages?.[0])}`,
        );
      // A file that failed without a failed test (an import error, a hook) is named too.
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(`vitest  ${relative(file.name)}\n      ${firstLine(file.message)}`);
    }
  } else failed += 1;

  const build = timed('web build', () =>
    spawnSync('npm', ['run', 'build:web'], { cwd: root, env, stdio: 'inherit' }),
  );
  if (build.status !== 0) {
    ok = false;
    failed += 1;
  } else {
    const e2eReport = path.join(reports, 'playwright.json');
    const e2e = timed('browser (playwright)', () =>
      spawnSync(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
        cwd: root,
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
        stdio: 'inherit',
      }),
    );
    ok &&= e2e.status === 0;
    if (fs.existsSync(e2eReport)) {
      const report = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
      const stats = report.stats;
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected;
      const walk = (suite, file) => {
        for (const spec of suite.specs ?? [])
          for (const test of spec.tests ?? []) {
            slowest.push([
              `browser ${file ?? suite.file}: ${spec.title}`,
              (test.results ?? []).reduce((sum, result) => sum + result.duration, 0) / 1000,
            ]);
            if (test.status === 'unexpected') {
              const last = (test.results ?? []).at(-1);
              failures.push(
                `browser ${file ?? suite.file}: ${spec.title}\n      ${firstLine(last?.error?.message)}`,
              );
            }
          }
        for (const child of suite.suites ?? []) walk(child, file ?? suite.file);
      };
      for (const suite of report.suites ?? []) walk(suite);
    } else failed += 1;
  }
} finally {
  pg.stop();
  redis.stop();
}
// Where the time goes, so that the suite can be kept well inside CI's limit as it grows.
console.log('\nTime per stage:');
for (const [name, seconds] of stages) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log('Slowest test files and browser tests:');
for (const [name, seconds] of slowest.sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
if (failures.length > 0) {
  console.log('Failed:');
  for (const line of failures) console.log(`  ${line}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

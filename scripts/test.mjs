// `npm test`: every test of the platform. Unit and integration tests (Vitest, with a real PostgreSQL
// started here) and browser tests (Playwright driving Debian's chromium against the built platform).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSkimageData } from './photos.mjs';
import { startPostgres } from './pg-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, '.tmp');
fs.mkdirSync(reports, { recursive: true });

const env = { ...process.env, SKIMAGE_DATA: ensureSkimageData() };
const pg = await startPostgres();
env.TEST_DATABASE_URL = pg.url;

let passed = 0;
let failed = 0;
let ok = true;
try {
  const vitestReport = path.join(reports, 'vitest.json');
  const unit = spawnSync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    {
      cwd: root,
      env,
      stdio: 'inherit',
    },
  );
  ok &&= unit.status === 0;
  if (fs.existsSync(vitestReport)) {
    const r = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  } else failed += 1;

  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) {
    ok = false;
    failed += 1;
  } else {
    const e2eReport = path.join(reports, 'playwright.json');
    const e2e = spawnSync(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      cwd: root,
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
      stdio: 'inherit',
    });
    ok &&= e2e.status === 0;
    if (fs.existsSync(e2eReport)) {
      const stats = JSON.parse(fs.readFileSync(e2eReport, 'utf8')).stats;
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected;
    } else failed += 1;
  }
} finally {
  pg.stop();
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

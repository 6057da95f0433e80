import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
// Per-port data and output folders, so that two runs on different E2E_PORTs do not share files.
const runDir = port === 18080 ? '' : `-${port}`;
const dataDir = path.join(root, `.tmp/e2e-data${runDir}`);
process.env.E2E_DATABASE ??= path.join(dataDir, 'pixora.sqlite');

// Debian's chromium: Playwright's own browser download cannot reach its servers from here.
const chromium =
  process.env.CHROME_PATH ?? execFileSync('sh', ['-c', 'command -v chromium || true']).toString().trim();
if (!chromium) throw new Error('chromium not found: apt-get install chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, '.tmp/playwright.json') },
    ],
  ],
  outputDir: path.join(root, `test-results${runDir}`),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh SQLite file each run: the account tests read captcha answers from it (e2e/support/account.ts).
    command: `sh -c 'rm -rf ${dataDir} && exec node --import tsx apps/server/src/main.ts'`,
    cwd: root,
    // /readyz answers 503 until the inference workers have loaded their models and answer jobs.
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAILS: 'admin@e2e.test',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      CHECK_ANSWERS: 'true',
      // The demo pages' fixtures call the demo app's key many times a minute.
      DEMO_APP_RATE_LIMIT_PER_MINUTE: '100000',
      // Every browser of the suite comes from 127.0.0.1: the account routes' per-address limits would
      // stop the later specs' sign-ins (their own tests check the limits on their own servers).
      ACCOUNT_RATE_LIMIT_FACTOR: '50',
      DEMO_APP_DAILY_QUOTA: '1000000',
      // One capability's before/after example is made at start (the others would keep the one
      // worker busy while the demo tests run).
      EFFECT_EXAMPLES: 'v2/segment',
    },
  },
});

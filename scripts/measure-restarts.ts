// `node --import tsx scripts/measure-restarts.ts [timeoutMs] [seconds]`: the platform with one
// worker process and INFERENCE_TIMEOUT_MS set so low (default 50 ms) that every job outlives it,
// called back to back with face-api's sample1.jpg for `seconds` (default 20). Prints the answers
// by status / ErrorCode, the worker restarts (the pool backs them off) and what /readyz says.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlatform } from '../apps/server/src/bootstrap.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const timeoutMs = process.argv[2] ?? '50';
const seconds = Number(process.argv[3] ?? 20);

const config = loadConfig({
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'silent',
  WORKERS: '1',
  INFERENCE_TIMEOUT_MS: timeoutMs,
  HOST: '127.0.0.1',
  PORT: '0',
});
const { app, modelsReady } = await startPlatform(config);
await app.listen({ port: 0, host: '127.0.0.1' });
await modelsReady;
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const origin = `http://127.0.0.1:${address.port}`;
const image = fs.readFileSync(path.join(root, 'node_modules/@vladmandic/face-api/demo/sample1.jpg'));
const body = JSON.stringify({
  media_info_list: [{ media_data: image.toString('base64'), media_profiles: { media_data_type: 'jpg' } }],
});
const url = `${origin}/v2/facepoints?api_key=${config.DEMO_API_KEY}&api_secret=${config.DEMO_API_SECRET}`;
const answers: Record<string, number> = {};
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const json = (await res.json()) as { ErrorCode?: number };
  const key = `${res.status} / ${json.ErrorCode ?? 0}`;
  answers[key] = (answers[key] ?? 0) + 1;
}
const ready = await fetch(`${origin}/readyz`);
const readyz = (await ready.json()) as { inference: { restarts?: number } };
console.log(
  JSON.stringify(
    {
      inferenceTimeoutMs: Number(timeoutMs),
      seconds,
      answers,
      restarts: readyz.inference.restarts,
      readyz: ready.status,
    },
    null,
    2,
  ),
);
await app.close();

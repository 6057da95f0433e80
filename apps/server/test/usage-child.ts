/**
 * A platform in a process of its own for the usage durability test: the database named by
 * DATABASE_URL, an engine stand-in that fails every job (each call still counts), listening on a
 * free loopback port that it prints on stdout. The test kills it with SIGKILL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InferenceBackend } from '@pixora/vision';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/platform/config.ts';

const backend: InferenceBackend = {
  run: () => Promise.reject(new Error('no engine in this process')),
  ready: () => Promise.resolve(),
  stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 1, completed: 0 }),
  close: () => Promise.resolve(),
};
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pixora</title>');
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', WEB_DIST: webDist });
const { ctx } = await createContext(config, { backend });
ctx.readiness.modelsLoaded = true;
const app = await buildApp(ctx);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);

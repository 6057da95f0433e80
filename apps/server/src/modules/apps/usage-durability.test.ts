import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { DEMO_KEY, gatewayBody } from '../../../test/helpers.ts';
import { usageDay } from './usage.ts';

const child = fileURLToPath(new URL('../../../test/usage-child.ts', import.meta.url));

/** Starts the platform in a child process on `dataDir`'s SQLite file; resolves with it and its address. */
function startChild(dataDir: string) {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite://${path.join(dataDir, 'pixora.sqlite')}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<{ proc: typeof proc; base: string }>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve({ proc, base: line.trim() });
    });
    proc.once('exit', (code) => reject(new Error(`child exited with ${code} before listening`)));
  });
}

describe('usage durability', () => {
  it('loses no answered call when the server is killed hard (kill -9)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-usage-'));
    try {
      const { proc, base } = await startChild(dataDir);
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      const calls = 7;
      for (let i = 0; i < calls; i++) {
        const res = await fetch(`${base}/v2/facepoints?${DEMO_KEY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // A PNG signature is enough: the stand-in engine fails every job.
          body: JSON.stringify(gatewayBody(Buffer.from('89504e470d0a1a0a', 'hex'))),
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
      proc.kill('SIGKILL');
      await exited;
      const db = openDatabase(`sqlite://${path.join(dataDir, 'pixora.sqlite')}`);
      try {
        const rows = await db.kysely.selectFrom('api_usage').select(['day', 'calls']).execute();
        expect(rows.filter((r) => r.day === usageDay()).reduce((n, r) => n + r.calls, 0)).toBe(calls);
      } finally {
        await db.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

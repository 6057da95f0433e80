import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generate, GENERATED_FILE } from '../scripts/generate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the SDK package', () => {
  it('has its capability file generated from the current contracts (else: npm run generate -w @pixora/sdk)', async () => {
    expect(fs.readFileSync(GENERATED_FILE, 'utf8')).toBe(await generate());
  });

  it('builds to plain JavaScript that runs without TypeScript tooling', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-sdk-dist-'));
    try {
      execFileSync(process.execPath, [path.join(here, '../scripts/build.mjs'), out], { stdio: 'pipe' });
      expect(fs.existsSync(path.join(out, 'index.d.ts'))).toBe(true);
      // Plain node, no tsx: the built client lists the capabilities and signs.
      const script = `
        const sdk = await import(${JSON.stringify(path.join(out, 'index.js'))});
        const cli = await import(${JSON.stringify(path.join(out, 'cli.js'))});
        const client = new sdk.Pixora({ apiKey: 'k', apiSecret: 's' });
        console.log(JSON.stringify({
          methods: typeof client.facePoint + typeof client.personSplit,
          endpoint: sdk.findCapability('segment').endpoint,
          signed: sdk.signRequest({ apiKey: 'k', secret: 's', method: 'GET', url: '/v1/jobs/x', host: 'h', timestamp: '1700000000', nonce: 'n'.repeat(16) }).headers.authorization.slice(0, 40),
          usage: typeof cli.main,
        }));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(JSON.parse(output)).toEqual({
        methods: 'functionfunction',
        endpoint: 'v2/segment',
        signed: 'PIXORA-HMAC-SHA256 Credential=k, SignedH',
        usage: 'function',
      });
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

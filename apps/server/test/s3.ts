import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible store for the tests: s3rver (MIT, a maintained S3 emulator on the local disk),
 * on a free port with its files in a temporary folder, holding one empty bucket. `storageUrl` is the
 * STORAGE_URL of the platform; the credentials are the emulator's (set in process.env for the SDK).
 */
export async function startS3(bucket = 'pixora-test') {
  // @ts-expect-error s3rver ships no types
  const { default: S3rver } = (await import('s3rver')) as {
    default: new (options: object) => { run(): Promise<AddressInfo>; close(): Promise<void> };
  };
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

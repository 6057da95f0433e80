import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../test/s3.ts';
import { createStorage, parseStorageUrl } from './s3-storage.ts';
import type { Storage } from './storage.ts';

describe('STORAGE_URL', () => {
  it('defaults to DATA_DIR/files, reads file:// and s3:// and refuses other schemes', () => {
    expect(parseStorageUrl(undefined, '/data')).toEqual({ kind: 'file', root: '/data/files' });
    expect(parseStorageUrl('file:///srv/pixora', '/data')).toEqual({ kind: 'file', root: '/srv/pixora' });
    expect(
      parseStorageUrl(
        's3://results?endpoint=http%3A%2F%2Fminio%3A9000&region=eu-west-1&forcePathStyle=true',
        '/d',
      ),
    ).toEqual({
      kind: 's3',
      bucket: 'results',
      endpoint: 'http://minio:9000',
      publicEndpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(() => parseStorageUrl('ftp://x', '/d')).toThrow(/unsupported scheme/);
    expect(() => parseStorageUrl('s3://A_B', '/d')).toThrow(/bucket name/);
  });
});

describe('S3 storage (on the s3rver emulator)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startS3();
    storage = createStorage(parseStorageUrl(s3.storageUrl, '/unused'));
  });
  afterAll(async () => {
    storage?.close?.();
    await s3?.stop();
  });

  it('stores, reads, dates and deletes objects by the same keys as the folder', async () => {
    await storage.check();
    const key = await storage.put('uploads', '.PNG', Buffer.from('a picture'));
    expect(key).toMatch(/^uploads\/[0-9a-f]{32}\.png$/);
    expect((await storage.get(key))?.toString()).toBe('a picture');
    const at = await storage.storedAt(key);
    expect(Math.abs(at! - Date.now())).toBeLessThan(60_000);
    expect(await storage.get('uploads/00000000000000000000000000000000.png')).toBeUndefined();
    expect(await storage.storedAt('uploads/00000000000000000000000000000000.png')).toBeUndefined();
    // Keys that are not the store's own shape are never asked for.
    expect(await storage.get('../etc/passwd')).toBeUndefined();
    const other = await storage.put('results', 'jpg', Buffer.from('kept'));
    expect(await storage.deleteOlderThan('uploads', Date.now() + 60_000)).toBe(1);
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.deleteOlderThan('results', at! - 60_000)).toBe(0);
    expect((await storage.get(other))?.toString()).toBe('kept');
  });

  it('pre-signs a download URL that works without credentials and maps back to its key', async () => {
    const key = await storage.put('results', 'png', Buffer.from('result bytes'));
    const url = await storage.presign!(key, 600);
    expect(url).toContain('X-Amz-Expires=600');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('result bytes');
    expect(storage.keyOfUrl!(url)).toBe(key);
    expect(storage.keyOfUrl!(`${s3.endpoint}/${s3.bucket}/${key}`)).toBeUndefined();
  });

  it('fails its readiness check when the bucket does not exist', async () => {
    const missing = createStorage(parseStorageUrl(s3.storageUrl.replace(s3.bucket, 'no-such-bucket'), '/d'));
    await expect(missing.check()).rejects.toThrow();
    missing.close?.();
  });
});

import path from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createLocalStorage, newKey, SAFE_KEY, type Storage } from './storage.ts';

/** Where files live, from STORAGE_URL: a folder, or a bucket of an S3-compatible store. */
export type StorageLocation =
  | { kind: 'file'; root: string }
  | {
      kind: 's3';
      bucket: string;
      /** The store's address (MinIO, s3rver...); unset: AWS S3 of the region. */
      endpoint?: string;
      /** The address pre-signed URLs carry, when clients reach the store by another name. */
      publicEndpoint?: string;
      region: string;
      forcePathStyle: boolean;
    };

/**
 * Reads STORAGE_URL: `file://<dir>` (unset: `<DATA_DIR>/files`) or
 * `s3://<bucket>?endpoint=<url>&region=<region>&forcePathStyle=true&publicEndpoint=<url>`.
 */
export function parseStorageUrl(url: string | undefined, dataDir: string): StorageLocation {
  if (!url) return { kind: 'file', root: path.join(dataDir, 'files') };
  if (url.startsWith('file://')) return { kind: 'file', root: path.resolve(url.slice('file://'.length)) };
  if (url.startsWith('s3://')) {
    const parsed = new URL(url);
    const bucket = parsed.hostname;
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
      throw new Error(`STORAGE_URL: "${bucket}" is not an S3 bucket name`);
    const q = parsed.searchParams;
    return {
      kind: 's3',
      bucket,
      endpoint: q.get('endpoint') ?? undefined,
      publicEndpoint: q.get('publicEndpoint') ?? undefined,
      region: q.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
      forcePathStyle: q.get('forcePathStyle') === 'true',
    };
  }
  throw new Error(`STORAGE_URL: unsupported scheme "${url.split(':')[0]}" (file:// or s3://)`);
}

/** The storage of a location; S3 credentials come from the AWS SDK's usual chain (AWS_* variables...). */
export function createStorage(location: StorageLocation): Storage {
  return location.kind === 'file' ? createLocalStorage(location.root) : createS3Storage(location);
}

/**
 * Files in an S3 bucket: the same keys as on disk, the object's LastModified as the time it was
 * stored. Pre-signed URLs let clients download results from the store without an API server; a
 * bucket lifecycle rule (docs/deployment.md) can delete old objects, and the platform's own sweep
 * (deleteOlderThan) does it anyway.
 */
export function createS3Storage(location: Extract<StorageLocation, { kind: 's3' }>): Storage {
  const options = { region: location.region, forcePathStyle: location.forcePathStyle };
  const client = new S3Client({ ...options, ...(location.endpoint ? { endpoint: location.endpoint } : {}) });
  const signer = location.publicEndpoint
    ? new S3Client({ ...options, endpoint: location.publicEndpoint })
    : client;
  const Bucket = location.bucket;
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };
  return {
    async put(prefix, extension, bytes) {
      const key = newKey(prefix, extension);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
      return key;
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return undefined;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async storedAt(key) {
      if (!SAFE_KEY.test(key)) return undefined;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return out.LastModified?.getTime();
      } catch (err) {
        if (missing(err)) return undefined;
        throw err;
      }
    },
    async deleteOlderThan(prefix, before) {
      if (!/^[a-z0-9-]+$/.test(prefix)) return 0;
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
        );
        const old = (page.Contents ?? []).filter(
          (o) => o.Key && o.LastModified && o.LastModified.getTime() < before,
        );
        if (old.length)
          await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: old.map((o) => ({ Key: o.Key! })) } }),
          );
        deleted += old.length;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    presign(key, seconds) {
      return getSignedUrl(signer, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: seconds });
    },
    keyOfUrl(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return undefined;
      }
      if (!parsed.searchParams.has('X-Amz-Signature')) return undefined;
      // Path style: /<bucket>/<key>; virtual-hosted style: <bucket>.<host>/<key>.
      const pathname = decodeURIComponent(parsed.pathname);
      const key = pathname.startsWith(`/${Bucket}/`)
        ? pathname.slice(Bucket.length + 2)
        : parsed.hostname.startsWith(`${Bucket}.`)
          ? pathname.slice(1)
          : undefined;
      return key && SAFE_KEY.test(key) ? key : undefined;
    },
    close() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
}

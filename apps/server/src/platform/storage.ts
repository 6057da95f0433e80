import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** File storage behind one interface: a local folder by default; an S3-compatible store can replace it. */
export interface Storage {
  /** Stores the bytes under a new random key `<prefix>/<32 hex>.<extension>` and answers the key. */
  put(prefix: string, extension: string, bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
  /** When the object was stored (ms since the epoch); undefined when there is none. */
  storedAt(key: string): Promise<number | undefined>;
  /** Deletes the objects under `prefix` stored before `before` (ms); answers how many. */
  deleteOlderThan(prefix: string, before: number): Promise<number>;
  /** Resolves while the store can be read and written (readiness); throws otherwise. */
  check(): Promise<void>;
  /**
   * A URL that downloads `key` directly from the store for `seconds` (an S3 pre-signed URL);
   * absent for stores that the platform serves itself.
   */
  presign?(key: string, seconds: number): Promise<string>;
  /** The key behind a URL `presign` made, else undefined. */
  keyOfUrl?(url: string): string | undefined;
  close?(): void;
}

export const SAFE_KEY = /^[a-z0-9-]+\/[0-9a-f]{32}(\.[a-z0-9]{1,8})?$/;

export function createLocalStorage(root: string): Storage {
  return {
    async put(prefix, extension, bytes) {
      const key = newKey(prefix, extension);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return key;
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return undefined;
      return fs.readFile(path.join(root, key)).catch(() => undefined);
    },
    async storedAt(key) {
      if (!SAFE_KEY.test(key)) return undefined;
      const stat = await fs.stat(path.join(root, key)).catch(() => undefined);
      return stat?.isFile() ? stat.mtimeMs : undefined;
    },
    async deleteOlderThan(prefix, before) {
      if (!/^[a-z0-9-]+$/.test(prefix)) return 0;
      const folder = path.join(root, prefix);
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      let deleted = 0;
      for (const name of names) {
        const file = path.join(folder, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (!stat?.isFile() || stat.mtimeMs >= before) continue;
        await fs.rm(file, { force: true });
        deleted++;
      }
      return deleted;
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}

/** A new random key `<prefix>/<32 hex>.<extension>`, the extension cut to 8 of [a-z0-9]. */
export function newKey(prefix: string, extension: string): string {
  const ext = extension
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
  return `${prefix}/${crypto.randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
}

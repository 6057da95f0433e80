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
}

const SAFE_KEY = /^[a-z0-9-]+\/[0-9a-f]{32}(\.[a-z0-9]{1,8})?$/;

export function createLocalStorage(root: string): Storage {
  return {
    async put(prefix, extension, bytes) {
      const ext = extension
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 8);
      const key = `${prefix}/${crypto.randomBytes(16).toString('hex')}${ext ? `.${ext}` : ''}`;
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
  };
}

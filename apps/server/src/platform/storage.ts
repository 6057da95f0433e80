import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** File storage behind one interface: a local folder by default; an S3-compatible store can replace it. */
export interface Storage {
  put(prefix: string, extension: string, bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | undefined>;
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
  };
}

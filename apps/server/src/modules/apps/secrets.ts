import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { settingSecret } from '../../platform/server-secret.ts';

// App secrets are shown once. Each is stored twice: hashed (apps.api_secret_hash), which is all
// that query-string credentials need, and sealed (apps.api_secret_sealed), because a signed
// request is checked by computing its HMAC, which needs the secret itself.

/** A new app secret: 24 random bytes, base64url. */
export const newSecret = (): string => crypto.randomBytes(24).toString('base64url');

/** SHA-256 of a secret: secrets are long random strings, so a fast hash is enough. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** Compares two secret hashes in constant time, so the time taken tells nothing about either. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Settings key of the sealing key when APP_SECRET_SEAL_KEY is not set; made once per database. */
const SEAL_SETTING = 'app_secret_seal_key';
const SEAL_FORMAT = 'v1';

/**
 * Seals app secrets with AES-256-GCM (random 96-bit IV, 128-bit tag) under a server key:
 * SHA-256 of APP_SECRET_SEAL_KEY when it is set, which keeps the key out of database dumps;
 * otherwise one generated at first start and kept in the settings table. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; `open` answers undefined for anything it cannot open
 * (another key, a damaged value), never throws.
 */
export class SecretSealer {
  private readonly key: () => Promise<Buffer>;
  constructor(db: Kysely<Database>, configured: string | undefined) {
    if (configured) {
      const key = crypto.createHash('sha256').update(configured).digest();
      this.key = async () => key;
    } else this.key = settingSecret(db, SEAL_SETTING);
  }

  async seal(secret: string): Promise<string> {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', await this.key(), iv);
    const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), text].map((b) => b.toString('base64url'));
    return [SEAL_FORMAT, ...parts].join('.');
  }

  async open(sealed: string | null): Promise<string | undefined> {
    const parts = sealed?.split('.');
    if (!parts || parts.length !== 4 || parts[0] !== SEAL_FORMAT) return undefined;
    const [iv, tag, text] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', await this.key(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/** The columns that store one app secret: its hash for query credentials, sealed for signatures. */
export async function storedSecret(
  sealer: SecretSealer,
  secret: string,
): Promise<{ api_secret_hash: string; api_secret_sealed: string }> {
  return { api_secret_hash: hashSecret(secret), api_secret_sealed: await sealer.seal(secret) };
}

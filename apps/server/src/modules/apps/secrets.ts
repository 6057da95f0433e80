import crypto from 'node:crypto';

// App secrets are shown once and stored hashed (apps.api_secret_hash).

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

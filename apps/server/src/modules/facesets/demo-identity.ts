import crypto from 'node:crypto';
import { DEMO_FACE_SETS } from '@pixora/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { settingSecret } from '../../platform/server-secret.ts';

/**
 * Website visitors trying face search own their face sets under a per-browser demo identity
 * (docs/decisions/0005-demo-face-sets.md): a random id in a signed, httpOnly cookie, valid for
 * DEMO_LIMITS.hours. Everything the identity owns is deleted when it expires.
 */
export const DEMO_COOKIE = 'pixora_demo_faces';

/** What one demo identity may keep, and how the platform bounds demo storage as a whole. */
export const DEMO_LIMITS = {
  /** Face sets per visitor, faces per face set, lifetime (h) of an identity and of everything it owns. */
  ...DEMO_FACE_SETS,
  /** New identities per client address and hour (each can store sets x facesPerSet faces). */
  identitiesPerIpPerHour: 10,
  /** Faces kept for all visitors together; beyond it adding a face answers 503 / 10015. */
  liveFaces: 5000,
} as const;

/** Settings key of the HMAC key that signs the cookies; made once per database, at first use. */
const SECRET_KEY = 'demo_identity_secret';

export interface DemoIdentity {
  /** Random id (22 base64url characters) naming the visitor's face sets. */
  visitor: string;
  expiresAt: Date;
}

export class DemoIdentities {
  private readonly key: () => Promise<Buffer>;

  constructor(
    db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.key = settingSecret(db, SECRET_KEY);
  }

  private async sign(payload: string): Promise<string> {
    return crypto
      .createHmac('sha256', await this.key())
      .update(payload)
      .digest('base64url');
  }

  /** A new identity and the cookie value that carries it. */
  async issue(): Promise<DemoIdentity & { cookie: string }> {
    const visitor = crypto.randomBytes(16).toString('base64url');
    const expires = Math.floor(this.now() / 1000) + DEMO_LIMITS.hours * 3600;
    const payload = `${visitor}.${expires}`;
    return { visitor, expiresAt: new Date(expires * 1000), cookie: `${payload}.${await this.sign(payload)}` };
  }

  /** The identity a cookie value carries; null when absent, forged, malformed or expired. */
  async verify(cookie: string | undefined): Promise<DemoIdentity | null> {
    const parts = cookie?.split('.') ?? [];
    if (parts.length !== 3) return null;
    const [visitor, expires, signature] = parts as [string, string, string];
    if (!/^[A-Za-z0-9_-]{22}$/.test(visitor) || !/^\d{10}$/.test(expires)) return null;
    const expected = Buffer.from(await this.sign(`${visitor}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const expiresAt = new Date(Number(expires) * 1000);
    return expiresAt.getTime() > this.now() ? { visitor, expiresAt } : null;
  }
}

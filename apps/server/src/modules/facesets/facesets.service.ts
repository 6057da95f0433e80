import crypto from 'node:crypto';
import { FACE_SET_NAME_MAX, type FaceRectangle, type FaceSetSummary, type StoredFace } from '@pixora/catalog';
import { cosineSimilarity } from '@pixora/vision';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../platform/error-catalogue.ts';

/** Limits that keep one search (every descriptor of a set is read and compared) fast. */
export const MAX_FACES_PER_SET = 1000;
export const MAX_SETS_PER_APP = 100;

/**
 * Who a face set belongs to: an app (its own sets, kept until deleted), or a website visitor's
 * demo identity under the demo app (sets deleted at `expiresAt`).
 */
export interface FaceSetOwner {
  appId: number;
  /** The demo identity; null for the app itself. */
  visitor: string | null;
  /** When a visitor's sets are deleted (ISO time); null for an app. */
  expiresAt: string | null;
  limits: { sets: number; facesPerSet: number };
}

export const APP_LIMITS = { sets: MAX_SETS_PER_APP, facesPerSet: MAX_FACES_PER_SET } as const;

/** An app calling with its own credentials. */
export const appOwner = (appId: number): FaceSetOwner => ({
  appId,
  visitor: null,
  expiresAt: null,
  limits: APP_LIMITS,
});

export type { FaceRectangle, FaceSetSummary, StoredFace };

export interface SearchMatch {
  face_token: string;
  face_name: string;
  /** 100 x cosine similarity of the identity descriptors, 0-100 (as v1/face_compare). */
  similarity: number;
  /** 1 when similarity >= the same-person threshold. */
  is_same_person: 0 | 1;
}

const newToken = () => crypto.randomBytes(16).toString('hex');

/** Descriptors are stored as base64 of little-endian float32: 5.5 kB of text for 1024 values. */
export function encodeDescriptor(values: readonly number[]): string {
  return Buffer.from(Float32Array.from(values).buffer).toString('base64');
}

export function decodeDescriptor(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float32Array(copy.buffer, 0, Math.floor(bytes.length / 4));
}

function name(raw: unknown, field: string): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw new ApiError(10000, `${field} must be a string`);
  const v = raw.trim();
  if (v.length > FACE_SET_NAME_MAX) throw new ApiError(10000, `${field} is longer than ${FACE_SET_NAME_MAX}`);
  return v;
}

/** Rows of `face_sets` that belong to `owner` (an app's own sets never include visitors' sets). */
function ownedBy(owner: FaceSetOwner) {
  return (eb: ExpressionBuilder<Database, 'face_sets'>) =>
    eb.and([
      eb('face_sets.app_id', '=', owner.appId),
      owner.visitor === null
        ? eb('face_sets.visitor', 'is', null)
        : eb('face_sets.visitor', '=', owner.visitor),
    ]);
}

const expiry = (expiresAt: string | null) => (expiresAt ? { expires_at: expiresAt } : {});

/**
 * Face sets: named collections of stored face descriptors that an image can be searched against.
 * Every method is scoped to an owner (an app, or a website visitor under the demo app), so no
 * owner ever sees another's sets.
 */
export class FaceSetService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The owner's face set with this token; 21017 when there is none. */
  async set(owner: FaceSetOwner, token: unknown) {
    if (typeof token !== 'string' || !token) throw new ApiError(10000, 'faceset_token is required');
    const row = await this.db
      .selectFrom('face_sets')
      .selectAll()
      .where(ownedBy(owner))
      .where('token', '=', token)
      .executeTakeFirst();
    if (!row) throw new ApiError(21017, 'face set not found');
    return row;
  }

  private async count(faceSetId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('face_set_faces')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('face_set_id', '=', faceSetId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async create(owner: FaceSetOwner, rawName: unknown): Promise<FaceSetSummary> {
    const faceset_name = name(rawName, 'faceset_name');
    const { n } = await this.db
      .selectFrom('face_sets')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(ownedBy(owner))
      .executeTakeFirstOrThrow();
    if (Number(n) >= owner.limits.sets)
      throw new ApiError(
        10000,
        `${owner.visitor === null ? 'an app' : 'a demo visitor'} may keep ${owner.limits.sets} face sets`,
      );
    const row = {
      app_id: owner.appId,
      visitor: owner.visitor,
      expires_at: owner.expiresAt,
      token: newToken(),
      name: faceset_name,
      created_at: new Date().toISOString(),
    };
    await this.db.insertInto('face_sets').values(row).execute();
    return {
      faceset_token: row.token,
      faceset_name,
      face_count: 0,
      created_at: row.created_at,
      ...expiry(row.expires_at),
    };
  }

  async list(owner: FaceSetOwner): Promise<FaceSetSummary[]> {
    const rows = await this.db
      .selectFrom('face_sets')
      .leftJoin('face_set_faces', 'face_set_faces.face_set_id', 'face_sets.id')
      .select((eb) => [
        'face_sets.token',
        'face_sets.name',
        'face_sets.created_at',
        'face_sets.expires_at',
        eb.fn.count<number | string>('face_set_faces.id').as('n'),
      ])
      .where(ownedBy(owner))
      .groupBy([
        'face_sets.id',
        'face_sets.token',
        'face_sets.name',
        'face_sets.created_at',
        'face_sets.expires_at',
      ])
      .orderBy('face_sets.id')
      .execute();
    return rows.map((r) => ({
      faceset_token: r.token,
      faceset_name: r.name,
      face_count: Number(r.n),
      created_at: r.created_at,
      ...expiry(r.expires_at),
    }));
  }

  async detail(owner: FaceSetOwner, token: unknown): Promise<FaceSetSummary & { faces: StoredFace[] }> {
    const set = await this.set(owner, token);
    const faces = await this.db
      .selectFrom('face_set_faces')
      .select(['token', 'name', 'rectangle', 'created_at'])
      .where('face_set_id', '=', set.id)
      .orderBy('id')
      .execute();
    return {
      faceset_token: set.token,
      faceset_name: set.name,
      face_count: faces.length,
      created_at: set.created_at,
      ...expiry(set.expires_at),
      faces: faces.map((f) => ({
        face_token: f.token,
        face_name: f.name,
        face_rectangle: JSON.parse(f.rectangle) as FaceRectangle,
        created_at: f.created_at,
      })),
    };
  }

  async remove(owner: FaceSetOwner, token: unknown): Promise<void> {
    const set = await this.set(owner, token);
    // Faces first: SQLite only cascades with foreign keys on, and we do not rely on it.
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('face_set_faces').where('face_set_id', '=', set.id).execute();
      await trx.deleteFrom('face_sets').where('id', '=', set.id).execute();
    });
  }

  async addFace(
    owner: FaceSetOwner,
    token: unknown,
    rawName: unknown,
    face: { descriptor: readonly number[]; rectangle: FaceRectangle },
  ): Promise<StoredFace & { face_count: number }> {
    const face_name = name(rawName, 'face_name');
    const set = await this.set(owner, token);
    if ((await this.count(set.id)) >= owner.limits.facesPerSet)
      throw new ApiError(10000, `a face set holds at most ${owner.limits.facesPerSet} faces`);
    const row = {
      face_set_id: set.id,
      token: newToken(),
      name: face_name,
      descriptor: encodeDescriptor(face.descriptor),
      rectangle: JSON.stringify(face.rectangle),
      created_at: new Date().toISOString(),
    };
    await this.db.insertInto('face_set_faces').values(row).execute();
    return {
      face_token: row.token,
      face_name,
      face_rectangle: face.rectangle,
      created_at: row.created_at,
      face_count: await this.count(set.id),
    };
  }

  async removeFace(owner: FaceSetOwner, token: unknown, faceToken: unknown): Promise<{ face_count: number }> {
    const set = await this.set(owner, token);
    if (typeof faceToken !== 'string' || !faceToken) throw new ApiError(10000, 'face_token is required');
    const res = await this.db
      .deleteFrom('face_set_faces')
      .where('face_set_id', '=', set.id)
      .where('token', '=', faceToken)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw new ApiError(21017, 'face not found in this face set');
    return { face_count: await this.count(set.id) };
  }

  /** The `topN` stored faces most similar to `descriptor`, best first. */
  async search(
    owner: FaceSetOwner,
    token: unknown,
    descriptor: readonly number[],
    topN: number,
    threshold: number,
  ): Promise<{ faceset_token: string; face_count: number; results: SearchMatch[] }> {
    const set = await this.set(owner, token);
    const rows = await this.db
      .selectFrom('face_set_faces')
      .select(['token', 'name', 'descriptor'])
      .where('face_set_id', '=', set.id)
      .execute();
    const results = rows
      .map((r) => {
        const similarity =
          Math.round(Math.max(0, cosineSimilarity(descriptor, decodeDescriptor(r.descriptor))) * 1e4) / 100;
        return {
          face_token: r.token,
          face_name: r.name,
          similarity,
          is_same_person: (similarity >= threshold ? 1 : 0) as 0 | 1,
        };
      })
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, topN);
    return { faceset_token: set.token, face_count: rows.length, results };
  }

  /** Faces kept in all website visitors' sets together (bounded by DEMO_LIMITS.liveFaces). */
  async visitorFaceCount(): Promise<number> {
    const { n } = await this.db
      .selectFrom('face_set_faces')
      .innerJoin('face_sets', 'face_sets.id', 'face_set_faces.face_set_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('face_sets.visitor', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Deletes every visitor set whose time is up, with its faces; returns how many sets went. */
  async deleteExpired(now: Date = new Date()): Promise<number> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const expired = trx.selectFrom('face_sets').select('id').where('expires_at', '<=', at);
      await trx.deleteFrom('face_set_faces').where('face_set_id', 'in', expired).execute();
      const res = await trx.deleteFrom('face_sets').where('expires_at', '<=', at).executeTakeFirst();
      return Number(res.numDeletedRows);
    });
  }
}

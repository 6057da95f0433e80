import type { ContentForEditor } from '@pixora/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';

/**
 * The site's personalised content the personality role edits (content/site/<name>.json, stored
 * as `site/<name>`): home banners, technology cards, case studies, figures, advantages, sectors and
 * achievements. measured.json is not among them: the bench writes it from measurements.
 */
export const PERSONALITY_CONTENT = [
  'banners',
  'technology',
  'cases',
  'figures',
  'advantages',
  'sectors',
  'achievements',
] as const;

/**
 * Facts the server fills in from measurements, contracts or counted calls (site-figures.ts). A text
 * naming one keeps naming exactly it: an editor rewords the label, never the figure.
 */
export const FACT_PLACEHOLDERS = [
  'face_points',
  'contour_points',
  'body_points',
  'skin_tones',
  'facepoints_ms',
  'daily_calls',
  'studio_per_minute',
] as const;

const factsIn = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1]!)
    .filter((name) => (FACT_PLACEHOLDERS as readonly string[]).includes(name))
    .sort()
    .join();

/** The paths (`0.value.zh`) of the texts of `value` that name a fact. */
export function lockedPaths(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return factsIn(value) ? [at] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => lockedPaths(v, at ? `${at}.${key}` : key));
}

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Why `next` may not replace `current`, or undefined: the same shape (same fields, same list
 * lengths, same kinds of values) with texts changed, and every text naming a fact naming the same.
 */
export function contentChangeProblem(
  current: unknown,
  next: unknown,
): 'contentShapeChanged' | 'contentFactLocked' | undefined {
  if (kind(current) !== kind(next)) return 'contentShapeChanged';
  if (typeof current === 'string')
    return factsIn(current) === factsIn(next as string) ? undefined : 'contentFactLocked';
  if (current === null || typeof current !== 'object') return undefined;
  const a = current as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length || keys.some((k) => !(k in b))) return 'contentShapeChanged';
  for (const k of keys) {
    const problem = contentChangeProblem(a[k], b[k]);
    if (problem) return problem;
  }
  return undefined;
}

const keyOf = (name: string) => `site/${name}`;

export function assertEditable(name: string): void {
  if (!(PERSONALITY_CONTENT as readonly string[]).includes(name)) throw new ApiError(21017, name);
}

/** The site content entries for the personality editor; each save is a version and is audited. */
export class ContentEditor {
  constructor(private readonly db: Kysely<Database>) {}

  private async current(name: string): Promise<unknown> {
    assertEditable(name);
    const row = await this.db
      .selectFrom('content')
      .select('value')
      .where('key', '=', keyOf(name))
      .executeTakeFirst();
    if (!row) throw new ApiError(21017, name);
    return JSON.parse(row.value) as unknown;
  }

  async get(name: string): Promise<ContentForEditor> {
    const value = await this.current(name);
    const history = await this.db
      .selectFrom('content_versions')
      .select(['id', 'value', 'actor_email', 'created_at'])
      .where('key', '=', keyOf(name))
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return {
      name,
      value,
      locked: lockedPaths(value),
      history: history.map((h) => ({ ...h, value: JSON.parse(h.value) as unknown })),
    };
  }

  /** The current value checked against a proposed one (for saving and for previews). */
  async check(name: string, next: unknown): Promise<unknown> {
    const current = await this.current(name);
    const problem = contentChangeProblem(current, next);
    if (problem) throw new ApiError(10000, name, { messageKey: problem });
    return current;
  }

  /**
   * Saves a new value: the first save of an entry keeps the seeded value as its first version, so it
   * can be restored; from then on the start-up seed leaves the entry alone.
   */
  async save(actor: Actor, name: string, next: unknown): Promise<void> {
    const before = await this.check(name, next);
    const key = keyOf(name);
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const versions = await trx
        .selectFrom('content_versions')
        .select('id')
        .where('key', '=', key)
        .limit(1)
        .execute();
      if (versions.length === 0)
        await trx
          .insertInto('content_versions')
          .values({ key, value: JSON.stringify(before), actor_email: 'seed', created_at: now })
          .execute();
      const value = JSON.stringify(next, null, 2);
      await trx.updateTable('content').set({ value }).where('key', '=', key).execute();
      await trx
        .insertInto('content_versions')
        .values({ key, value, actor_email: actor.email, created_at: now })
        .execute();
      await recordAudit(trx, actor, {
        action: 'content.update',
        targetType: 'content',
        targetId: name,
        before,
        after: next,
      });
    });
  }

  /** Saves an earlier version again. */
  async restore(actor: Actor, name: string, versionId: number): Promise<void> {
    assertEditable(name);
    const version = await this.db
      .selectFrom('content_versions')
      .select('value')
      .where('id', '=', versionId)
      .where('key', '=', keyOf(name))
      .executeTakeFirst();
    if (!version) throw new ApiError(21017, `version ${versionId} of ${name}`);
    await this.save(actor, name, JSON.parse(version.value) as unknown);
  }
}

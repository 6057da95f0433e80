import type { AppContext } from '../../platform/context.ts';
import { ApiError, tooFrequent } from '../../platform/error-catalogue.ts';
import type { Storage } from '../../platform/storage.ts';
import { fileKind } from './file-kind.ts';

/** Where shared uploads are stored; their keys start with it. */
export const UPLOAD_PREFIX = 'public-uploads';
/** Expired uploads are looked for at most this often (on an upload, not by a timer). */
const PURGE_EVERY_MS = 10 * 60_000;

export interface UploadView {
  key: string;
  type: string;
  size: number;
  expires_at: string;
}

const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * The shared upload service: an app stores a file once and refers to it by its key (a gateway call
 * or a job sends `media_data_type: "upload"` with the key; the feedback form attaches it). A key is
 * readable by the app that uploaded it until UPLOAD_TTL_HOURS have passed. Limits: UPLOAD_MAX_BYTES
 * per file, UPLOAD_DAILY_LIMIT files per app and UTC day, and only the kinds of file-kind.ts.
 */
export class UploadService {
  private lastPurge = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
  ) {}

  async store(appId: number, bytes: Buffer | undefined, now = new Date()): Promise<UploadView> {
    const { config, db } = this.ctx;
    if (!bytes || bytes.length === 0)
      throw new ApiError(10000, 'send the file as the body or a multipart file field');
    if (bytes.length > config.UPLOAD_MAX_BYTES)
      throw new ApiError(20015, `files up to ${config.UPLOAD_MAX_BYTES} bytes`);
    const kind = fileKind(bytes);
    if (!kind)
      throw new ApiError(
        20009,
        'upload a JPEG, PNG, WebP or GIF image, a PDF, ZIP, MP4 or QuickTime file, or plain text',
      );
    await this.purge(now);
    const today = startOfUtcDay(now);
    const { n } = await db.kysely
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_id', '=', appId)
      .where('created_at', '>=', today.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(n) >= config.UPLOAD_DAILY_LIMIT)
      throw tooFrequent(
        today.getTime() + 86_400_000 - now.getTime(),
        `at most ${config.UPLOAD_DAILY_LIMIT} uploads per app and day`,
      );
    const key = await this.storage.put(UPLOAD_PREFIX, kind, bytes);
    const expires = new Date(now.getTime() + config.UPLOAD_TTL_HOURS * 3_600_000);
    await db.kysely
      .insertInto('uploads')
      .values({
        key,
        app_id: appId,
        kind,
        size: bytes.length,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
      })
      .execute();
    return { key, type: kind, size: bytes.length, expires_at: expires.toISOString() };
  }

  /** The bytes of `key` when app `appId` uploaded it and it has not expired; else undefined. */
  async read(key: string, appId: number, now = new Date()): Promise<Buffer | undefined> {
    const row = await this.ctx.db.kysely
      .selectFrom('uploads')
      .select('key')
      .where('key', '=', key)
      .where('app_id', '=', appId)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row ? this.storage.get(row.key) : undefined;
  }

  /**
   * Deletes expired files, and the records of uploads made before yesterday (kept that long so
   * that the daily count stays right whatever UPLOAD_TTL_HOURS is).
   */
  async purge(now = new Date()): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    const { config, db } = this.ctx;
    await this.storage.deleteOlderThan(UPLOAD_PREFIX, now.getTime() - config.UPLOAD_TTL_HOURS * 3_600_000);
    const yesterday = new Date(startOfUtcDay(now).getTime() - 86_400_000);
    await db.kysely.deleteFrom('uploads').where('created_at', '<', yesterday.toISOString()).execute();
  }
}

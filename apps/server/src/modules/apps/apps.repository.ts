import type { ConsoleApp } from '@pixora/catalog';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AppsTable, Database } from '../../db/schema.ts';

/**
 * An app's status as the apps table stores it, under the name the API gives it: only an enabled
 * app's key works; its owner disables and enables it, an administrator suspends it.
 */
export const AppStatus = {
  disabled: 0,
  enabled: 1,
  suspended: 2,
} as const satisfies Record<ConsoleApp['status'], number>;

const statusNames = new Map(
  Object.entries(AppStatus).map(([name, value]) => [value as number, name as ConsoleApp['status']]),
);

/** The API name of a stored status; a number it does not know reads as disabled (the key does not work). */
export const appStatusName = (status: number): ConsoleApp['status'] => statusNames.get(status) ?? 'disabled';

export type AppRow = Selectable<AppsTable>;

/** Who owns a row, as reviewers see it. */
export interface Owner {
  owner_email: string | null;
  owner_name: string | null;
  owner_company: string | null;
}

/** The apps table: the console manages apps; the gateway finds the app of an API key. */
export class AppsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(values: Insertable<AppsTable>): Promise<AppRow> {
    return this.db.insertInto('apps').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** An app of `userId`, or undefined (another user's app is not found either). */
  async owned(userId: number, id: number): Promise<AppRow | undefined> {
    return this.db
      .selectFrom('apps')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async byId(id: number): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The app an API key belongs to (keys are unique), or undefined. */
  async byApiKey(apiKey: string): Promise<AppRow | undefined> {
    return this.db.selectFrom('apps').selectAll().where('api_key', '=', apiKey).executeTakeFirst();
  }

  async listOwned(userId: number): Promise<AppRow[]> {
    return this.db
      .selectFrom('apps')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  async countOwned(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('apps')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async update(id: number, changes: Updateable<AppsTable>): Promise<AppRow> {
    return this.db
      .updateTable('apps')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Applies a review result if the app still waits for one; undefined when someone decided first. */
  async decide(id: number, changes: Updateable<AppsTable>): Promise<AppRow | undefined> {
    return this.db
      .updateTable('apps')
      .set(changes)
      .where('id', '=', id)
      .where('review_status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('apps').where('id', '=', id).execute();
  }

  /** Developers' apps with their owners, those waiting for review first, then the newest. */
  async listForReview(onlyPending: boolean): Promise<Array<AppRow & Owner>> {
    let query = this.db
      .selectFrom('apps')
      .innerJoin('users', 'users.id', 'apps.user_id')
      .selectAll('apps')
      .select([
        'users.email as owner_email',
        'users.real_name as owner_name',
        'users.company as owner_company',
      ]);
    if (onlyPending) query = query.where('apps.review_status', '=', 'pending');
    return query.orderBy('apps.updated_at', 'desc').orderBy('apps.id', 'desc').limit(500).execute();
  }

  async ownerOf(app: AppRow): Promise<{ email: string; real_name: string } | undefined> {
    if (app.user_id === null) return undefined;
    return this.db
      .selectFrom('users')
      .select(['email', 'real_name'])
      .where('id', '=', app.user_id)
      .executeTakeFirst();
  }
}

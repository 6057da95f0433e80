import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SdkRequestsTable } from '../../db/schema.ts';

export type SdkRequestRow = Selectable<SdkRequestsTable>;

/** The sdk_requests table. */
export class SdkRequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(values: Insertable<SdkRequestsTable>): Promise<SdkRequestRow> {
    return this.db.insertInto('sdk_requests').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async listOwned(userId: number): Promise<SdkRequestRow[]> {
    return this.db
      .selectFrom('sdk_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  async countSince(userId: number, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('sdk_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async byId(id: number): Promise<(SdkRequestRow & { owner_email: string }) | undefined> {
    return this.db
      .selectFrom('sdk_requests')
      .innerJoin('users', 'users.id', 'sdk_requests.user_id')
      .selectAll('sdk_requests')
      .select('users.email as owner_email')
      .where('sdk_requests.id', '=', id)
      .executeTakeFirst();
  }

  async listForReview(onlyPending: boolean): Promise<Array<SdkRequestRow & { owner_email: string }>> {
    let query = this.db
      .selectFrom('sdk_requests')
      .innerJoin('users', 'users.id', 'sdk_requests.user_id')
      .selectAll('sdk_requests')
      .select('users.email as owner_email');
    if (onlyPending) query = query.where('sdk_requests.status', '=', 'pending');
    return query.orderBy('sdk_requests.id', 'desc').limit(500).execute();
  }

  /** Sets the review result if the request still waits for one; false when someone decided first. */
  async decide(
    id: number,
    changes: Pick<
      Updateable<SdkRequestsTable>,
      'status' | 'review_note' | 'reviewer_id' | 'reviewed_at' | 'updated_at'
    >,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sdk_requests')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

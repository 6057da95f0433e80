import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import type { Dialect } from './database.ts';

/** Migrations live in code so that they ship with the server; names sort in the order they apply. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  // SQLite's INTEGER PRIMARY KEY already auto-increments; PostgreSQL needs an identity column.
  const autoId = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  return {
    '0001_menus_and_apps': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('menus')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_i18n', 'text', (c) => c.notNull())
          .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('comment_i18n', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('extension', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('endpoint', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('menu_type', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('display', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(4))
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('menus_parent_idx').on('menus').column('parent_id').execute();

        await db.schema
          .createTable('apps')
          .addColumn('id', 'integer', autoId)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('api_key', 'text', (c) => c.notNull().unique())
          .addColumn('api_secret_hash', 'text', (c) => c.notNull())
          .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('*'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('apps').execute();
        await db.schema.dropTable('menus').execute();
      },
    },
    '0002_accounts': {
      async up(db: Kysely<unknown>) {
        const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
        await db.schema
          .createTable('users')
          .addColumn('id', 'integer', autoId)
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('username', 'text', text)
          .addColumn('real_name', 'text', text)
          .addColumn('phone', 'text', text)
          .addColumn('company', 'text', text)
          .addColumn('industry', 'text', text)
          .addColumn('company_size', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('addr', 'text', text)
          .addColumn('business_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('location_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('role_permissions', 'text', text)
          .addColumn('agreement', 'text', text)
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('id', 'integer', autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('revoked_at', 'text')
          .addColumn('ip', 'text', text)
          .execute();
        await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
        await db.schema
          .createTable('captchas')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('answer', 'text', (c) => c.notNull())
          .addColumn('svg', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('email_tokens')
          .addColumn('id', 'integer', autoId)
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('phone_codes')
          .addColumn('id', 'integer', autoId)
          .addColumn('phone', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('phone_codes_phone_idx').on('phone_codes').column('phone').execute();
        await db.schema
          .createTable('outbox')
          .addColumn('id', 'integer', autoId)
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('recipient', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', text)
          .addColumn('text', 'text', text)
          .addColumn('html', 'text', text)
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        for (const table of [
          'settings',
          'outbox',
          'phone_codes',
          'email_tokens',
          'captchas',
          'sessions',
          'users',
        ]) {
          await db.schema.dropTable(table).execute();
        }
      },
    },
    '0003_content': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('docs')
          .addColumn('id', 'integer', (c) => c.notNull())
          .addColumn('lang', 'text', (c) => c.notNull())
          .addColumn('pid', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('docs_pk', ['id', 'lang'])
          .execute();
        await db.schema
          .createTable('content')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('visits')
          .addColumn('id', 'integer', autoId)
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('logged_in', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('opened_at', 'text', (c) => c.notNull())
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('feedback')
          .addColumn('id', 'integer', autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('type_id', 'integer', (c) => c.notNull().defaultTo(2))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('priority_id', 'integer', (c) => c.notNull().defaultTo(2))
          .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        for (const table of ['feedback', 'visits', 'content', 'docs'])
          await db.schema.dropTable(table).execute();
      },
    },
    '0004_face_sets': {
      async up(db: Kysely<unknown>) {
        // Face sets of an app for face search (faceRecognition): one row per set, one per stored face.
        await db.schema
          .createTable('face_sets')
          .addColumn('id', 'integer', autoId)
          .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
          .addColumn('token', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('face_sets_app_idx').on('face_sets').column('app_id').execute();
        await db.schema
          .createTable('face_set_faces')
          .addColumn('id', 'integer', autoId)
          .addColumn('face_set_id', 'integer', (c) =>
            c.notNull().references('face_sets.id').onDelete('cascade'),
          )
          .addColumn('token', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('descriptor', 'text', (c) => c.notNull())
          .addColumn('rectangle', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('face_set_faces_set_idx')
          .on('face_set_faces')
          .column('face_set_id')
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('face_set_faces').execute();
        await db.schema.dropTable('face_sets').execute();
      },
    },
    '0005_console': {
      async up(db: Kysely<unknown>) {
        // Apps of developers (the seeded demo app keeps user_id null and an unlimited quota), their
        // application for what needs review, and the state of that review.
        const appColumns: Array<
          [string, 'integer' | 'text', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder]
        > = [
          ['user_id', 'integer', (c) => c.references('users.id').onDelete('cascade')],
          ['description', 'text', (c) => c.notNull().defaultTo('')],
          ['scenario', 'text', (c) => c.notNull().defaultTo('')],
          ['expected_daily_calls', 'integer', (c) => c.notNull().defaultTo(0)],
          ['contact_phone', 'text', (c) => c.notNull().defaultTo('')],
          // Calls allowed per day; null is unlimited.
          ['daily_quota', 'integer', (c) => c],
          // Capability ids asked for that need review, comma-separated, and the quota asked for.
          ['requested_scopes', 'text', (c) => c.notNull().defaultTo('')],
          ['requested_quota', 'integer', (c) => c],
          ['review_status', 'text', (c) => c.notNull().defaultTo('none')],
          ['review_note', 'text', (c) => c.notNull().defaultTo('')],
          ['reviewer_id', 'integer', (c) => c],
          ['reviewed_at', 'text', (c) => c],
          ['updated_at', 'text', (c) => c.notNull().defaultTo('')],
        ];
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        for (const [name, type, build] of appColumns)
          await db.schema.alterTable('apps').addColumn(name, type, build).execute();
        await db.schema.createIndex('apps_user_idx').on('apps').column('user_id').execute();
        await db.schema.createIndex('apps_review_idx').on('apps').column('review_status').execute();

        // Calls of apps counted per day (UTC+8), capability, HTTP status and error code.
        await db.schema
          .createTable('api_usage')
          .addColumn('app_id', 'integer', (c) => c.notNull().references('apps.id').onDelete('cascade'))
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('capability_id', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('error_code', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('calls', 'integer', (c) => c.notNull())
          .addColumn('total_ms', 'double precision', (c) => c.notNull().defaultTo(0))
          .addColumn('max_ms', 'double precision', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('api_usage_pk', ['app_id', 'day', 'capability_id', 'status', 'error_code'])
          .execute();

        // Requests for an on-device SDK licence, reviewed by the admin or business role.
        await db.schema
          .createTable('sdk_requests')
          .addColumn('id', 'integer', autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('platform', 'text', (c) => c.notNull())
          .addColumn('modules', 'text', (c) => c.notNull())
          .addColumn('app_name', 'text', (c) => c.notNull())
          .addColumn('package_name', 'text', (c) => c.notNull())
          .addColumn('company', 'text', (c) => c.notNull())
          .addColumn('expected_mau', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('review_note', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('reviewer_id', 'integer')
          .addColumn('reviewed_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sdk_requests_user_idx').on('sdk_requests').column('user_id').execute();
        await db.schema.createIndex('sdk_requests_status_idx').on('sdk_requests').column('status').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('sdk_requests').execute();
        await db.schema.dropTable('api_usage').execute();
        await db.schema.dropIndex('apps_review_idx').execute();
        await db.schema.dropIndex('apps_user_idx').execute();
        for (const name of [
          'updated_at',
          'reviewed_at',
          'reviewer_id',
          'review_note',
          'review_status',
          'requested_quota',
          'requested_scopes',
          'daily_quota',
          'contact_phone',
          'expected_daily_calls',
          'scenario',
          'description',
          'user_id',
        ])
          await db.schema.alterTable('apps').dropColumn(name).execute();
      },
    },
    '0006_console_language': {
      async up(db: Kysely<unknown>) {
        // The language the developer applied in: review results are mailed in it.
        for (const table of ['apps', 'sdk_requests'])
          await db.schema
            .alterTable(table)
            .addColumn('language', 'text', (c) => c.notNull().defaultTo('zh'))
            .execute();
      },
      async down(db: Kysely<unknown>) {
        for (const table of ['apps', 'sdk_requests'])
          await db.schema.alterTable(table).dropColumn('language').execute();
      },
    },
    '0007_demo_face_sets': {
      async up(db: Kysely<unknown>) {
        // Face sets of website visitors trying face search (docs/decisions/0005-demo-face-sets.md):
        // owned by a per-browser demo identity under the demo app, deleted after expires_at.
        await db.schema.alterTable('face_sets').addColumn('visitor', 'text').execute();
        await db.schema.alterTable('face_sets').addColumn('expires_at', 'text').execute();
        await db.schema.createIndex('face_sets_visitor_idx').on('face_sets').column('visitor').execute();
        await db.schema.createIndex('face_sets_expires_idx').on('face_sets').column('expires_at').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('face_sets_expires_idx').execute();
        await db.schema.dropIndex('face_sets_visitor_idx').execute();
        await db.schema.alterTable('face_sets').dropColumn('expires_at').execute();
        await db.schema.alterTable('face_sets').dropColumn('visitor').execute();
      },
    },
    '0008_signed_requests': {
      async up(db: Kysely<unknown>) {
        // Signed requests need the secret itself (sealed, modules/apps/secrets.ts); apps made before
        // have none until their secret is rotated or reset. While a secret is rotated the previous
        // one keeps working until its owner revokes it.
        for (const column of [
          'api_secret_sealed',
          'previous_secret_hash',
          'previous_secret_sealed',
          'secret_rotated_at',
        ])
          await db.schema.alterTable('apps').addColumn(column, 'text').execute();
        // Nonces of signed requests seen within the signature window: a second use is a replay.
        await db.schema
          .createTable('request_nonces')
          .addColumn('app_id', 'integer', (c) => c.notNull())
          .addColumn('nonce', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('request_nonces_pk', ['app_id', 'nonce'])
          .execute();
        await db.schema
          .createIndex('request_nonces_expires_idx')
          .on('request_nonces')
          .column('expires_at')
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('request_nonces').execute();
        for (const column of [
          'secret_rotated_at',
          'previous_secret_sealed',
          'previous_secret_hash',
          'api_secret_sealed',
        ])
          await db.schema.alterTable('apps').dropColumn(column).execute();
      },
    },
    '0009_jobs': {
      async up(db: Kysely<unknown>) {
        // Asynchronous and batch jobs (modules/jobs): a job runs one capability on a list of items;
        // both survive a restart, and an item left running by a stopped server runs again.
        await db.schema
          .createTable('jobs')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('app_id', 'integer', (c) => c.notNull())
          .addColumn('capability_id', 'integer', (c) => c.notNull())
          .addColumn('endpoint', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('parameter', 'text', (c) => c.notNull())
          .addColumn('origin', 'text', (c) => c.notNull())
          .addColumn('callback_url', 'text')
          .addColumn('callback_status', 'text', (c) => c.notNull().defaultTo('none'))
          .addColumn('callback_attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('callback_next_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('finished_at', 'text')
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('jobs_app_idx').on('jobs').column('app_id').execute();
        await db.schema.createIndex('jobs_expires_idx').on('jobs').column('expires_at').execute();
        await db.schema
          .createTable('job_items')
          .addColumn('job_id', 'text', (c) => c.notNull())
          .addColumn('idx', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('input_key', 'text', (c) => c.notNull())
          .addColumn('claimed_at', 'text')
          .addColumn('answer', 'text')
          .addColumn('error_code', 'integer')
          .addColumn('error_msg', 'text')
          .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'idx'])
          .execute();
        await db.schema.createIndex('job_items_status_idx').on('job_items').column('status').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('job_items').execute();
        await db.schema.dropTable('jobs').execute();
      },
    },
    '0010_uploads': {
      async up(db: Kysely<unknown>) {
        // The shared upload service (modules/uploads): who uploaded which key, until when.
        await db.schema
          .createTable('uploads')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('app_id', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('uploads_app_idx')
          .on('uploads')
          .columns(['app_id', 'created_at'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('uploads').execute();
      },
    },
    '0011_questionnaire': {
      async up(db: Kysely<unknown>) {
        // The visitors' satisfaction questionnaire (modules/questionnaire).
        await db.schema
          .createTable('questionnaire_answers')
          .addColumn('id', 'integer', autoId)
          .addColumn('rating', 'integer', (c) => c.notNull())
          .addColumn('comment', 'text', (c) => c.notNull())
          .addColumn('page', 'text', (c) => c.notNull())
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('questionnaire_created_idx')
          .on('questionnaire_answers')
          .column('created_at')
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('questionnaire_answers').execute();
      },
    },
    '0012_audit_log': {
      async up(db: Kysely<unknown>) {
        // Every write of the back office (modules/audit): who, when, what, before and after.
        await db.schema
          .createTable('audit_log')
          .addColumn('id', 'integer', autoId)
          .addColumn('actor_id', 'integer', (c) => c.notNull())
          .addColumn('actor_email', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target_type', 'text', (c) => c.notNull())
          .addColumn('target_id', 'text', (c) => c.notNull())
          .addColumn('before', 'text')
          .addColumn('after', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('audit_target_idx')
          .on('audit_log')
          .columns(['target_type', 'target_id', 'id'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('audit_log').execute();
      },
    },
    '0013_inbox': {
      async up(db: Kysely<unknown>) {
        // In-product messages (modules/messages): what a message says is rendered from its kind and
        // parameters in the reader's language; `dedupe_key` keeps one quota warning per app, day and level.
        await db.schema
          .createTable('messages')
          .addColumn('id', 'integer', autoId)
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('params', 'text', (c) => c.notNull())
          .addColumn('dedupe_key', 'text', (c) => c.unique())
          .addColumn('read_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'id']).execute();
        // The feedback inbox: status, the reviewer's reply, and the sender's language for the reply mail.
        for (const [column, type, value] of [
          ['status', 'text', 'new'],
          ['reply', 'text', ''],
          ['language', 'text', 'zh'],
          ['updated_at', 'text', ''],
        ] as const)
          await db.schema
            .alterTable('feedback')
            .addColumn(column, type, (c) => c.notNull().defaultTo(value))
            .execute();
        await db.schema.alterTable('feedback').addColumn('replied_at', 'text').execute();
        await db.schema.alterTable('feedback').addColumn('replier_id', 'integer').execute();
        await db.schema.createIndex('feedback_status_idx').on('feedback').columns(['status', 'id']).execute();
        // Site analytics: where a visit came from (another site's origin) and the site language.
        for (const column of ['referrer', 'language'])
          await db.schema
            .alterTable('visits')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
            .execute();
        await db.schema.createIndex('visits_created_idx').on('visits').column('created_at').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('visits_created_idx').execute();
        for (const column of ['referrer', 'language'])
          await db.schema.alterTable('visits').dropColumn(column).execute();
        await db.schema.dropIndex('feedback_status_idx').execute();
        for (const column of ['status', 'reply', 'language', 'updated_at', 'replied_at', 'replier_id'])
          await db.schema.alterTable('feedback').dropColumn(column).execute();
        await db.schema.dropTable('messages').execute();
      },
    },
    '0015_materials': {
      async up(db: Kysely<unknown>) {
        // The back office's materials (modules/materials): the assets the capabilities read, the
        // bundled ones (no file of their own) and the uploaded ones (bytes in the server's Storage).
        await db.schema
          .createTable('materials')
          .addColumn('id', 'integer', autoId)
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('name_i18n', 'text', (c) => c.notNull())
          .addColumn('bundled', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('sort_order', 'integer', (c) => c.notNull())
          .addColumn('storage_key', 'text')
          .addColumn('preview', 'text')
          .addColumn('format', 'text')
          .addColumn('width', 'integer')
          .addColumn('height', 'integer')
          .addColumn('size', 'integer')
          .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('owner_id', 'integer')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('materials_type_order_idx')
          .on('materials')
          .columns(['type', 'sort_order'])
          .execute();
        // One material per value of a type: the value is what a capability's parameter names.
        await db.schema
          .createIndex('materials_type_value_idx')
          .on('materials')
          .columns(['type', 'value'])
          .unique()
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('materials').execute();
      },
    },
    '0014_editor': {
      async up(db: Kysely<unknown>) {
        // The back office's editors (modules/editor). What an editor changed of a menu entry: the
        // start-up seed refreshes the menu from the catalogue, then applies these again.
        await db.schema
          .createTable('menu_overrides')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('fields', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        // A doc page's unpublished draft, one per page and language.
        await db.schema
          .createTable('doc_drafts')
          .addColumn('doc_id', 'integer', (c) => c.notNull())
          .addColumn('lang', 'text', (c) => c.notNull())
          .addColumn('pid', 'integer', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('actor_email', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('doc_drafts_pk', ['doc_id', 'lang'])
          .execute();
        // Every published version of a doc page (the seed's first, when an editor first publishes).
        // A page with versions is the editors': the seed no longer replaces it.
        await db.schema
          .createTable('doc_versions')
          .addColumn('id', 'integer', autoId)
          .addColumn('doc_id', 'integer', (c) => c.notNull())
          .addColumn('lang', 'text', (c) => c.notNull())
          .addColumn('pid', 'integer', (c) => c.notNull())
          .addColumn('sort', 'integer', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('actor_email', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('doc_versions_doc_idx')
          .on('doc_versions')
          .columns(['doc_id', 'lang', 'id'])
          .execute();
        // Every saved version of a site content entry; an entry with versions is no longer seeded.
        await db.schema
          .createTable('content_versions')
          .addColumn('id', 'integer', autoId)
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('actor_email', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('content_versions_key_idx')
          .on('content_versions')
          .columns(['key', 'id'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        for (const table of ['content_versions', 'doc_versions', 'doc_drafts', 'menu_overrides'])
          await db.schema.dropTable(table).execute();
      },
    },
    '0017_job_cancel': {
      async up(db: Kysely<unknown>) {
        // Job cancellation (modules/jobs): a job counts the items it withdrew before they ran.
        await db.schema
          .alterTable('jobs')
          .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('jobs').dropColumn('cancelled').execute();
      },
    },
    '0018_job_list': {
      async up(db: Kysely<unknown>) {
        // Listing an app's jobs newest first (GET /v1/jobs): one index serves its filter and order.
        await db.schema
          .createIndex('jobs_app_created_idx')
          .on('jobs')
          .columns(['app_id', 'created_at'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('jobs_app_created_idx').execute();
      },
    },
  };
}

// Migrations see the database as it was when they were written, not today's typed schema (Kysely's advice).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  return withMigrationLock(db, dialect, () => applyMigrations(db, dialect));
}

/** Applies the migrations not applied yet, without the lock (inside withMigrationLock). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function applyMigrations(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs `work` (migrations, and the seeds that follow them) while holding the platform's migration
 * lock. Several servers starting at once on PostgreSQL each wait for an advisory lock, held by one
 * pooled connection while `work` runs on others, so one server migrates and seeds and the rest find
 * nothing left to do (concurrent seeds would insert the same rows). The lock is the session's: a
 * server that dies while holding it releases it with its connection. SQLite has one process.
 */
export async function withMigrationLock<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: Dialect,
  work: () => Promise<T>,
): Promise<T> {
  if (dialect !== 'postgres') return work();
  return db.connection().execute(async (lock) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(lock);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(lock);
    }
  });
}

/** The advisory lock key of migrations: "pixora" in ASCII, a number no other lock of the platform uses. */
export const MIGRATION_LOCK_ID = 0x706978_6f7261;

import type { Generated } from 'kysely';

export interface MenusTable {
  id: number;
  parent_id: number;
  name: string;
  name_i18n: string;
  comment: string;
  comment_i18n: string;
  extension: string;
  url: string;
  endpoint: string;
  menu_type: number;
  display: number;
  status: number;
  sort: number;
}

export interface AppsTable {
  id: Generated<number>;
  name: string;
  api_key: string;
  /** SHA-256 of the secret: secrets are long random strings, so a fast hash is enough. */
  api_secret_hash: string;
  /** The secret sealed with the server's key (modules/apps/secrets.ts), for signed requests; null for secrets made before them. */
  api_secret_sealed: Generated<string | null>;
  /** While a secret is rotated: the previous one, still accepted until revoked. */
  previous_secret_hash: Generated<string | null>;
  previous_secret_sealed: Generated<string | null>;
  /** When the current secret replaced the previous one by rotation (ISO time); null when there is no previous one. */
  secret_rotated_at: Generated<string | null>;
  /** Capability ids the app may call, comma-separated; `*` means all (EVERY_CAPABILITY). */
  scopes: string;
  /** AppStatus (modules/apps/apps.repository.ts): enabled, disabled by its owner, suspended by an administrator. */
  status: number;
  created_at: string;
  /** The developer owning the app; null for the seeded demo app. */
  user_id: Generated<number | null>;
  description: Generated<string>;
  scenario: Generated<string>;
  expected_daily_calls: Generated<number>;
  contact_phone: Generated<string>;
  /** Calls allowed per day (UTC+8); null is unlimited. */
  daily_quota: Generated<number | null>;
  /** Capability ids applied for that wait for review, comma-separated. */
  requested_scopes: Generated<string>;
  /** Daily quota applied for that waits for review. */
  requested_quota: Generated<number | null>;
  review_status: Generated<'none' | 'pending' | 'approved' | 'rejected'>;
  review_note: Generated<string>;
  reviewer_id: Generated<number | null>;
  reviewed_at: Generated<string | null>;
  updated_at: Generated<string>;
  /** Language of the application (zh, zh_tw, en): review results are mailed in it. */
  language: Generated<string>;
}

/** Calls of an app counted per day (UTC+8), capability, HTTP status and error code (0 for success). */
export interface ApiUsageTable {
  app_id: number;
  day: string;
  capability_id: number;
  status: number;
  error_code: number;
  calls: number;
  total_ms: number;
  max_ms: number;
}

/** A request for an on-device SDK licence. */
export interface SdkRequestsTable {
  id: Generated<number>;
  user_id: number;
  platform: 'android' | 'ios';
  /** SDK modules, comma-separated (names of SDK_MODULES in @pixora/catalog). */
  modules: string;
  app_name: string;
  /** Android package name or iOS bundle id. */
  package_name: string;
  company: string;
  expected_mau: number;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  description: string;
  status: 'pending' | 'approved' | 'rejected';
  review_note: string;
  reviewer_id: number | null;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Language of the request (zh, zh_tw, en): the review result is mailed in it. */
  language: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  username: string;
  real_name: string;
  phone: string;
  company: string;
  industry: string;
  company_size: number;
  addr: string;
  business_id: number;
  location_id: number;
  role_permissions: string;
  /** Protocol version (ten-digit seconds) the user last agreed to. */
  agreement: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  svg: string;
  expires_at: string;
}

export interface EmailTokensTable {
  id: Generated<number>;
  purpose: 'register' | 'reset';
  email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PhoneCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  created_at: string;
}

/** Messages kept locally when no SMTP server (mail) or SMS gateway (sms) is configured. */
export interface OutboxTable {
  id: Generated<number>;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Documentation pages seeded from content/docs, one row per page and language. */
export interface DocsTable {
  id: number;
  lang: string;
  pid: number;
  sort: number;
  title: string;
  body: string;
}

/** Site content (banners, slides, legal texts, ...) seeded from content/, as JSON text by key. */
export interface ContentTable {
  key: string;
  value: string;
}

export interface VisitsTable {
  id: Generated<number>;
  url: string;
  duration_ms: number;
  logged_in: number;
  opened_at: string;
  channel: string;
  location: string;
  ip: string;
  created_at: string;
  /** The origin of the page that linked to the site (another site only); '' when none. */
  referrer: Generated<string>;
  /** The site language of the visit (zh, zh_tw, en). */
  language: Generated<string>;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  type_id: number;
  title: string;
  content: string;
  priority_id: number;
  attachments: string;
  created_at: string;
  /** new, in_progress or done (the feedback inbox). */
  status: Generated<string>;
  /** The reviewer's latest reply ('' until one is sent). */
  reply: Generated<string>;
  /** The sender's language when sending (zh, zh_tw, en): the reply mail is written in it. */
  language: Generated<string>;
  updated_at: Generated<string>;
  replied_at: Generated<string | null>;
  replier_id: Generated<number | null>;
}

/** A face set of an app (face search); `token` is its public id. */
export interface FaceSetsTable {
  id: Generated<number>;
  app_id: number;
  token: string;
  name: string;
  created_at: string;
  /** The website visitor (demo identity) owning the set under the demo app; null for an app's own sets. */
  visitor: string | null;
  /** When a visitor's set is deleted (ISO time); null for an app's own sets, which stay. */
  expires_at: string | null;
}

/** One stored face: its identity descriptor (base64 of little-endian float32) and box (JSON). */
export interface FaceSetFacesTable {
  id: Generated<number>;
  face_set_id: number;
  token: string;
  name: string;
  descriptor: string;
  rectangle: string;
  created_at: string;
}

/** Nonces of signed requests within the signature window (modules/apps/nonces.ts). */
export interface RequestNoncesTable {
  app_id: number;
  nonce: string;
  /** ISO time after which the nonce's timestamp is out of the window anyway and the row may go. */
  expires_at: string;
}

/** A visitor's answer to the satisfaction questionnaire (modules/questionnaire); no address is kept. */
export interface QuestionnaireAnswersTable {
  id: Generated<number>;
  /** 1 (very dissatisfied) to 5 (very satisfied). */
  rating: number;
  comment: string;
  /** The site page the visitor answered on (path and query). */
  page: string;
  language: string;
  created_at: string;
}

/** A file of the shared upload service (modules/uploads), readable by its app until it expires. */
export interface UploadsTable {
  /** The storage key, `public-uploads/<32 hex>.<ext>`: what the uploader refers to it by. */
  key: string;
  app_id: number;
  /** The file's kind as read from its bytes (`jpg`, `png`, `pdf`, `zip`...). */
  kind: string;
  size: number;
  created_at: string;
  expires_at: string;
}

/** Asynchronous and batch jobs (modules/jobs). */
export interface JobsTable {
  /** `job_` and 24 random hex digits. */
  id: string;
  app_id: number;
  capability_id: number;
  endpoint: string;
  /** queued, running, done, cancelled. */
  status: string;
  total: number;
  succeeded: Generated<number>;
  failed: Generated<number>;
  /** Items withdrawn by a cancellation before they ran (never computed, never metered). */
  cancelled: Generated<number>;
  /** JSON: the `parameter` as the client sent it (echoed in each item's answer). */
  parameter: string;
  /** Origin of the item results' URLs. */
  origin: string;
  callback_url: string | null;
  /** none, pending, delivered, failed. */
  callback_status: Generated<string>;
  callback_attempts: Generated<number>;
  callback_next_at: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  expires_at: string;
}

export interface JobItemsTable {
  job_id: string;
  idx: number;
  /** queued, running, succeeded, failed, cancelled. */
  status: string;
  /** Storage key of the item's request (its media and extra), deleted with the job. */
  input_key: string;
  claimed_at: string | null;
  /** JSON: the gateway's answer to the item, result images as short-lived URLs. */
  answer: string | null;
  error_code: number | null;
  error_msg: string | null;
}

/** One write of the back office (modules/audit). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  /** The actor's e-mail (or phone) at the time of the write, kept if the account goes. */
  actor_email: string;
  /** What was done, `<area>.<verb>`: `menu.update`, `doc.publish`, `material.upload`... */
  action: string;
  /** The kind of thing written (`menu`, `doc`, `material`, `feedback`...) and its id. */
  target_type: string;
  target_id: string;
  /** JSON of the thing before and after the write; null when it did not exist before or after. */
  before: string | null;
  after: string | null;
  created_at: string;
}

/** An in-product message to a user (modules/messages). */
export interface MessagesTable {
  id: Generated<number>;
  user_id: number;
  /** What the message is about: reviewResult, feedbackReply, quotaWarning. */
  kind: string;
  /** JSON of the facts the message names; its text is rendered in the reader's language. */
  params: string;
  /** Set for messages that must arrive once only (a quota warning per app, day and level). */
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
}

export interface Database {
  menus: MenusTable;
  apps: AppsTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  email_tokens: EmailTokensTable;
  phone_codes: PhoneCodesTable;
  outbox: OutboxTable;
  settings: SettingsTable;
  docs: DocsTable;
  content: ContentTable;
  visits: VisitsTable;
  feedback: FeedbackTable;
  face_sets: FaceSetsTable;
  face_set_faces: FaceSetFacesTable;
  api_usage: ApiUsageTable;
  sdk_requests: SdkRequestsTable;
  request_nonces: RequestNoncesTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
  uploads: UploadsTable;
  questionnaire_answers: QuestionnaireAnswersTable;
  audit_log: AuditLogTable;
  messages: MessagesTable;
  materials: MaterialsTable;
  menu_overrides: MenuOverridesTable;
  doc_drafts: DocDraftsTable;
  doc_versions: DocVersionsTable;
  content_versions: ContentVersionsTable;
}

/** A material of the back office (modules/materials). */
export interface MaterialsTable {
  id: Generated<number>;
  /** One of MATERIAL_TYPES (sticker, fusion_template, ...). */
  type: string;
  /** The value a capability's parameter takes for it: the bundled name, or `m<id>` for an upload. */
  value: string;
  /** Its name in three languages, JSON `{ zh, zh_tw, en }`. */
  name_i18n: string;
  /** 1: bundled with the platform (the seed; no file here, cannot be deleted). */
  bundled: number;
  enabled: number;
  sort_order: number;
  /** The uploaded file's key in the server's Storage; null for bundled ones. */
  storage_key: string | null;
  /** A bundled one's picture: a path under the site. */
  preview: string | null;
  format: string | null;
  width: number | null;
  height: number | null;
  size: number | null;
  /** JSON: a sticker's `{ anchor, scale }`. */
  settings: string;
  /** Who uploaded it (material-outside users see only theirs); null for bundled ones. */
  owner_id: number | null;
  created_at: string;
  updated_at: string;
}

/** What an editor changed of a menu entry (JSON of MenuEditable fields), applied again after each seed. */
export interface MenuOverridesTable {
  id: number;
  fields: string;
  updated_at: string;
}

/** A doc page's unpublished draft in one language. */
export interface DocDraftsTable {
  doc_id: number;
  lang: string;
  pid: number;
  sort: number;
  title: string;
  body: string;
  actor_email: string;
  updated_at: string;
}

/** A published version of a doc page in one language (its history). */
export interface DocVersionsTable {
  id: Generated<number>;
  doc_id: number;
  lang: string;
  pid: number;
  sort: number;
  title: string;
  body: string;
  actor_email: string;
  created_at: string;
}

/** A saved version of a site content entry (`site/<name>`). */
export interface ContentVersionsTable {
  id: Generated<number>;
  key: string;
  value: string;
  actor_email: string;
  created_at: string;
}

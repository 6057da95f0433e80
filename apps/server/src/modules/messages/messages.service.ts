import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Language } from '../../platform/messages.ts';

/** What a message says, by kind; each kind's facts are kept as JSON and rendered when read. */
export type MessageInput =
  | {
      kind: 'reviewResult';
      params: { subject: 'app' | 'sdk'; name: string; approved: boolean; note: string };
    }
  | { kind: 'feedbackReply'; params: { feedback_id: number; title: string; reply: string } }
  | {
      kind: 'quotaWarning';
      params: { app: string; app_id: number; level: number; quota: number; day: string };
    };

export type MessageKind = MessageInput['kind'];
export type MessageParams<K extends MessageKind> = Extract<MessageInput, { kind: K }>['params'];

/** A message as its owner reads it, in the reader's language. */
export interface MessageView {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  /** A page of the site the message is about; null when none. */
  link: string | null;
  read: boolean;
  created_at: string;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Delivers a message to `userId`. With `dedupeKey`, a message already delivered under that key is
 * not delivered again (a quota warning arrives once per app, day and level, whichever server sees it).
 */
export async function sendMessage(db: Db, userId: number, input: MessageInput, dedupeKey?: string) {
  await db
    .insertInto('messages')
    .values({
      user_id: userId,
      kind: input.kind,
      params: JSON.stringify(input.params),
      dedupe_key: dedupeKey ?? null,
      read_at: null,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const TEXTS = {
  reviewResult: {
    zh: {
      approved: '{subject}“{name}”的申请已通过',
      rejected: '{subject}“{name}”的申请未通过',
      app: 'API 应用',
      sdk: 'SDK 授权',
      note: '审核意见：{note}',
      noNote: '审核已完成。',
    },
    zh_tw: {
      approved: '{subject}「{name}」的申請已通過',
      rejected: '{subject}「{name}」的申請未通過',
      app: 'API 應用',
      sdk: 'SDK 授權',
      note: '審核意見：{note}',
      noNote: '審核已完成。',
    },
    en: {
      approved: 'The application of {subject} "{name}" is approved',
      rejected: 'The application of {subject} "{name}" was not approved',
      app: 'the API app',
      sdk: 'the SDK licence',
      note: "Reviewer's note: {note}",
      noNote: 'The review is complete.',
    },
  },
  feedbackReply: {
    zh: { title: '您的反馈“{title}”有了回复' },
    zh_tw: { title: '您的回饋「{title}」有了回覆' },
    en: { title: 'Your feedback "{title}" has a reply' },
  },
  quotaWarning: {
    zh: {
      near: '应用“{app}”今日已用每日额度的 {level}%',
      used: '应用“{app}”今日的每日额度已用完',
      body: '每日额度 {quota} 次（{day}，北京时间 00:00 重置）。',
    },
    zh_tw: {
      near: '應用「{app}」今日已用每日額度的 {level}%',
      used: '應用「{app}」今日的每日額度已用完',
      body: '每日額度 {quota} 次（{day}，北京時間 00:00 重置）。',
    },
    en: {
      near: 'The app "{app}" has used {level}% of its daily quota today',
      used: 'The app "{app}" has used its whole daily quota today',
      body: 'Daily quota: {quota} calls ({day}; it renews at 00:00 China Standard Time).',
    },
  },
} as const satisfies Record<MessageKind, Record<Language, Record<string, string>>>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The title, body and link of a stored message in `language`. */
export function renderMessage(
  row: { id: number; kind: string; params: string; read_at: string | null; created_at: string },
  language: Language,
): MessageView {
  const input = { kind: row.kind, params: JSON.parse(row.params) as unknown } as MessageInput;
  const base = { id: row.id, kind: input.kind, read: row.read_at !== null, created_at: row.created_at };
  switch (input.kind) {
    case 'reviewResult': {
      const t = TEXTS.reviewResult[language];
      const p = input.params;
      return {
        ...base,
        title: fill(p.approved ? t.approved : t.rejected, { subject: t[p.subject], name: p.name }),
        body: p.note ? fill(t.note, { note: p.note }) : t.noNote,
        link: p.subject === 'app' ? '/admin/appManager' : '/admin/sdkManager',
      };
    }
    case 'feedbackReply':
      return {
        ...base,
        title: fill(TEXTS.feedbackReply[language].title, { title: input.params.title }),
        body: input.params.reply,
        link: null,
      };
    case 'quotaWarning': {
      const t = TEXTS.quotaWarning[language];
      const p = input.params;
      return {
        ...base,
        title: fill(p.level >= 100 ? t.used : t.near, p),
        body: fill(t.body, p),
        link: `/admin/appManager/usage?app=${p.app_id}`,
      };
    }
  }
}

/**
 * Warns the owner of app `appId` that its calls of `day` reached `level` % of its daily quota: one
 * message per app, day and level (the dedupe key), none for an app without an owner (the demo app).
 */
export async function deliverQuotaWarning(db: Db, appId: number, day: string, level: number, quota: number) {
  const app = await db
    .selectFrom('apps')
    .select(['name', 'user_id'])
    .where('id', '=', appId)
    .executeTakeFirst();
  if (!app || app.user_id === null) return;
  await sendMessage(
    db,
    app.user_id,
    { kind: 'quotaWarning', params: { app: app.name, app_id: appId, level, quota, day } },
    `quota:${appId}:${day}:${level}`,
  );
}

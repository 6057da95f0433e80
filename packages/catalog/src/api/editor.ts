/**
 * The back office's editors (apps/server/src/modules/editor): the capability menu (admin, editor),
 * the docs centre's pages (admin, editor) and the site's personalised content (admin, personality).
 * Shared by server and web; the web imports the types only.
 */
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);

/** A text in the three languages; the Chinese one is required (it is also the plain Name). */
export const editorI18nText = z.object({ zh: text(200).min(1), zh_tw: text(200), en: text(200) });
export const editorI18nComment = z.object({ zh: text(2000), zh_tw: text(2000), en: text(2000) });

/**
 * A change of one menu entry: its names and comments in three languages, whether it is shown
 * (Display: 1 hidden, 0 or 2 shown) and its status icons (Status: 1 internal test, 2 hot, 3 beta,
 * 4 new, 5 hot and new).
 */
export const menuChange = z
  .object({
    name_i18n: editorI18nText.optional(),
    comment_i18n: editorI18nComment.optional(),
    display: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    status: z.number().int().min(1).max(5).optional(),
  })
  .refine((c) => Object.keys(c).length > 0, { message: 'nothing to change' });
export type MenuChange = z.infer<typeof menuChange>;

/** A new order of the children of one parent: every child id, in the order they are shown. */
export const menuOrder = z.object({
  parent_id: z.number().int().min(0),
  ids: z.array(z.number().int()).min(1).max(500),
});
export type MenuOrder = z.infer<typeof menuOrder>;

/** What an editor may change of a menu entry, as it is stored (the audit's before and after). */
export interface MenuEditable {
  name_i18n: string;
  comment_i18n: string;
  display: number;
  status: number;
  sort: number;
}

/** A doc page in one language as an editor writes it; pid and sort place it in the tree. */
export const docDraftInput = z.object({
  lang: z.enum(['zh', 'zh_tw', 'en']),
  title: text(200).min(1),
  body: z.string().max(200_000),
  pid: z.number().int().min(0).default(0),
  sort: z.number().int().min(0).max(100_000).default(0),
});
export type DocDraftInput = z.input<typeof docDraftInput>;

export const docLanguageInput = z.object({ lang: z.enum(['zh', 'zh_tw', 'en']) });
export const docRestoreInput = z.object({ version_id: z.number().int().positive() });

/** One version of a doc page in one language. */
export const docText = z.object({
  pid: z.number().int(),
  sort: z.number().int(),
  title: z.string(),
  body: z.string(),
});
export type DocText = z.infer<typeof docText>;

const docLanguages = { zh: true, zh_tw: true, en: true } as const;
const perLanguage = <T extends z.ZodType>(item: T) =>
  z.object(
    Object.fromEntries(Object.keys(docLanguages).map((l) => [l, item])) as Record<'zh' | 'zh_tw' | 'en', T>,
  );

/** A doc page for its editor: per language the published text and the draft, then the history. */
export const docForEditor = z.object({
  id: z.number().int(),
  languages: perLanguage(z.object({ published: docText.nullable(), draft: docText.nullable() })),
  history: z.array(
    docText.extend({
      id: z.number().int(),
      lang: z.string(),
      actor_email: z.string(),
      created_at: z.string(),
    }),
  ),
  /** Doc ids the drafts and published texts link to (`/doc?id=N`) that do not exist. */
  broken_links: z.array(z.number().int()),
});
export type DocForEditor = z.infer<typeof docForEditor>;

/** A row of the docs list: the page's title in each language and which languages have a draft. */
export const docListRow = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  titles: perLanguage(z.string()).partial(),
  drafts: z.array(z.string()),
});
export type DocListRow = z.infer<typeof docListRow>;
/** The docs list of the editor. */
export const docList = z.object({ docs: z.array(docListRow) });
/** A saved draft's answer: the doc ids its text links to that do not exist. */
export const docDraftSaved = z.object({ broken_links: z.array(z.number().int()) });
/** A restored version's answer: its language and text, now published. */
export const docRestored = docText.extend({ lang: z.string() });

/** A new value for one site content entry: the same shape as the current one, texts changed. */
export const contentInput = z.object({ value: z.unknown() });
/** Preview of an entry as the site would serve it, in one language. */
export const contentPreviewInput = z.object({
  value: z.unknown(),
  lang: z.enum(['zh', 'zh_tw', 'en']),
});

/** A site content entry for its editor (values are the entry's own JSON, shapes vary by entry). */
export const contentForEditor = z.object({
  name: z.string(),
  value: z.unknown(),
  /** Text paths (`0.value.zh`) naming a measured or derived fact: shown, never edited. */
  locked: z.array(z.string()),
  history: z.array(
    z.object({ id: z.number().int(), value: z.unknown(), actor_email: z.string(), created_at: z.string() }),
  ),
});
export type ContentForEditor = z.infer<typeof contentForEditor>;

/** A menu entry's editable fields as the editor answers them after a change or its undo. */
export const menuSnapshot = z.object({
  name_i18n: z.object({ zh: z.string(), zh_tw: z.string(), en: z.string() }),
  comment_i18n: z.object({ zh: z.string(), zh_tw: z.string(), en: z.string() }),
  display: z.number(),
  status: z.number(),
  sort: z.number(),
});
/** The order of a parent's children as the editor answers it: child id -> sort. */
export const menuSortMap = z.record(z.string(), z.number());

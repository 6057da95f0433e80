/** Feedback type: 1 defect, 2 product optimisation. */
export const FEEDBACK_TYPES = [
  { value: 1, key: 'defect' },
  { value: 2, key: 'optimization' },
] as const;

/** Feedback priority: 1 low, 2 medium, 3 high. */
export const FEEDBACK_PRIORITIES = [
  { value: 1, key: 'low' },
  { value: 2, key: 'medium' },
  { value: 3, key: 'high' },
] as const;

export type FeedbackType = (typeof FEEDBACK_TYPES)[number]['value'];
export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number]['value'];

export interface FeedbackValues {
  type_id: FeedbackType;
  title: string;
  content: string;
  priority_id: FeedbackPriority;
}

/** The form as it opens (type 2, priority 2). */
export const FEEDBACK_DEFAULTS: FeedbackValues = { type_id: 2, title: '', content: '', priority_id: 2 };

/** Rows of the content field. */
export const CONTENT_ROWS = 4;

/** The feedback dialog is at least this wide where the screen allows. */
export const FEEDBACK_MODAL_MIN_WIDTH = 550;

/** File types the upload takes; the extension is sent as the upload's type. */
export const ATTACHMENT_TYPES = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'pdf',
  'txt',
  'log',
  'zip',
  'mp4',
  'mov',
  'doc',
  'docx',
  'xls',
  'xlsx',
] as const;

/** Largest attachment the server takes (its multipart limit), and how many one feedback carries. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;

/** The extension of a file name, lower case, or '' when it has none. */
export function fileType(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export const isAcceptedType = (name: string) =>
  (ATTACHMENT_TYPES as readonly string[]).includes(fileType(name));

/** The title rule: not empty once trimmed. */
export const isTitleValid = (title: string) => title.trim().length > 0;

/** Newlines in the content are sent escaped, as the two characters `\n`. */
export const escapeNewlines = (text: string) => text.replace(/\r\n|\r|\n/g, '\\n');

/**
 * The form data `POST /api/v1/feedback/` takes: type_id, title (trimmed), content
 * (newlines escaped), priority_id and one `attachment` field per uploaded key.
 */
export function feedbackFormData(values: FeedbackValues, attachments: readonly string[]): FormData {
  const form = new FormData();
  form.append('type_id', String(values.type_id));
  form.append('title', values.title.trim());
  form.append('content', escapeNewlines(values.content));
  form.append('priority_id', String(values.priority_id));
  for (const key of attachments) form.append('attachment', key);
  return form;
}

/** What the dialog shows after sending: success when data.code is 0, else the server's words or a generic failure. */
export type FeedbackOutcome = { ok: true; message: string } | { ok: false; message: string | null };

export function feedbackOutcome(answer: unknown): FeedbackOutcome {
  const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const data =
    typeof record.data === 'object' && record.data !== null ? (record.data as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : null;
  if (data.code === 0) return { ok: true, message: message ?? '' };
  return { ok: false, message };
}

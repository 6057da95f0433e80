import type { Envelope, SiteReport } from '@pixora/catalog';

export type { SiteReport } from '@pixora/catalog';
import { request } from './http.ts';

/** The three statuses of a feedback in the inbox. */
export const FEEDBACK_STATUSES = ['new', 'in_progress', 'done'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** One feedback as the inbox lists it (apps/server/src/modules/feedback/inbox.routes.ts). */
export interface InboxItem {
  id: number;
  type_id: number;
  priority_id: number;
  title: string;
  content: string;
  status: FeedbackStatus;
  reply: string;
  language: string;
  created_at: string;
  updated_at: string;
  replied_at: string | null;
  sender: { id: number; email: string; name: string };
  /** Each attachment's kind and the authorised address that serves it to reviewers. */
  attachments: { index: number; type: string; url: string }[];
}

export interface InboxPage {
  total: number;
  page: number;
  size: number;
  by_status: Record<FeedbackStatus, number>;
  items: InboxItem[];
}

export interface InboxFilter {
  status?: FeedbackStatus;
  type_id?: number;
  priority_id?: number;
  q?: string;
  page: number;
  size: number;
}

/** A message to the signed-in user, written in the language of the request. */
export interface Message {
  id: number;
  kind: 'reviewResult' | 'feedbackReply' | 'quotaWarning';
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  created_at: string;
}

export interface MessagePage {
  total: number;
  unread_count: number;
  messages: Message[];
}

export const CSV_TABLES = ['daily', 'pages', 'referrers', 'languages', 'demo_calls', 'funnel'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

const data = <T>(answer: Envelope<T>) => answer.data;

export const inboxApi = {
  list: (filter: InboxFilter) =>
    request<Envelope<InboxPage>>('/api/v1/admin/feedback', { query: { ...filter } }).then(data),
  setStatus: (id: number, status: FeedbackStatus) =>
    request<Envelope<InboxItem>>(`/api/v1/admin/feedback/${id}/status`, { body: { status } }).then(data),
  reply: (id: number, reply: string, status: FeedbackStatus) =>
    request<Envelope<InboxItem>>(`/api/v1/admin/feedback/${id}/reply`, { body: { reply, status } }).then(
      data,
    ),
};

export const messagesApi = {
  list: (page: number, size: number) =>
    request<Envelope<MessagePage>>('/api/v1/messages', { query: { page, size } }).then(data),
  unreadCount: () =>
    request<Envelope<{ unread_count: number }>>('/api/v1/messages/unread_count').then(
      (answer) => answer.data.unread_count,
    ),
  read: (id: number) =>
    request<Envelope<{ unread_count: number }>>(`/api/v1/messages/${id}/read`, { method: 'POST' }).then(
      (answer) => answer.data.unread_count,
    ),
  readAll: () =>
    request<Envelope<{ unread_count: number }>>('/api/v1/messages/read_all', { method: 'POST' }).then(
      (answer) => answer.data.unread_count,
    ),
};

export const analyticsApi = {
  report: (days: number) =>
    request<Envelope<SiteReport>>('/api/v1/admin/analytics', { query: { days } }).then(data),
  /** The CSV export is a download: a link to this address (the session cookie authorises it). */
  exportUrl: (days: number, table: CsvTable) => `/api/v1/admin/analytics/export?days=${days}&table=${table}`,
};

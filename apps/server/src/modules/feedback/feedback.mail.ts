import type { Language } from '../../platform/messages.ts';
import { layoutMail } from '../../platform/mail-layout.ts';
import type { MailMessage } from '../../platform/messaging.ts';

const COPY = {
  zh: {
    subject: '您的反馈有了回复：{title}',
    lines: ['您好！', '感谢您的反馈“{title}”，我们的回复如下：'],
    status: '处理状态',
    label: '查看我的消息',
    statuses: { new: '待处理', in_progress: '处理中', done: '已完成' },
  },
  zh_tw: {
    subject: '您的回饋有了回覆：{title}',
    lines: ['您好！', '感謝您的回饋「{title}」，我們的回覆如下：'],
    status: '處理狀態',
    label: '查看我的訊息',
    statuses: { new: '待處理', in_progress: '處理中', done: '已完成' },
  },
  en: {
    subject: 'Your feedback has a reply: {title}',
    lines: ['Hello,', 'Thank you for your feedback "{title}". Our reply:'],
    status: 'Status',
    label: 'View my messages',
    statuses: { new: 'New', in_progress: 'In progress', done: 'Done' },
  },
} as const satisfies Record<Language, unknown>;

export type FeedbackStatus = keyof (typeof COPY)['en']['statuses'];

/** The mail that takes a reviewer's reply to the sender of a feedback, in the sender's language. */
export function feedbackReplyMail(input: {
  to: string;
  language: Language;
  title: string;
  reply: string;
  status: FeedbackStatus;
  href: string;
}): MailMessage {
  const c = COPY[input.language];
  const fill = (s: string) => s.replaceAll('{title}', input.title);
  return layoutMail(input.to, fill(c.subject), {
    // The reply keeps its paragraphs: each line of it is a paragraph of the mail.
    lines: [...c.lines.map(fill), ...input.reply.split(/\r?\n/).filter((line) => line.trim())],
    facts: [[c.status, c.statuses[input.status]]],
    link: { href: input.href, label: c.label },
  });
}

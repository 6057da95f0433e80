import type { Language } from '../../platform/messages.ts';
import { layoutMail } from '../../platform/mail-layout.ts';
import type { MailMessage } from '../../platform/messaging.ts';

/** The facts a mail lists, label then value, in the mail's language. */
export type Facts = Array<[string, string]>;

interface Copy {
  subject: string;
  lines: string[];
  label: string;
}

type Texts = Record<Language, Copy>;

const copies = {
  /** An API application that waits for review (capabilities not open yet, or a higher quota). */
  appPending: {
    zh: {
      subject: '我们已收到您的 API 接入申请：{name}',
      lines: [
        '您好！',
        '应用“{name}”已创建，API Key 现在即可在已开放的能力上调用（每日免费额度内）。',
        '您申请的尚未开放的能力或更高的每日额度正在审核，审核结果将通过邮件通知您。',
      ],
      label: '查看我的应用',
    },
    zh_tw: {
      subject: '我們已收到您的 API 接入申請：{name}',
      lines: [
        '您好！',
        '應用「{name}」已建立，API Key 現在即可在已開放的能力上呼叫（每日免費額度內）。',
        '您申請的尚未開放的能力或更高的每日額度正在審核，審核結果將透過郵件通知您。',
      ],
      label: '查看我的應用',
    },
    en: {
      subject: 'We received your API application: {name}',
      lines: [
        'Hello,',
        'The app "{name}" is created and its API key already works on the capabilities that are open, within the free daily quota.',
        'The capabilities not open yet or the higher daily quota you applied for are being reviewed; we will tell you the result by e-mail.',
      ],
      label: 'View my apps',
    },
  },
  appApproved: {
    zh: {
      subject: '您的 API 接入申请已通过：{name}',
      lines: ['您好！', '应用“{name}”的申请已审核通过，新的能力和每日额度已生效。'],
      label: '查看我的应用',
    },
    zh_tw: {
      subject: '您的 API 接入申請已通過：{name}',
      lines: ['您好！', '應用「{name}」的申請已審核通過，新的能力和每日額度已生效。'],
      label: '查看我的應用',
    },
    en: {
      subject: 'Your API application is approved: {name}',
      lines: [
        'Hello,',
        'The application of the app "{name}" is approved: its new capabilities and daily quota apply now.',
      ],
      label: 'View my apps',
    },
  },
  appRejected: {
    zh: {
      subject: '您的 API 接入申请未通过：{name}',
      lines: [
        '您好！',
        '很抱歉，应用“{name}”申请的能力或额度未获批准。应用及其已开放的能力仍可正常使用。',
        '您可以根据审核意见修改后重新申请。',
      ],
      label: '查看我的应用',
    },
    zh_tw: {
      subject: '您的 API 接入申請未通過：{name}',
      lines: [
        '您好！',
        '很抱歉，應用「{name}」申請的能力或額度未獲批准。應用及其已開放的能力仍可正常使用。',
        '您可以根據審核意見修改後重新申請。',
      ],
      label: '查看我的應用',
    },
    en: {
      subject: 'Your API application was not approved: {name}',
      lines: [
        'Hello,',
        'We are sorry: the capabilities or quota applied for by the app "{name}" were not approved. The app and its open capabilities keep working.',
        "You may change the application following the reviewer's note and apply again.",
      ],
      label: 'View my apps',
    },
  },
  sdkReceived: {
    zh: {
      subject: '我们已收到您的 SDK 授权申请：{name}',
      lines: [
        '您好！',
        '感谢您申请 Pixora 移动端 SDK 授权。我们会在 3 个工作日内完成审核，并通过邮件通知您结果。',
      ],
      label: '查看我的 SDK 申请',
    },
    zh_tw: {
      subject: '我們已收到您的 SDK 授權申請：{name}',
      lines: [
        '您好！',
        '感謝您申請 Pixora 行動端 SDK 授權。我們會在 3 個工作日內完成審核，並透過郵件通知您結果。',
      ],
      label: '查看我的 SDK 申請',
    },
    en: {
      subject: 'We received your SDK licence request: {name}',
      lines: [
        'Hello,',
        'Thank you for requesting a Pixora mobile SDK licence. We review requests within 3 working days and will tell you the result by e-mail.',
      ],
      label: 'View my SDK requests',
    },
  },
  sdkApproved: {
    zh: {
      subject: '您的 SDK 授权申请已通过：{name}',
      lines: [
        '您好！',
        '您的 SDK 授权申请已审核通过。我们的商务同事将通过您留下的联系方式与您联系，提供 SDK 包和授权文件。',
      ],
      label: '查看我的 SDK 申请',
    },
    zh_tw: {
      subject: '您的 SDK 授權申請已通過：{name}',
      lines: [
        '您好！',
        '您的 SDK 授權申請已審核通過。我們的商務同事將透過您留下的聯絡方式與您聯繫，提供 SDK 套件和授權檔案。',
      ],
      label: '查看我的 SDK 申請',
    },
    en: {
      subject: 'Your SDK licence request is approved: {name}',
      lines: [
        'Hello,',
        'Your SDK licence request is approved. Our business team will contact you through the details you gave to send the SDK package and the licence file.',
      ],
      label: 'View my SDK requests',
    },
  },
  sdkRejected: {
    zh: {
      subject: '您的 SDK 授权申请未通过：{name}',
      lines: ['您好！', '很抱歉，您的 SDK 授权申请未获批准。您可以根据审核意见补充信息后重新申请。'],
      label: '查看我的 SDK 申请',
    },
    zh_tw: {
      subject: '您的 SDK 授權申請未通過：{name}',
      lines: ['您好！', '很抱歉，您的 SDK 授權申請未獲批准。您可以根據審核意見補充資訊後重新申請。'],
      label: '查看我的 SDK 申請',
    },
    en: {
      subject: 'Your SDK licence request was not approved: {name}',
      lines: [
        'Hello,',
        "We are sorry: your SDK licence request was not approved. You may complete it following the reviewer's note and apply again.",
      ],
      label: 'View my SDK requests',
    },
  },
  /** To the business mailbox: something waits for review. */
  reviewWaiting: {
    zh: {
      subject: '待审核：{name}',
      lines: ['您好！', '开放平台收到一份新的申请，等待管理员或商务审核。'],
      label: '前往审核',
    },
    zh_tw: {
      subject: '待審核：{name}',
      lines: ['您好！', '開放平台收到一份新的申請，等待管理員或商務審核。'],
      label: '前往審核',
    },
    en: {
      subject: 'Waiting for review: {name}',
      lines: [
        'Hello,',
        'The open platform received a new application that waits for review by an administrator or the business team.',
      ],
      label: 'Review it',
    },
  },
} as const satisfies Record<string, Texts>;

export type ConsoleMailKind = keyof typeof copies;

/** Labels of the facts listed in the mails. */
export const FACT_LABELS = {
  app: { zh: '应用', zh_tw: '應用', en: 'App' },
  apiKey: { zh: 'API Key', zh_tw: 'API Key', en: 'API key' },
  granted: { zh: '已开放的能力', zh_tw: '已開放的能力', en: 'Capabilities open now' },
  requested: { zh: '待审核的能力', zh_tw: '待審核的能力', en: 'Capabilities under review' },
  quota: { zh: '每日额度', zh_tw: '每日額度', en: 'Daily quota' },
  requestedQuota: { zh: '申请的每日额度', zh_tw: '申請的每日額度', en: 'Daily quota applied for' },
  note: { zh: '审核意见', zh_tw: '審核意見', en: "Reviewer's note" },
  product: { zh: '产品', zh_tw: '產品', en: 'Product' },
  platform: { zh: '平台', zh_tw: '平台', en: 'Platform' },
  packageName: { zh: '包名 / Bundle ID', zh_tw: '套件名稱 / Bundle ID', en: 'Package name / bundle ID' },
  modules: { zh: 'SDK 模块', zh_tw: 'SDK 模組', en: 'SDK modules' },
  company: { zh: '公司', zh_tw: '公司', en: 'Company' },
  applicant: { zh: '申请人', zh_tw: '申請人', en: 'Applicant' },
  none: { zh: '无', zh_tw: '無', en: 'none' },
  unlimited: { zh: '不限', zh_tw: '不限', en: 'unlimited' },
} as const satisfies Record<string, Record<Language, string>>;

export const factLabel = (key: keyof typeof FACT_LABELS, language: Language) => FACT_LABELS[key][language];

/** One console mail: its kind, language, recipient, the app or product it names, facts and link. */
export interface ConsoleMailInput {
  kind: ConsoleMailKind;
  language: Language;
  to: string;
  name: string;
  facts: Facts;
  href: string;
}

export function consoleMail({ kind, language, to, name, facts, href }: ConsoleMailInput): MailMessage {
  const c: Copy = copies[kind][language];
  const fill = (s: string) => s.replaceAll('{name}', name);
  return layoutMail(to, fill(c.subject), { lines: c.lines.map(fill), facts, link: { href, label: c.label } });
}

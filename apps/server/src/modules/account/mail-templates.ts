import type { Language } from '../../platform/messages.ts';
import { layoutMail } from '../../platform/mail-layout.ts';
import type { MailMessage } from '../../platform/messaging.ts';

const copy = {
  register: {
    zh: {
      subject: '完成您的 Pixora AI 开放平台注册',
      lines: [
        '您好！',
        '感谢您注册 Pixora AI 开放平台。请在 24 小时内点击下面的链接，填写注册信息完成注册。',
        '如果这不是您本人的操作，请忽略本邮件。',
      ],
      label: '继续注册',
    },
    zh_tw: {
      subject: '完成您的 Pixora AI 開放平台註冊',
      lines: [
        '您好！',
        '感謝您註冊 Pixora AI 開放平台。請在 24 小時內點擊下面的連結，填寫註冊資訊完成註冊。',
        '如果這不是您本人的操作，請忽略本郵件。',
      ],
      label: '繼續註冊',
    },
    en: {
      subject: 'Complete your Pixora AI Open Platform registration',
      lines: [
        'Hello,',
        'Thank you for registering with the Pixora AI Open Platform. Within 24 hours, follow the link below and fill in the registration form to finish.',
        'If you did not ask for this, ignore this e-mail.',
      ],
      label: 'Continue registration',
    },
  },
  existing: {
    zh: {
      subject: '您已拥有 Pixora AI 开放平台账号',
      lines: [
        '您好！',
        '有人使用此邮箱申请注册，但该邮箱已注册过账号。您可以直接登录；如果忘记密码，请通过下面的链接重置。',
        '如果这不是您本人的操作，请忽略本邮件。',
      ],
      label: '重置密码',
    },
    zh_tw: {
      subject: '您已擁有 Pixora AI 開放平台帳號',
      lines: [
        '您好！',
        '有人使用此郵箱申請註冊，但該郵箱已註冊過帳號。您可以直接登入；如果忘記密碼，請透過下面的連結重設。',
        '如果這不是您本人的操作，請忽略本郵件。',
      ],
      label: '重設密碼',
    },
    en: {
      subject: 'You already have a Pixora AI Open Platform account',
      lines: [
        'Hello,',
        'Someone asked to register with this e-mail address, which already has an account. You can log in; if you forgot your password, reset it with the link below.',
        'If you did not ask for this, ignore this e-mail.',
      ],
      label: 'Reset password',
    },
  },
  reset: {
    zh: {
      subject: '重置您的 Pixora AI 开放平台密码',
      lines: [
        '您好！',
        '我们收到了重置密码的请求。请在 1 小时内点击下面的链接设置新密码。',
        '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
      ],
      label: '设置新密码',
    },
    zh_tw: {
      subject: '重設您的 Pixora AI 開放平台密碼',
      lines: [
        '您好！',
        '我們收到了重設密碼的請求。請在 1 小時內點擊下面的連結設定新密碼。',
        '如果這不是您本人的操作，請忽略本郵件，您的密碼不會改變。',
      ],
      label: '設定新密碼',
    },
    en: {
      subject: 'Reset your Pixora AI Open Platform password',
      lines: [
        'Hello,',
        'We received a request to reset your password. Within 1 hour, follow the link below to set a new one.',
        'If you did not ask for this, ignore this e-mail; your password stays as it is.',
      ],
      label: 'Set a new password',
    },
  },
  noAccount: {
    zh: {
      subject: '此邮箱尚未注册 Pixora AI 开放平台账号',
      lines: [
        '您好！',
        '有人使用此邮箱申请重置密码，但该邮箱尚未注册账号，因此没有可以重置的密码。如需注册，请在 24 小时内通过下面的链接完成注册。',
        '如果这不是您本人的操作，请忽略本邮件。',
      ],
      label: '注册账号',
    },
    zh_tw: {
      subject: '此郵箱尚未註冊 Pixora AI 開放平台帳號',
      lines: [
        '您好！',
        '有人使用此郵箱申請重設密碼，但該郵箱尚未註冊帳號，因此沒有可以重設的密碼。如需註冊，請在 24 小時內透過下面的連結完成註冊。',
        '如果這不是您本人的操作，請忽略本郵件。',
      ],
      label: '註冊帳號',
    },
    en: {
      subject: 'There is no Pixora AI Open Platform account for this address',
      lines: [
        'Hello,',
        'Someone asked to reset the password of this e-mail address, but it has no account, so there is no password to reset. To create one, follow the link below within 24 hours.',
        'If you did not ask for this, ignore this e-mail.',
      ],
      label: 'Create an account',
    },
  },
} as const;

export type MailKind = keyof typeof copy;

export function accountMail(kind: MailKind, language: Language, to: string, link: string): MailMessage {
  const c = copy[kind][language];
  return layoutMail(to, c.subject, {
    lines: c.lines,
    link: { href: link, label: c.label, showAddress: true },
  });
}

export function smsCode(language: Language, code: string): string {
  if (language === 'en') return `[Pixora] Your verification code is ${code}. It is valid for 10 minutes.`;
  if (language === 'zh_tw') return `【Pixora】您的驗證碼為 ${code}，10 分鐘內有效。`;
  return `【Pixora】您的验证码为 ${code}，10 分钟内有效。`;
}

import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** True when mail stays in the local outbox (no SMTP server configured). */
  readonly local: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface SmsSender {
  readonly local: boolean;
  send(phone: string, text: string): Promise<void>;
}

/** The local outbox: messages land in the database and are read on the outbox page of the embedded platform. */
async function keep(db: Kysely<Database>, channel: 'mail' | 'sms', m: MailMessage) {
  await db
    .insertInto('outbox')
    .values({
      channel,
      recipient: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:port, smtps:// for TLS); else the outbox. */
export function createMailer(db: Kysely<Database>, smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return { local: true, send: (m) => keep(db, 'mail', m), close() {} };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    local: false,
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transport.close(),
  };
}

/** SMS through an HTTP gateway (POST JSON { phone, text }) when SMS_WEBHOOK_URL is set; else the outbox. */
export function createSmsSender(db: Kysely<Database>, webhookUrl: string | undefined): SmsSender {
  if (!webhookUrl) {
    return {
      local: true,
      send: (phone, text) => keep(db, 'sms', { to: phone, subject: '', text, html: '' }),
    };
  }
  return {
    local: false,
    async send(phone, text) {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}

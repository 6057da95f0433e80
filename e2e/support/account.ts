import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The SQLite file of the e2e server (set by playwright.config.ts: DATA_DIR .tmp/e2e-data, per E2E_PORT). */
export const E2E_DATABASE = process.env.E2E_DATABASE ?? path.join(root, '.tmp/e2e-data/pixora.sqlite');

/** The answer of a captcha, read from the server's database: a test cannot read the image. */
export function captchaAnswer(id: string): string {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('select answer from captchas where id = ?').get(id) as
      { answer: string } | undefined;
    if (!row) throw new Error(`no captcha ${id} in ${E2E_DATABASE}`);
    return row.answer;
  } finally {
    db.close();
  }
}

/** The captcha id of the image shown in `scope` (its address is /api/v1/user/captcha/{id}). */
export async function captchaIdIn(scope: Locator | Page): Promise<string> {
  const image = scope.getByTestId('captcha-image');
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  const id = /\/api\/v1\/user\/captcha\/([^/?#]+)/.exec(src)?.[1];
  if (!id) throw new Error(`unexpected captcha image address ${src}`);
  return id;
}

/** Types the right answer of the captcha shown in `scope`. */
export async function solveCaptcha(scope: Locator | Page): Promise<string> {
  const id = await captchaIdIn(scope);
  await scope.getByTestId('captcha-input').fill(captchaAnswer(id));
  return id;
}

export interface OutboxMessage {
  id: number;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  created_at: string;
}

export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/api/v1/dev/outbox');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { messages: OutboxMessage[] } }).data.messages;
}

/** The newest message of `channel` to `recipient`, waiting for it to arrive. */
export async function latestMessage(
  request: APIRequestContext,
  channel: 'mail' | 'sms',
  recipient: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(request)).find((m) => m.channel === channel && m.recipient === recipient);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);
export const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;

/** A captcha made through the API, with its answer. */
export async function apiCaptcha(request: APIRequestContext) {
  const response = await request.post('/api/v1/user/captcha');
  const id = ((await response.json()) as { data: { captchaid: string } }).data.captchaid;
  return { captcha_id: id, captcha: captchaAnswer(id) };
}

/** Registers an account through the API, as a mail and SMS reader would; returns nothing, throws on failure. */
export async function registerThroughApi(
  request: APIRequestContext,
  account: { email: string; phone: string; password: string; realName: string },
) {
  const step1 = await request.post('/api/v1/user/register/step1', {
    form: { email: account.email, ...(await apiCaptcha(request)) },
  });
  expect(step1.status()).toBe(200);
  const link = linkIn((await latestMessage(request, 'mail', account.email)).text);
  const sent = await request.get(`/api/v1/user/send_phone_code?region=CN&phone=${account.phone}`);
  expect(sent.status()).toBe(200);
  const code = codeIn((await latestMessage(request, 'sms', `+86 ${account.phone}`)).text);
  const step2 = await request.post('/api/v1/user/register/step2', {
    form: {
      email: account.email,
      token: link.searchParams.get('token')!,
      region: 'CN',
      phone: account.phone,
      code,
      real_name: account.realName,
      password: account.password,
      confirm_password: account.password,
      company: 'Pixora E2E',
      industry: 'Testing',
      company_size: '0',
      agreement: 'true',
    },
  });
  expect(step2.status(), await step2.text()).toBe(200);
}

/** Signs in through the API and returns the session token, or null when the credentials are refused. */
export async function signInThroughApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/user/signin', {
    form: { email, password, ...(await apiCaptcha(request)) },
  });
  if (response.status() === 400) return null;
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

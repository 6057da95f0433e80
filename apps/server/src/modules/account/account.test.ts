import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hash } from '@node-rs/argon2';
import { ROLES } from '@pixora/catalog';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  idleBackend as idle,
  insertUser,
  sessionFor,
  solvedCaptcha,
  testApp,
} from '../../../test/helpers.ts';
import { startOAuthProvider, type OAuthProvider } from '../../../test/oauth-provider.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { AppContext } from '../../platform/context.ts';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A client of the console API as the web app uses it: form posts, the token as a bearer header.
 * `remoteAddress` is the visitor's address (the limits count per address).
 */
function client(app: FastifyInstance, ctx: AppContext, language = 'en', remoteAddress = '127.0.0.1') {
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
  const headers = (token?: string) => ({
    'content-type': 'application/x-www-form-urlencoded',
    cookie: `language=${language}`,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return {
    post: (url: string, body: Record<string, string>, token?: string) =>
      app.inject({ method: 'POST', url, headers: headers(token), payload: form(body), remoteAddress }),
    get: (url: string, token?: string) =>
      app.inject({ method: 'GET', url, headers: headers(token), remoteAddress }),
    captcha: () => solvedCaptcha(app, ctx, { remoteAddress }),
    async smsCode(phone: string) {
      const row = await ctx.db.kysely
        .selectFrom('outbox')
        .select('text')
        .where('channel', '=', 'sms')
        .where('recipient', '=', phone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return /(\d{6})/.exec(row.text)![1]!;
    },
  };
}

const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

const registration = (
  email: string,
  token: string,
  code: string,
  overrides: Record<string, string> = {},
) => ({
  email,
  token,
  region: 'CN',
  phone: '13800138000',
  code,
  real_name: '张三_Test',
  password: 'secret123',
  confirm_password: 'secret123',
  company: 'Pixora Labs',
  industry: 'Photography',
  company_size: '-1',
  agreement: 'true',
  ...overrides,
});

/**
 * A fresh app for one describe block (with a real SMTP server when `withSmtp`), its API client,
 * and fresh rate-limit counts before each test; the limits themselves have tests of their own.
 */
function setup(env: Record<string, string> = {}, withSmtp = false) {
  const t = {} as { app: FastifyInstance; ctx: AppContext; api: ReturnType<typeof client>; smtp: Smtp };
  beforeAll(async () => {
    if (withSmtp) t.smtp = await startSmtpServer();
    ({ app: t.app, ctx: t.ctx } = await testApp(idle, withSmtp ? { SMTP_URL: t.smtp.url, ...env } : env));
    t.api = client(t.app, t.ctx);
  });
  afterAll(async () => {
    await t.app?.close();
    await t.smtp?.close();
  });
  beforeEach(() => t.ctx.rateLimiter.clear());
  return t;
}

describe('accounts', () => {
  const t = setup({ ADMIN_EMAILS: 'boss@example.com' }, true);

  async function register(email: string): Promise<string> {
    expect(
      (await t.api.post('/api/v1/user/register/step1', { email, ...(await t.api.captcha()) })).statusCode,
    ).toBe(200);
    const mail = await t.smtp.next(email);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/register');
    expect((await t.api.get('/api/v1/user/send_phone_code?region=CN&phone=13800138000')).statusCode).toBe(
      200,
    );
    const code = await t.api.smsCode('+86 13800138000');
    const res = await t.api.post(
      '/api/v1/user/register/step2',
      registration(email, link.searchParams.get('token')!, code),
    );
    expect(res.json().message).toBe('Register successful');
    expect(res.statusCode).toBe(200);
    return email;
  }

  async function signin(email: string, password = 'secret123') {
    const res = await t.api.post('/api/v1/user/signin', { email, password, ...(await t.api.captcha()) });
    return res;
  }

  it('makes single-use captchas served as images', async () => {
    const { captcha_id } = await t.api.captcha();
    const image = await t.app.inject({ method: 'GET', url: `/api/v1/user/captcha/${captcha_id}` });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
  });

  it('registers through the mail link and the SMS code, then signs in and reads the profile', async () => {
    const email = await register('ada@example.com');
    const mailLinkReuse = await t.api.post('/api/v1/user/register/step2', registration(email, 'x', '000000'));
    expect(mailLinkReuse.statusCode).toBe(400);

    const res = await signin(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Login successful');
    const token = res.json().data.token as string;
    expect(res.headers['set-cookie']).toContain(`Admin-Token=${token}`);
    // The password is kept as an argon2id hash, the session token only as its SHA-256.
    const stored = await t.ctx.db.kysely
      .selectFrom('users')
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select(['users.password_hash', 'sessions.token_hash'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));

    const profile = await t.api.get('/api/v1/user/profile', token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.profile).toMatchObject({ RealName: '张三_Test', Company: 'Pixora Labs' });
    expect(profile.json().data.user).toMatchObject({ Username: email, RolePermissions: '' });
    expect(profile.json().data.profile.agreement).toBe(profile.json().data.protocol_version);

    // The cookie alone also carries the session.
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('rejects a wrong captcha and a captcha used twice', async () => {
    const email = 'ada@example.com';
    const wrong = await t.api.post('/api/v1/user/signin', {
      email,
      password: 'secret123',
      captcha_id: (await t.api.captcha()).captcha_id,
      captcha: 'zzzz',
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 30001]);
    const captcha = await t.api.captcha();
    expect(
      (await t.api.post('/api/v1/user/signin', { email, password: 'secret123', ...captcha })).statusCode,
    ).toBe(200);
    const reused = await t.api.post('/api/v1/user/signin', { email, password: 'secret123', ...captcha });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 30001]);
  });

  it('rejects an expired captcha', async () => {
    const captcha = await t.api.captcha();
    await t.ctx.db.kysely
      .updateTable('captchas')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', captcha.captcha_id)
      .execute();
    const res = await t.api.post('/api/v1/user/signin', {
      email: 'ada@example.com',
      password: 'secret123',
      ...captcha,
    });
    expect(res.json().code).toBe(30001);
  });

  it('answers the same for a wrong password and an unknown e-mail', async () => {
    const wrong = await signin('ada@example.com', 'not-the-password');
    const unknown = await signin('nobody@example.com', 'not-the-password');
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Incorrect email or password']);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Incorrect email or password']);
  });

  it('ends the session at sign-out and refuses expired tokens with 401', async () => {
    const token = (await signin('ada@example.com')).json().data.token as string;
    expect((await t.api.get('/api/v1/user/signout', token)).statusCode).toBe(200);
    const after = await t.api.get('/api/v1/user/profile', token);
    expect([after.statusCode, after.json().message]).toEqual([
      401,
      'login information expired, please log in again',
    ]);

    const second = (await signin('ada@example.com')).json().data.token as string;
    await t.ctx.db.kysely.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await t.api.get('/api/v1/user/profile', second)).statusCode).toBe(401);
  });

  it('gives the same answer to registration and reset requests whatever the account state, and mails the owner', async () => {
    const existing = await t.api.post('/api/v1/user/register/step1', {
      email: 'ada@example.com',
      ...(await t.api.captcha()),
    });
    const fresh = await t.api.post('/api/v1/user/register/step1', {
      email: 'new@example.com',
      ...(await t.api.captcha()),
    });
    expect(existing.json()).toEqual(fresh.json());
    expect((await t.smtp.next('ada@example.com')).subject).toContain('already have');
    expect((await t.smtp.next('new@example.com')).subject).toContain('Complete your');

    const resetUnknown = await t.api.post('/api/v1/user/resetPwd/step1', {
      email: 'ghost@example.com',
      ...(await t.api.captcha()),
    });
    const resetKnown = await t.api.post('/api/v1/user/resetPwd/step1', {
      email: 'ada@example.com',
      ...(await t.api.captcha()),
    });
    expect(resetUnknown.json()).toEqual(resetKnown.json());
    expect((await t.smtp.next('ada@example.com')).subject).toContain('Reset your');
    // The address without an account is told so, with a registration link that works.
    const noAccount = await t.smtp.next('ghost@example.com');
    expect(noAccount.subject).toBe('There is no Pixora AI Open Platform account for this address');
    const link = linkIn(noAccount.text);
    expect(link.pathname).toBe('/register');
    const check = await t.api.get(
      `/api/v1/user/register/check?email=ghost%40example.com&token=${link.searchParams.get('token')}`,
    );
    expect(check.json().data.valid).toBe(true);
  });

  it('resets the password from the mailed link and ends the old sessions', async () => {
    const old = (await signin('ada@example.com')).json().data.token as string;
    await t.api.post('/api/v1/user/resetPwd/step1', { email: 'ada@example.com', ...(await t.api.captcha()) });
    const link = linkIn((await t.smtp.next('ada@example.com')).text);
    expect(link.pathname).toBe('/changePwd');
    const token = link.searchParams.get('token')!;
    const mismatch = await t.api.post('/api/v1/user/resetPwd/step2', {
      email: 'ada@example.com',
      token,
      password: 'newpass99',
      confirm_password: 'other',
    });
    expect(mismatch.json().errors).toEqual([
      {
        field: 'confirm_password',
        rule: 'passwordMismatch',
        message: 'Inconsistent passwords. Please enter again.',
      },
    ]);
    const res = await t.api.post('/api/v1/user/resetPwd/step2', {
      email: 'ada@example.com',
      token,
      password: 'newpass99',
      confirm_password: 'newpass99',
    });
    expect(res.statusCode).toBe(200);
    expect((await t.api.get('/api/v1/user/profile', old)).statusCode).toBe(401);
    expect((await signin('ada@example.com', 'secret123')).statusCode).toBe(400);
    expect((await signin('ada@example.com', 'newpass99')).statusCode).toBe(200);
    const reused = await t.api.post('/api/v1/user/resetPwd/step2', {
      email: 'ada@example.com',
      token,
      password: 'again123',
      confirm_password: 'again123',
    });
    expect(reused.json().code).toBe(30004);
  });

  it('checks every field of the registration form with the messages of the contract', async () => {
    const res = await t.api.post('/api/v1/user/register/step2', {
      email: 'bad-email',
      region: 'CN',
      phone: '123',
      code: '',
      real_name: 'Robert); DROP',
      password: '12345',
      confirm_password: '54321',
      company: 'ab',
      industry: 'x'.repeat(21),
      company_size: '7',
    });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      (res.json().errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]),
    );
    expect(messages).toEqual({
      email: 'Please input correct email',
      phone: 'Please enter a valid phone number.',
      code: 'Please input verification code',
      real_name:
        'Special characters detected. Only numbers, letters, Chinese characters and underlines are supported.',
      password: 'Please use a password between 6 and 16 characters.',
      confirm_password: 'Inconsistent passwords. Please enter again.',
      company: 'No less than 3 characters.',
      industry: '20 characters max',
      company_size: 'Please select the company size',
      agreement: 'Please read and agree to the User Agreement and Privacy Policy',
    });
    const long = await t.api.post(
      '/api/v1/user/register/step2',
      registration('x@example.com', 't', '1', {
        company: 'c'.repeat(31),
        password: 'p'.repeat(17),
        confirm_password: 'p'.repeat(17),
        phone: '',
      }),
    );
    const longMessages = Object.fromEntries(
      (long.json().errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]),
    );
    expect(longMessages).toMatchObject({
      company: '30 characters max',
      password: 'Please use a password between 6 and 16 characters.',
      phone: 'Please enter a phone number.',
    });
  });

  it('answers validation messages in the visitor language', async () => {
    const zh = client(t.app, t.ctx, 'zh');
    const tw = client(t.app, t.ctx, 'zh_tw');
    const body = { email: '', password: '123', captcha: '' };
    const zhRes = (await zh.post('/api/v1/user/signin', body)).json();
    const twRes = (await tw.post('/api/v1/user/signin', body)).json();
    expect(zhRes.errors.map((e: { message: string }) => e.message)).toEqual([
      '请输入邮箱',
      '密码长度不正确',
      '请输入验证码',
    ]);
    expect(twRes.errors.map((e: { message: string }) => e.message)).toEqual([
      '請輸入郵箱',
      '密碼長度不正確',
      '請輸入驗證碼',
    ]);
  });

  it('limits SMS codes per phone with "Operation too frequent."', async () => {
    const first = await t.api.get('/api/v1/user/send_phone_code?region=CN&phone=13900139000');
    // No SMS gateway here: the notice says where the message is.
    expect(first.json().message).toBe(
      'Verification code sent. No SMS gateway is set up here: the message is in the local outbox (/outbox).',
    );
    const second = await t.api.get('/api/v1/user/send_phone_code?region=CN&phone=13900139000');
    expect([second.statusCode, second.json().message]).toEqual([429, 'Operation too frequent.']);
  });

  it('limits wrong sign-in attempts per account and address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await signin('target@example.com', 'guess-' + i)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('lets only admins manage roles and the protocol version, and flags profiles for a new agreement', async () => {
    await register('boss@example.com');
    const boss = (await signin('boss@example.com')).json().data.token as string;
    const user = (await signin('ada@example.com', 'newpass99')).json().data.token as string;
    expect((await t.api.get('/api/v1/user/profile', boss)).json().data.user.RolePermissions).toBe('admin');

    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { authorization: `Bearer ${user}` },
    });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 30007]);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { authorization: `Bearer ${boss}` },
    });
    expect(users.json().data.users.map((u: { email: string }) => u.email)).toContain('ada@example.com');

    const ada = users.json().data.users.find((u: { email: string }) => u.email === 'ada@example.com');
    const setRoles = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${ada.id}/roles`,
      headers: { authorization: `Bearer ${boss}` },
      payload: { roles: ['editor', 'business'] },
    });
    expect(setRoles.statusCode).toBe(200);
    expect((await t.api.get('/api/v1/user/profile', user)).json().data.user.RolePermissions).toBe(
      'editor,business',
    );
    // Audited: who changed them, and the roles before and after.
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/audit?target_type=user&target_id=${ada.id}`,
      headers: { authorization: `Bearer ${boss}` },
    });
    expect(audit.json().data.entries[0]).toMatchObject({
      actor_email: 'boss@example.com',
      action: 'user.roles',
      // A registered user's roles read as the plain `user` role.
      before: { roles: ['user'] },
      after: { roles: ['editor', 'business'] },
    });

    const version = '1767225600';
    const put = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/protocol-version',
        headers: { authorization: `Bearer ${token}` },
        payload: { version },
      });
    expect((await put(user)).statusCode).toBe(403);
    expect((await put(boss)).statusCode).toBe(200);
    const profile = (await t.api.get('/api/v1/user/profile', user)).json().data;
    expect(profile.protocol_version).toBe(version);
    expect(profile.profile.agreement).not.toBe(version);

    // An old version (the texts changed while the dialog was open) is refused as "please agree".
    const stale = await t.api.post('/api/v1/user/profile', { agreement: '1000000000' }, user);
    expect([stale.statusCode, stale.json().errors[0].message]).toEqual([
      400,
      'Please read and agree to the User Agreement and Privacy Policy',
    ]);
    const agreed = await t.api.post('/api/v1/user/profile', { agreement: version, real_name: 'Ada_L' }, user);
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().data.profile).toMatchObject({ agreement: version, RealName: 'Ada_L' });
  });

  it('tells internal from outside networks by the configured ranges', async () => {
    expect((await t.api.get('/api/v1/user/checkOa')).json().data).toEqual({});
    const { app: inside } = await testApp(idle, { INTERNAL_NETWORKS: '10.0.0.0/8,127.0.0.0/8' });
    expect((await inside.inject('/api/v1/user/checkOa')).json().data).toEqual({ code: 'IN' });
    await inside.close();
  });

  it('says "Verification code sent. Please notice your messages." when an SMS gateway sends the code', async () => {
    const received: string[] = [];
    const gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(body);
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    const { app: remote } = await testApp(idle, { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` });
    try {
      const res = await remote.inject({
        url: '/api/v1/user/send_phone_code?region=CN&phone=13900139001',
        headers: { 'accept-language': 'zh-TW' },
      });
      expect(res.json().message).toBe('驗證碼已發送，請注意查收簡訊。');
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]!).phone).toContain('13900139001');
    } finally {
      await remote.close();
      gateway.close();
    }
  });

  it('keeps no outbox page when both SMTP and an SMS gateway are configured', async () => {
    const { app: local } = await testApp(idle);
    expect((await local.inject('/api/v1/dev/outbox')).statusCode).toBe(200);
    await local.close();
    const { app: remote } = await testApp(idle, {
      SMTP_URL: t.smtp.url,
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
    });
    expect((await remote.inject('/api/v1/dev/outbox')).statusCode).toBe(404);
    await remote.close();
  });
});

/** The field → message map of a 30003 answer. */
const fieldMessages = (res: { json(): unknown }) =>
  Object.fromEntries(
    ((res.json() as { errors?: Array<{ field: string; message: string }> }).errors ?? []).map((e) => [
      e.field,
      e.message,
    ]),
  );

describe('validation of every account form', () => {
  const t = setup();
  let token: string;

  beforeAll(async () => {
    // One account with a session, inserted directly: this suite is about the rules, not registration.
    token = await sessionFor(
      t.ctx,
      await insertUser(t.ctx, 'rules@example.com', { password_hash: await hash('secret123') }),
    );
  });

  it('checks the login form: e-mail, password of at least 6, captcha', async () => {
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [
        { email: '', password: '', captcha: '' },
        {
          email: 'Please input email',
          password: 'Please input password',
          captcha: 'Please input verification code',
        },
      ],
      [
        { email: 'name@domain', password: '12345', captcha: 'ab' },
        {
          email: 'Please input correct email',
          password: 'Password length is incorrect',
        },
      ],
      [
        { email: 'two@@example.com', password: '123456', captcha: ' ' },
        {
          email: 'Please input correct email',
          captcha: 'Please input verification code',
        },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await t.api.post('/api/v1/user/signin', body);
      expect([res.statusCode, res.json().code]).toEqual([400, 30003]);
      expect(fieldMessages(res), JSON.stringify(body)).toEqual(expected);
    }
    // Six characters are enough to be checked against the account.
    const six = await t.api.post('/api/v1/user/signin', {
      email: 'rules@example.com',
      password: '123456',
      ...(await t.api.captcha()),
    });
    expect(six.json().code).toBe(30002);
  });

  it('checks e-mail and captcha on the first step of registration and reset', async () => {
    for (const url of ['/api/v1/user/register/step1', '/api/v1/user/resetPwd/step1']) {
      const empty = await t.api.post(url, { email: '', captcha: '' });
      expect(fieldMessages(empty), url).toEqual({
        email: 'Please input email',
        captcha: 'Please input verification code',
      });
      const invalid = await t.api.post(url, { email: 'no-at-sign.example.com', ...(await t.api.captcha()) });
      expect(fieldMessages(invalid), url).toEqual({ email: 'Please input correct email' });
      const noCaptchaId = await t.api.post(url, { email: 'someone@example.com', captcha: 'abcd' });
      expect([noCaptchaId.statusCode, noCaptchaId.json().code], url).toEqual([400, 30001]);
    }
  });

  it('checks the new password of a reset: 6 to 16 characters, confirmed', async () => {
    const post = (password: string, confirm: string) =>
      t.api.post('/api/v1/user/resetPwd/step2', {
        email: 'rules@example.com',
        token: 'whatever',
        password,
        confirm_password: confirm,
      });
    expect(fieldMessages(await post('12345', '12345'))).toEqual({
      password: 'Please use a password between 6 and 16 characters.',
    });
    expect(fieldMessages(await post('p'.repeat(17), 'p'.repeat(17)))).toEqual({
      password: 'Please use a password between 6 and 16 characters.',
    });
    expect(fieldMessages(await post('secret123', ''))).toEqual({ confirm_password: 'Please input password' });
    expect(fieldMessages(await post('secret123', 'secret124'))).toEqual({
      confirm_password: 'Inconsistent passwords. Please enter again.',
    });
    // Valid passwords of 6 and 16 characters pass the rules and meet the link check.
    for (const password of ['p'.repeat(6), 'p'.repeat(16)])
      expect((await post(password, password)).json().code).toBe(30004);
  });

  it('checks the phone number against its country or region before sending a code', async () => {
    const send = (query: string) => t.api.get(`/api/v1/user/send_phone_code?${query}`);
    expect(fieldMessages(await send('region=CN'))).toEqual({ phone: 'Please enter a phone number.' });
    for (const query of [
      'region=CN&phone=12800138000',
      'region=HK&phone=13800138000',
      'region=XX&phone=13800138000',
    ])
      expect(fieldMessages(await send(query)), query).toEqual({
        phone: 'Please enter a valid phone number.',
      });
    for (const query of [
      'region=HK&phone=91234567',
      'region=US&phone=2025550123',
      'region=CN&phone=139-0013-9000',
    ])
      expect((await send(query)).statusCode, query).toBe(200);
  });

  it('takes every company size code of the contract and nothing else', async () => {
    const step2 = (size: string) =>
      t.api.post(
        '/api/v1/user/register/step2',
        registration('sizes@example.com', 'no-such-link', '123456', { company_size: size }),
      );
    for (const size of ['0', '1', '-1', '-2', '-3'])
      expect(fieldMessages(await step2(size)), size).toEqual({});
    for (const size of ['', '2', '-4', '0.5', 'big'])
      expect(fieldMessages(await step2(size)), size).toEqual({
        company_size: 'Please select the company size',
      });
  });

  it('checks the name characters and the company name on a profile update', async () => {
    const update = (body: Record<string, string>) => t.api.post('/api/v1/user/profile', body, token);
    expect(fieldMessages(await update({ real_name: 'Ada Lovelace' }))).toEqual({
      real_name:
        'Special characters detected. Only numbers, letters, Chinese characters and underlines are supported.',
    });
    expect(fieldMessages(await update({ real_name: ' ' }))).toEqual({
      real_name: 'Please enter your real name',
    });
    expect(fieldMessages(await update({ real_name: '名'.repeat(31) }))).toEqual({
      real_name: '30 characters max',
    });
    expect(fieldMessages(await update({ company: 'ab' }))).toEqual({ company: 'No less than 3 characters.' });
    expect(fieldMessages(await update({ company: 'c'.repeat(31) }))).toEqual({
      company: '30 characters max',
    });
    expect(fieldMessages(await update({ company: '' }))).toEqual({
      company: 'Please enter the company name',
    });
    const ok = await update({ real_name: '李雷_2', company: '像素实验室' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile).toMatchObject({ RealName: '李雷_2', Company: '像素实验室' });
    // Without a session the profile cannot be changed.
    const anonymous = await t.api.post('/api/v1/user/profile', { real_name: 'Someone' });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 30006]);
  });
});

describe('expired and used links and codes', () => {
  const t = setup({}, true);

  const expireTokensOf = (email: string) =>
    t.ctx.db.kysely
      .updateTable('email_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('email', '=', email)
      .execute();

  async function mailedToken(url: string, email: string) {
    expect((await t.api.post(url, { email, ...(await t.api.captcha()) })).statusCode).toBe(200);
    return linkIn((await t.smtp.next(email)).text).searchParams.get('token')!;
  }

  it('refuses an expired registration link, and says so before the form is filled', async () => {
    const email = 'late@example.com';
    const token = await mailedToken('/api/v1/user/register/step1', email);
    await expireTokensOf(email);
    const check = await t.api.get(
      `/api/v1/user/register/check?email=${encodeURIComponent(email)}&token=${token}`,
    );
    expect(check.json().data.valid).toBe(false);
    await t.api.get('/api/v1/user/send_phone_code?region=CN&phone=13700137000');
    const code = await t.api.smsCode('+86 13700137000');
    const res = await t.api.post(
      '/api/v1/user/register/step2',
      registration(email, token, code, { phone: '13700137000' }),
    );
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      400,
      30004,
      'This link is invalid or has expired. Please start again.',
    ]);
  });

  it('refuses an expired reset link and a link of another address', async () => {
    // Registration of an address with an account mails a reset link, which is what this test needs.
    await insertUser(t.ctx, 'owner@example.com');
    const token = await mailedToken('/api/v1/user/resetPwd/step1', 'owner@example.com');
    const reset = (email: string) =>
      t.api.post('/api/v1/user/resetPwd/step2', {
        email,
        token,
        password: 'newpass99',
        confirm_password: 'newpass99',
      });
    expect((await reset('other@example.com')).json().code).toBe(30004);
    await expireTokensOf('owner@example.com');
    expect((await reset('owner@example.com')).json().code).toBe(30004);
  });

  it('refuses an expired SMS code, and any code after five wrong tries', async () => {
    const email = 'sms@example.com';
    const token = await mailedToken('/api/v1/user/register/step1', email);
    const phone = '13600136000';
    await t.api.get(`/api/v1/user/send_phone_code?region=CN&phone=${phone}`);
    const code = await t.api.smsCode(`+86 ${phone}`);
    await t.ctx.db.kysely
      .updateTable('phone_codes')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .execute();
    const expired = await t.api.post(
      '/api/v1/user/register/step2',
      registration(email, token, code, { phone }),
    );
    expect([expired.statusCode, expired.json().code]).toEqual([400, 30005]);

    t.ctx.rateLimiter.clear();
    await t.api.get(`/api/v1/user/send_phone_code?region=CN&phone=${phone}`);
    const fresh = await t.api.smsCode(`+86 ${phone}`);
    const wrong = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.api.post(
        '/api/v1/user/register/step2',
        registration(email, token, wrong, { phone }),
      );
      expect(res.json().code).toBe(30005);
    }
    const right = await t.api.post(
      '/api/v1/user/register/step2',
      registration(email, token, fresh, { phone }),
    );
    expect(right.json().code).toBe(30005);
    // The link itself was not used up by the failed attempts.
    expect(
      (
        await t.api.get(`/api/v1/user/register/check?email=${encodeURIComponent(email)}&token=${token}`)
      ).json().data.valid,
    ).toBe(true);
  });

  it('counts SMS code attempts sent in parallel: five in all, then not even the right code', async () => {
    t.ctx.rateLimiter.clear();
    const email = 'sms-race@example.com';
    const token = await mailedToken('/api/v1/user/register/step1', email);
    const phone = '13700137000';
    await t.api.get(`/api/v1/user/send_phone_code?region=CN&phone=${phone}`);
    const code = await t.api.smsCode(`+86 ${phone}`);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.api.post('/api/v1/user/register/step2', registration(email, token, wrong, { phone })),
      ),
    );
    expect(answers.map((r) => r.json().code)).toEqual(new Array(12).fill(30005));
    const row = await t.ctx.db.kysely
      .selectFrom('phone_codes')
      .select(['attempts', 'code_hash'])
      .where('phone', '=', `+86 ${phone}`)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const right = await t.api.post(
      '/api/v1/user/register/step2',
      registration(email, token, code, { phone }),
    );
    expect(right.json().code).toBe(30005);
    // Stored keyed: the hash of the phone and code alone, which a table of a million codes reverses, is not it.
    const plain = crypto.createHash('sha256').update(`+86 ${phone}:${code}`).digest('hex');
    expect(row.code_hash).not.toBe(plain);
    const key = await t.ctx.db.kysely
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'sms_code_secret')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toBe(
      crypto.createHmac('sha256', Buffer.from(key.value, 'hex')).update(`+86 ${phone}:${code}`).digest('hex'),
    );
  });
});

describe('rate limits', () => {
  const t = setup();

  /** Status codes of `n` calls in a row. */
  async function statuses(n: number, call: (i: number) => Promise<{ statusCode: number }>) {
    const codes: number[] = [];
    for (let i = 0; i < n; i++) codes.push((await call(i)).statusCode);
    return codes;
  }
  const tooFrequent = (res: { statusCode: number; json(): { code: number; message: string } }) => {
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      429,
      10029,
      'Operation too frequent.',
    ]);
  };

  it('limits captchas per address: 30 a minute', async () => {
    const a = client(t.app, t.ctx, 'en', '198.51.100.1');
    const b = client(t.app, t.ctx, 'en', '198.51.100.2');
    const codes = await statuses(30, () => a.post('/api/v1/user/captcha', {}));
    expect(codes.every((c) => c === 200)).toBe(true);
    tooFrequent(await a.post('/api/v1/user/captcha', {}));
    expect((await b.post('/api/v1/user/captcha', {})).statusCode).toBe(200);
  });

  it('limits sign-in per address (30 in 10 minutes) and per account (10 in 15 minutes)', async () => {
    const helper = client(t.app, t.ctx, 'en', '198.51.100.9');
    const attacker = client(t.app, t.ctx, 'en', '198.51.100.10');
    const captchas: Array<{ captcha_id: string; captcha: string }> = [];
    // Captchas are made from another address, so that only the sign-in limit is at work.
    for (let i = 0; i < 31; i++) {
      if (i % 30 === 0) t.ctx.rateLimiter.clear();
      captchas.push(await helper.captcha());
    }
    const codes = await statuses(30, (i) =>
      attacker.post('/api/v1/user/signin', {
        email: `victim${i}@example.com`,
        password: 'guess-123',
        ...captchas[i]!,
      }),
    );
    expect(codes.every((c) => c === 400)).toBe(true);
    tooFrequent(
      await attacker.post('/api/v1/user/signin', {
        email: 'another@example.com',
        password: 'guess-123',
        ...captchas[30]!,
      }),
    );
  });

  it('locks one address out of one account after 10 wrong passwords, never the owner elsewhere', async () => {
    await insertUser(t.ctx, 'owner@lock.example', { password_hash: await hash('secret123') });
    const signin = async (from: ReturnType<typeof client>, password: string) =>
      from.post('/api/v1/user/signin', { email: 'owner@lock.example', password, ...(await from.captcha()) });
    const attacker = client(t.app, t.ctx, 'en', '198.51.100.40');
    const owner = client(t.app, t.ctx, 'en', '198.51.100.41');
    // Successes are not failures: the owner signing in again and again is never locked.
    expect(await statuses(12, () => signin(owner, 'secret123'))).toEqual(new Array(12).fill(200));
    expect(await statuses(10, () => signin(attacker, 'guess-123'))).toEqual(new Array(10).fill(400));
    tooFrequent(await signin(attacker, 'guess-123'));
    // The locked pair stays locked, right password or not: guessing on goes nowhere.
    tooFrequent(await signin(attacker, 'secret123'));
    // The owner, from their own address, with the right password and a captcha, gets in.
    expect((await signin(owner, 'secret123')).statusCode).toBe(200);
    // Guesses spread over many addresses are each counted for their own pair (each needs a captcha).
    const spread = await statuses(11, async (i) =>
      signin(client(t.app, t.ctx, 'en', `203.0.113.${i + 1}`), 'guess-123'),
    );
    expect(spread.every((c) => c === 400)).toBe(true);
    expect((await signin(owner, 'secret123')).statusCode).toBe(200);
  });

  it('does not let attempts without a solved captcha lock an account out', async () => {
    const attacker = client(t.app, t.ctx, 'en', '198.51.100.20');
    for (let i = 0; i < 20; i++)
      await attacker.post('/api/v1/user/signin', {
        email: 'owner@example.com',
        password: 'guess-123',
        captcha_id: 'none',
        captcha: 'zzzz',
      });
    const owner = client(t.app, t.ctx, 'en', '198.51.100.21');
    const res = await owner.post('/api/v1/user/signin', {
      email: 'owner@example.com',
      password: 'guess-123',
      ...(await owner.captcha()),
    });
    expect(res.json().code).toBe(30002);
  });

  for (const step of ['register', 'resetPwd'] as const) {
    it(`limits ${step} mails per address (10 in 10 minutes) and per e-mail (3 in 10 minutes)`, async () => {
      const url = `/api/v1/user/${step}/step1`;
      const visitor = client(t.app, t.ctx, 'en', '198.51.100.30');
      const perEmail = await statuses(4, async () =>
        visitor.post(url, { email: 'same@example.com', ...(await visitor.captcha()) }),
      );
      expect(perEmail).toEqual([200, 200, 200, 429]);

      t.ctx.rateLimiter.clear();
      const perAddress = await statuses(10, async (i) =>
        visitor.post(url, { email: `n${i}@example.com`, ...(await visitor.captcha()) }),
      );
      expect(perAddress.every((c) => c === 200)).toBe(true);
      tooFrequent(await visitor.post(url, { email: 'n10@example.com', ...(await visitor.captcha()) }));
      // Another address is not affected.
      const other = client(t.app, t.ctx, 'en', '198.51.100.31');
      expect(
        (await other.post(url, { email: 'n11@example.com', ...(await other.captcha()) })).statusCode,
      ).toBe(200);
    });
  }

  it('limits the second steps of registration and reset per address (20 in 10 minutes)', async () => {
    for (const url of ['/api/v1/user/register/step2', '/api/v1/user/resetPwd/step2']) {
      t.ctx.rateLimiter.clear();
      const visitor = client(t.app, t.ctx, 'en', '198.51.100.40');
      const body = registration('guess@example.com', 'guessed-token', '123456');
      const codes = await statuses(21, () => visitor.post(url, body));
      expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
      expect(codes[20], url).toBe(429);
    }
  });

  it('limits SMS codes per address (10 an hour), whatever the phone', async () => {
    const visitor = client(t.app, t.ctx, 'en', '198.51.100.50');
    const codes = await statuses(11, (i) =>
      visitor.get(`/api/v1/user/send_phone_code?region=CN&phone=1350013${String(i).padStart(4, '0')}`),
    );
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    tooFrequent(await visitor.get('/api/v1/user/send_phone_code?region=CN&phone=13500139999'));
  });
});

describe('role-based route access', () => {
  const t = setup();

  const tokenFor = async (roles: string) =>
    sessionFor(
      t.ctx,
      await insertUser(t.ctx, `${roles.replace(/,/g, '-') || 'plain'}@roles.example`, {
        role_permissions: roles,
      }),
    );

  const ADMIN_CALLS = [
    { method: 'GET', url: '/api/v1/admin/users' },
    { method: 'POST', url: '/api/v1/admin/users/1/roles', payload: { roles: ['editor'] } },
    { method: 'PUT', url: '/api/v1/admin/protocol-version', payload: { version: '1767225600' } },
  ] as const;

  it('answers 401 without a session and 403 to every role but admin', async () => {
    for (const call of ADMIN_CALLS) {
      const anonymous = await t.app.inject(call);
      expect([anonymous.statusCode, anonymous.json().code], call.url).toEqual([401, 30006]);
    }
    for (const roles of ['', ...ROLES.filter((r) => r !== 'admin'), 'editor,business']) {
      const token = await tokenFor(roles);
      const profile = await t.app.inject({
        url: '/api/v1/user/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(profile.json().data.user.RolePermissions).toBe(roles);
      for (const call of ADMIN_CALLS) {
        const res = await t.app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
        expect([res.statusCode, res.json().code], `${roles} ${call.url}`).toEqual([403, 30007]);
      }
    }
  });

  it('lets an admin through, also with other roles beside', async () => {
    for (const roles of ['admin', 'editor,admin']) {
      const token = await tokenFor(roles);
      for (const call of ADMIN_CALLS) {
        const res = await t.app.inject({ ...call, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, `${roles} ${call.url}`).toBe(200);
      }
    }
  });
});

describe('local outbox', () => {
  it('answers straight loopback requests and signed-in admins only, like a missing page elsewhere', async () => {
    const { app, ctx } = await testApp(idle, { INTERNAL_NETWORKS: '100.64.0.0/10' });
    const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
      app.inject({ url: '/api/v1/dev/outbox', remoteAddress, headers });
    for (const ip of ['127.0.0.1', '::1']) expect((await outbox(ip)).statusCode, ip).toBe(200);
    // Private and internal networks are not this machine: the links in the outbox take accounts over.
    for (const ip of ['10.1.2.3', '192.168.1.20', '172.20.0.5', '100.64.3.4', '203.0.113.7'])
      expect((await outbox(ip)).statusCode, ip).toBe(404);
    const outside = await outbox('203.0.113.7');
    const missing = await app.inject({ url: '/api/v1/dev/no-such-page', remoteAddress: '203.0.113.7' });
    expect(outside.json().ErrorCode).toBe(missing.json().ErrorCode);
    const admin = await sessionFor(
      ctx,
      await insertUser(ctx, 'ops@outbox.example', { role_permissions: 'admin' }),
    );
    const user = await sessionFor(
      ctx,
      await insertUser(ctx, 'dev@outbox.example', { role_permissions: 'editor' }),
    );
    expect((await outbox('203.0.113.7', { authorization: `Bearer ${admin}` })).statusCode).toBe(200);
    expect((await outbox('203.0.113.7', { authorization: `Bearer ${user}` })).statusCode).toBe(404);
    await app.close();
  });
});

describe('internal-network login (OA and work-account QR)', () => {
  let provider: OAuthProvider;
  let app: FastifyInstance;
  const INSIDE = '10.8.0.5';
  const ORIGIN = 'http://open.pixora.test';

  beforeAll(async () => {
    provider = await startOAuthProvider({
      clientId: 'pixora',
      clientSecret: 'shh',
      user: { email: 'Staff@Corp.example', name: 'Staff' },
      qr: { appid: 'corp1', agentid: '1000002' },
    });
    ({ app } = await testApp(idle, {
      ...provider.env,
      INTERNAL_NETWORKS: '10.0.0.0/8',
      WORK_QR_LOGIN_TYPE: 'jssdk',
      WORK_QR_STYLE: 'black',
      WORK_QR_HREF: 'https://cdn.pixora.test/qr.css',
    }));
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  /** A browser on `ip` visiting the site at ORIGIN, keeping its cookies. */
  function browser(ip = INSIDE) {
    const jar = new Map<string, string>();
    const keep = <R extends { cookies: Array<{ name: string; value: string }> }>(res: R): R => {
      for (const c of res.cookies) {
        if (c.value) jar.set(c.name, c.value);
        else jar.delete(c.name);
      }
      return res;
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return {
      jar,
      get: async (url: string) =>
        keep(
          await app.inject({
            url,
            remoteAddress: ip,
            headers: { host: 'open.pixora.test', cookie: cookie() },
          }),
        ),
      post: async (url: string, payload: Record<string, string>) =>
        keep(
          await app.inject({
            method: 'POST',
            url,
            payload,
            remoteAddress: ip,
            headers: { host: 'open.pixora.test', cookie: cookie() },
          }),
        ),
    };
  }

  /** The provider's approval page, approved: the address it sends the browser back to. */
  async function approve(authorizeLocation: string) {
    const url = new URL(authorizeLocation);
    const page = await fetch(url);
    expect(await page.text()).toContain('Authorize');
    const approved = await fetch(`${provider.base}/authorize`, {
      method: 'POST',
      body: new URLSearchParams({
        redirect_uri: url.searchParams.get('redirect_uri')!,
        state: url.searchParams.get('state')!,
      }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(302);
    return new URL(approved.headers.get('location')!);
  }

  it('is refused outside the internal network', async () => {
    const outside = browser('203.0.113.9');
    expect((await outside.get('/api/v1/user/checkOa')).json().data).toEqual({});
    for (const res of [
      await outside.get('/api/v1/user/internalLogin'),
      await outside.get('/api/v1/user/oauth/authorize'),
      await outside.post('/api/v1/user/token', { code: 'x', state: 'y', redirect_url: `${ORIGIN}/logining` }),
    ])
      expect([res.statusCode, res.json().code]).toEqual([403, 30007]);
  });

  it('describes the OA login and the QR frame with the parameters of the contract', async () => {
    const b = browser();
    expect((await b.get('/api/v1/user/checkOa')).json().data).toEqual({ code: 'IN' });
    const res = await b.get('/api/v1/user/internalLogin');
    const { oa, qr } = res.json().data;
    expect(oa).toBe(true);
    expect(qr.origin).toBe(provider.base);
    expect(qr.redirect_uri).toBe(`${ORIGIN}/logining`);
    const url = new URL(qr.url);
    expect(url.origin + url.pathname).toBe(`${provider.base}/qr`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'corp1',
      agentid: '1000002',
      redirect_uri: `${ORIGIN}/logining`,
      state: b.jar.get('oauth_state'),
      login_type: 'jssdk',
      style: 'black',
      href: 'https://cdn.pixora.test/qr.css',
    });
    // The OA start reuses the same state, so both frames of the dialog can finish the login.
    const start = await b.get(
      `/api/v1/user/oauth/authorize?redirect_url=${encodeURIComponent(`${ORIGIN}/logining`)}`,
    );
    expect(start.statusCode).toBe(302);
    expect(new URL(start.headers.location as string).searchParams.get('state')).toBe(
      b.jar.get('oauth_state'),
    );
  });

  it('sends the provider only addresses of this site to come back to', async () => {
    const b = browser();
    const foreign = await b.get(
      `/api/v1/user/oauth/authorize?redirect_url=${encodeURIComponent('https://evil.example/logining')}`,
    );
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 30008]);
    const start = await b.get('/api/v1/user/oauth/authorize');
    const location = new URL(start.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${provider.base}/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'pixora',
      redirect_uri: `${ORIGIN}/logining`,
    });
  });

  it('logs in through the provider: authorize, approve, code exchange with the state, userinfo', async () => {
    const b = browser();
    // The web app sends redirect_url encoded.
    const start = await b.get(
      `/api/v1/user/oauth/authorize?redirect_url=${encodeURIComponent(encodeURIComponent(`${ORIGIN}/logining`))}`,
    );
    const back = await approve(start.headers.location as string);
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/logining`);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const redirect_url = encodeURIComponent(`${ORIGIN}/logining`);

    const forged = await b.post('/api/v1/user/token', { code, state: 'forged', redirect_url });
    expect([forged.statusCode, forged.json().code]).toEqual([400, 30008]);
    const wrongCode = await b.post('/api/v1/user/token', { code: 'made-up', state, redirect_url });
    expect(wrongCode.json().code).toBe(30008);

    // A state serves one exchange: start again for the real one.
    const again = await approve((await b.get('/api/v1/user/oauth/authorize')).headers.location as string);
    const ok = await b.post('/api/v1/user/token', {
      code: again.searchParams.get('code')!,
      state: again.searchParams.get('state')!,
      redirect_url,
    });
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.token as string;
    expect(b.jar.get('Admin-Token')).toBe(token);
    expect(b.jar.has('oauth_state')).toBe(false);
    const profile = await app.inject({
      url: '/api/v1/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().data.user).toMatchObject({ Username: 'staff@corp.example', RolePermissions: '' });
    expect(profile.json().data.profile.RealName).toBe('Staff');
    // A new OA account has not agreed to the texts yet: the acceptance dialog will ask.
    expect(profile.json().data.profile.agreement).toBe('');
  });

  it('exchanges the code of a QR login the same way, once', async () => {
    const b = browser();
    const { qr } = (await b.get('/api/v1/user/internalLogin')).json().data;
    const state = new URL(qr.url).searchParams.get('state')!;
    const code = provider.issueCode(qr.redirect_uri);
    const exchange = () =>
      b.post('/api/v1/user/token', { code, state, redirect_url: encodeURIComponent(qr.redirect_uri) });
    expect((await exchange()).statusCode).toBe(200);
    expect((await exchange()).json().code).toBe(30008);
  });

  it('offers no QR frame until it is configured, and no OA login without a provider', async () => {
    const { app: bare } = await testApp(idle, { INTERNAL_NETWORKS: '10.0.0.0/8' });
    const res = await bare.inject({ url: '/api/v1/user/internalLogin', remoteAddress: INSIDE });
    expect(res.json().data).toEqual({ oa: false, qr: null });
    const start = await bare.inject({ url: '/api/v1/user/oauth/authorize', remoteAddress: INSIDE });
    expect([start.statusCode, start.json().code]).toEqual([400, 30008]);
    await bare.close();
  });
});

describe('registration for a deployment outside mainland China', () => {
  const t = setup({ PHONE_REGIONS: 'US,INTL', REGISTRATION_COMPANY: 'optional' }, true);

  it('offers the configured phone regions and an optional company step, and registers without a company', async () => {
    expect((await t.api.get('/api/v1/user/registration_options')).json().data).toEqual({
      phone_regions: ['US', 'INTL'],
      company: 'optional',
    });
    // A mainland number is not offered here; an international one is.
    const cn = await t.api.get('/api/v1/user/send_phone_code?region=CN&phone=13800138000');
    expect(cn.statusCode).toBe(400);
    const intl = await t.api.get(
      `/api/v1/user/send_phone_code?region=INTL&phone=${encodeURIComponent('+4915112345678')}`,
    );
    expect(intl.statusCode, intl.body).toBe(200);
    const email = 'ines@example.de';
    expect(
      (await t.api.post('/api/v1/user/register/step1', { email, ...(await t.api.captcha()) })).statusCode,
    ).toBe(200);
    const link = linkIn((await t.smtp.next(email)).text);
    const code = await t.api.smsCode('+4915112345678');
    const res = await t.api.post(
      '/api/v1/user/register/step2',
      registration(email, link.searchParams.get('token')!, code, {
        region: 'INTL',
        phone: '+4915112345678',
        company: '',
        industry: '',
        company_size: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const user = await t.ctx.db.kysely
      .selectFrom('users')
      .select(['phone', 'company'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ phone: '+4915112345678', company: '' });
  });

  it('keeps the default: mainland regions offered and the company step required', async () => {
    const { app } = await testApp(idle);
    const options = (await app.inject('/api/v1/user/registration_options')).json().data;
    expect(options.company).toBe('required');
    expect(options.phone_regions).toContain('CN');
    expect(options.phone_regions).not.toContain('INTL');
    await app.close();
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idleBackend as idle, testApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { AppContext } from '../../platform/context.ts';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** A client of the console API as the web app uses it: form posts, the token as a bearer header. */
function client(app: FastifyInstance, ctx: AppContext, language = 'en') {
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
  const headers = (token?: string) => ({
    'content-type': 'application/x-www-form-urlencoded',
    cookie: `language=${language}`,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return {
    post: (url: string, body: Record<string, string>, token?: string) =>
      app.inject({ method: 'POST', url, headers: headers(token), payload: form(body) }),
    get: (url: string, token?: string) => app.inject({ method: 'GET', url, headers: headers(token) }),
    async captcha() {
      const res = await app.inject({ method: 'POST', url: '/api/v1/user/captcha' });
      const id = res.json().data.captchaid as string;
      const row = await ctx.db.kysely
        .selectFrom('captchas')
        .select('answer')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { captcha_id: id, captcha: row.answer };
    },
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

describe('accounts', () => {
  let smtp: Smtp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ app, ctx } = await testApp(idle, { SMTP_URL: smtp.url, ADMIN_EMAILS: 'boss@example.com' }));
    api = client(app, ctx);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });
  // Each test starts with fresh rate-limit counts; the limits themselves have tests of their own.
  beforeEach(() => ctx.rateLimiter.clear());

  async function register(email: string): Promise<string> {
    expect(
      (await api.post('/api/v1/user/register/step1', { email, ...(await api.captcha()) })).statusCode,
    ).toBe(200);
    const mail = await smtp.next(email);
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/register');
    expect((await api.get('/api/v1/user/send_phone_code?region=CN&phone=13800138000')).statusCode).toBe(200);
    const code = await api.smsCode('+86 13800138000');
    const res = await api.post(
      '/api/v1/user/register/step2',
      registration(email, link.searchParams.get('token')!, code),
    );
    expect(res.json().message).toBe('Register successful');
    expect(res.statusCode).toBe(200);
    return email;
  }

  async function signin(email: string, password = 'secret123') {
    const res = await api.post('/api/v1/user/signin', { email, password, ...(await api.captcha()) });
    return res;
  }

  it('makes single-use captchas served as images', async () => {
    const { captcha_id } = await api.captcha();
    const image = await app.inject({ method: 'GET', url: `/api/v1/user/captcha/${captcha_id}` });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
  });

  it('registers through the mail link and the SMS code, then signs in and reads the profile', async () => {
    const email = await register('ada@example.com');
    const mailLinkReuse = await api.post('/api/v1/user/register/step2', registration(email, 'x', '000000'));
    expect(mailLinkReuse.statusCode).toBe(400);

    const res = await signin(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Login successful');
    const token = res.json().data.token as string;
    expect(res.headers['set-cookie']).toContain(`Admin-Token=${token}`);

    const profile = await api.get('/api/v1/user/profile', token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.profile).toMatchObject({ RealName: '张三_Test', Company: 'Pixora Labs' });
    expect(profile.json().data.user).toMatchObject({ Username: email, RolePermissions: '' });
    expect(profile.json().data.profile.agreement).toBe(profile.json().data.protocol_version);

    // The cookie alone also carries the session.
    const viaCookie = await app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('rejects a wrong captcha and a captcha used twice', async () => {
    const email = 'ada@example.com';
    const wrong = await api.post('/api/v1/user/signin', {
      email,
      password: 'secret123',
      captcha_id: (await api.captcha()).captcha_id,
      captcha: 'zzzz',
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 30001]);
    const captcha = await api.captcha();
    expect(
      (await api.post('/api/v1/user/signin', { email, password: 'secret123', ...captcha })).statusCode,
    ).toBe(200);
    const reused = await api.post('/api/v1/user/signin', { email, password: 'secret123', ...captcha });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 30001]);
  });

  it('rejects an expired captcha', async () => {
    const captcha = await api.captcha();
    await ctx.db.kysely
      .updateTable('captchas')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', captcha.captcha_id)
      .execute();
    const res = await api.post('/api/v1/user/signin', {
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
    expect((await api.get('/api/v1/user/signout', token)).statusCode).toBe(200);
    const after = await api.get('/api/v1/user/profile', token);
    expect([after.statusCode, after.json().message]).toEqual([
      401,
      'login information expired, please log in again',
    ]);

    const second = (await signin('ada@example.com')).json().data.token as string;
    await ctx.db.kysely.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await api.get('/api/v1/user/profile', second)).statusCode).toBe(401);
  });

  it('gives the same answer to registration and reset requests whatever the account state, and mails the owner', async () => {
    const existing = await api.post('/api/v1/user/register/step1', {
      email: 'ada@example.com',
      ...(await api.captcha()),
    });
    const fresh = await api.post('/api/v1/user/register/step1', {
      email: 'new@example.com',
      ...(await api.captcha()),
    });
    expect(existing.json()).toEqual(fresh.json());
    expect((await smtp.next('ada@example.com')).subject).toContain('already have');
    expect((await smtp.next('new@example.com')).subject).toContain('Complete your');

    const resetUnknown = await api.post('/api/v1/user/resetPwd/step1', {
      email: 'ghost@example.com',
      ...(await api.captcha()),
    });
    const resetKnown = await api.post('/api/v1/user/resetPwd/step1', {
      email: 'ada@example.com',
      ...(await api.captcha()),
    });
    expect(resetUnknown.json()).toEqual(resetKnown.json());
    expect(smtp.inbox.some((m) => m.to === 'ghost@example.com')).toBe(false);
    await smtp.next('ada@example.com');
  });

  it('resets the password from the mailed link and ends the old sessions', async () => {
    const old = (await signin('ada@example.com')).json().data.token as string;
    await api.post('/api/v1/user/resetPwd/step1', { email: 'ada@example.com', ...(await api.captcha()) });
    const link = linkIn((await smtp.next('ada@example.com')).text);
    expect(link.pathname).toBe('/changePwd');
    const token = link.searchParams.get('token')!;
    const mismatch = await api.post('/api/v1/user/resetPwd/step2', {
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
    const res = await api.post('/api/v1/user/resetPwd/step2', {
      email: 'ada@example.com',
      token,
      password: 'newpass99',
      confirm_password: 'newpass99',
    });
    expect(res.statusCode).toBe(200);
    expect((await api.get('/api/v1/user/profile', old)).statusCode).toBe(401);
    expect((await signin('ada@example.com', 'secret123')).statusCode).toBe(400);
    expect((await signin('ada@example.com', 'newpass99')).statusCode).toBe(200);
    const reused = await api.post('/api/v1/user/resetPwd/step2', {
      email: 'ada@example.com',
      token,
      password: 'again123',
      confirm_password: 'again123',
    });
    expect(reused.json().code).toBe(30004);
  });

  it('checks every field of the registration form with the messages of the contract', async () => {
    const res = await api.post('/api/v1/user/register/step2', {
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
    const long = await api.post(
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
    const zh = client(app, ctx, 'zh');
    const tw = client(app, ctx, 'zh_tw');
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
    const first = await api.get('/api/v1/user/send_phone_code?region=CN&phone=13900139000');
    expect(first.json().message).toBe('Verification code sent. Please notice your messages.');
    const second = await api.get('/api/v1/user/send_phone_code?region=CN&phone=13900139000');
    expect([second.statusCode, second.json().message]).toEqual([429, 'Operation too frequent.']);
  });

  it('limits sign-in attempts per account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await signin('target@example.com', 'guess-' + i)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('lets only admins manage roles and the protocol version, and flags profiles for a new agreement', async () => {
    await register('boss@example.com');
    const boss = (await signin('boss@example.com')).json().data.token as string;
    const user = (await signin('ada@example.com', 'newpass99')).json().data.token as string;
    expect((await api.get('/api/v1/user/profile', boss)).json().data.user.RolePermissions).toBe('admin');

    const denied = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { authorization: `Bearer ${user}` },
    });
    expect([denied.statusCode, denied.json().code]).toEqual([403, 30007]);
    const users = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: { authorization: `Bearer ${boss}` },
    });
    expect(users.json().data.users.map((u: { email: string }) => u.email)).toContain('ada@example.com');

    const ada = users.json().data.users.find((u: { email: string }) => u.email === 'ada@example.com');
    const setRoles = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${ada.id}/roles`,
      headers: { authorization: `Bearer ${boss}` },
      payload: { roles: ['editor', 'business'] },
    });
    expect(setRoles.statusCode).toBe(200);
    expect((await api.get('/api/v1/user/profile', user)).json().data.user.RolePermissions).toBe(
      'editor,business',
    );

    const version = '1767225600';
    const put = (token: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/admin/protocol-version',
        headers: { authorization: `Bearer ${token}` },
        payload: { version },
      });
    expect((await put(user)).statusCode).toBe(403);
    expect((await put(boss)).statusCode).toBe(200);
    const profile = (await api.get('/api/v1/user/profile', user)).json().data;
    expect(profile.protocol_version).toBe(version);
    expect(profile.profile.agreement).not.toBe(version);

    expect((await api.post('/api/v1/user/profile', { agreement: '1000000000' }, user)).statusCode).toBe(400);
    const agreed = await api.post('/api/v1/user/profile', { agreement: version, real_name: 'Ada_L' }, user);
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json().data.profile).toMatchObject({ agreement: version, RealName: 'Ada_L' });
  });

  it('tells internal from outside networks by the configured ranges', async () => {
    expect((await api.get('/api/v1/user/checkOa')).json().data).toEqual({});
    const { app: inside } = await testApp(idle, { INTERNAL_NETWORKS: '10.0.0.0/8,127.0.0.0/8' });
    expect((await inside.inject('/api/v1/user/checkOa')).json().data).toEqual({ code: 'IN' });
    await inside.close();
  });

  it('keeps no outbox page when both SMTP and an SMS gateway are configured', async () => {
    const { app: local } = await testApp(idle);
    expect((await local.inject('/api/v1/dev/outbox')).statusCode).toBe(200);
    await local.close();
    const { app: remote } = await testApp(idle, {
      SMTP_URL: smtp.url,
      SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
    });
    expect((await remote.inject('/api/v1/dev/outbox')).statusCode).toBe(404);
    await remote.close();
  });
});

describe('third-party login', () => {
  let provider: http.Server;
  let base: string;
  beforeAll(async () => {
    // A minimal OAuth 2.0 provider: one valid code, one access token, one user.
    provider = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/token') {
          const params = new URLSearchParams(body);
          const good = params.get('code') === 'good-code' && params.get('client_secret') === 'shh';
          return res
            .writeHead(good ? 200 : 400)
            .end(JSON.stringify(good ? { access_token: 'at-1' } : { error: 'invalid_grant' }));
        }
        if (req.url === '/userinfo' && req.headers.authorization === 'Bearer at-1') {
          return res.end(JSON.stringify({ email: 'Staff@Corp.example', name: 'Staff' }));
        }
        res.writeHead(401).end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  it('exchanges a code for a session, checking the state', async () => {
    const { app } = await testApp(idle, {
      OAUTH_AUTHORIZE_URL: `${base}/authorize`,
      OAUTH_TOKEN_URL: `${base}/token`,
      OAUTH_USERINFO_URL: `${base}/userinfo`,
      OAUTH_CLIENT_ID: 'pixora',
      OAUTH_CLIENT_SECRET: 'shh',
    });
    const start = await app.inject(
      '/api/v1/user/oauth/authorize?redirect_url=http%3A%2F%2Flocalhost%2Findex',
    );
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    const state = location.searchParams.get('state')!;
    expect(location.origin + location.pathname).toBe(`${base}/authorize`);
    const cookie = `oauth_state=${state}`;
    const exchange = (code: string, s: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/token',
        headers: { cookie },
        payload: { code, state: s, redirect_url: 'http://localhost/index' },
      });
    expect((await exchange('good-code', 'forged')).json().code).toBe(30008);
    expect((await exchange('bad-code', state)).json().code).toBe(30008);
    const ok = await exchange('good-code', state);
    expect(ok.statusCode).toBe(200);
    const token = ok.json().data.token as string;
    const profile = await app.inject({
      method: 'GET',
      url: '/api/v1/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json().data.user.Username).toBe('staff@corp.example');
    await app.close();
  });
});

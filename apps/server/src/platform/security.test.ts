import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { idleBackend as idle, insertUser, sessionFor, solvedCaptcha, testApp } from '../../test/helpers.ts';
import type { AppContext } from './context.ts';

type App = Awaited<ReturnType<typeof testApp>>['app'];

/** A user whose password is `secret123`, signed in: the session token. */
async function userWithSession(ctx: AppContext, email: string) {
  return sessionFor(ctx, await insertUser(ctx, email, { password_hash: await hash('secret123') }));
}

/** Signs `email` in through the form, from `headers` (a proxy's, or none); the answer. */
async function signin(app: App, ctx: AppContext, email: string, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers,
    payload: { email, password: 'secret123', ...(await solvedCaptcha(app, ctx, { headers })) },
  });
}

describe('security headers', () => {
  it('sends a script policy without inline script, no framing by other sites, nosniff and a referrer policy', async () => {
    const { app } = await testApp(idle, {
      OAUTH_AUTHORIZE_URL: 'https://sso.corp.example/oauth/authorize',
      WORK_QR_URL: 'https://qr.corp.example/login',
    });
    for (const url of ['/', '/api/v1/menu/', '/api/v1/no-such-thing']) {
      const res = await app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("frame-src 'self' https://sso.corp.example https://qr.corp.example");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });

  it('keeps the web app free of inline scripts, which the policy would block', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
    const pages = [path.join(root, 'index.html'), path.join(root, 'dist/index.html')].filter((f) =>
      fs.existsSync(f),
    );
    for (const page of pages) {
      const scripts = fs.readFileSync(page, 'utf8').match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, page).toMatch(/\ssrc=/);
      expect(fs.readFileSync(page, 'utf8'), page).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it('adds HSTS and a Secure session cookie over HTTPS from a trusted proxy, and only then', async () => {
    const { app, ctx } = await testApp(idle, { TRUST_PROXY: '127.0.0.1' });
    await userWithSession(ctx, 'tls@example.com');
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };
    const trusted = await signin(app, ctx, 'tls@example.com', https);
    expect(trusted.statusCode).toBe(200);
    expect(trusted.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(trusted.cookies.find((c) => c.name === 'Admin-Token')?.secure).toBe(true);
    // The same headers from a peer that is not the proxy: plain HTTP, no HSTS, no Secure flag.
    const spoofed = await app.inject({ url: '/', headers: https, remoteAddress: '198.51.100.7' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const plain = await signin(app, ctx, 'tls@example.com', {});
    expect(plain.cookies.find((c) => c.name === 'Admin-Token')?.secure).toBeFalsy();
    await app.close();
  });
});

describe('cross-site writes', () => {
  it('refuses a cookie-authenticated write whose Origin or Referer is another site', async () => {
    const { app, ctx } = await testApp(idle, { PUBLIC_URL: 'https://open.example.com' });
    const token = await userWithSession(ctx, 'csrf@example.com');
    const save = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/profile',
        headers: { host: 'pixora.local:8080', ...headers },
        payload: { real_name: 'Changed' },
      });
    const cookie = `Admin-Token=${token}`;
    for (const headers of [
      { cookie, origin: 'https://evil.example' } as Record<string, string>,
      { cookie, origin: 'null' },
      { cookie, referer: 'https://evil.example/page' },
    ]) {
      const res = await save(headers);
      expect([res.statusCode, res.json().code], JSON.stringify(headers)).toEqual([403, 30007]);
    }
    for (const headers of [
      { cookie, origin: 'http://pixora.local:8080' } as Record<string, string>,
      { cookie, origin: 'https://open.example.com' },
      { cookie, referer: 'http://pixora.local:8080/own-space/userInfo' },
      // Not a browser (no Origin, no Referer), or not carried by the cookie (a bearer token).
      { cookie },
      { authorization: `Bearer ${token}`, origin: 'https://evil.example' },
    ])
      expect((await save(headers)).statusCode, JSON.stringify(headers)).toBe(200);
    // Gateway calls carry their own credentials: the cookie of a visit to the site changes nothing.
    const gateway = await app.inject({
      method: 'POST',
      url: '/v2/facepoints?api_key=pixora-demo-key&api_secret=pixora-demo-secret',
      headers: { cookie, origin: 'https://evil.example' },
      payload: {},
    });
    expect(gateway.json().ErrorCode).toBe(10000);
    await app.close();
  });

  it('signs out by POST; a GET carried by the cookie alone is refused and signs nobody out', async () => {
    const { app, ctx } = await testApp(idle);
    const token = await userWithSession(ctx, 'bye@example.com');
    const profile = () =>
      app.inject({ url: '/api/v1/user/profile', headers: { authorization: `Bearer ${token}` } });
    const byGet = await app.inject({
      url: '/api/v1/user/signout',
      headers: { cookie: `Admin-Token=${token}` },
    });
    expect([byGet.statusCode, byGet.json().code]).toEqual([403, 30007]);
    expect((await profile()).statusCode).toBe(200);
    const byPost = await app.inject({
      method: 'POST',
      url: '/api/v1/user/signout',
      headers: { cookie: `Admin-Token=${token}`, origin: 'http://localhost:80' },
    });
    expect(byPost.statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(401);
    const other = await userWithSession(ctx, 'bye2@example.com');
    const bearer = await app.inject({
      url: '/api/v1/user/signout',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(bearer.statusCode).toBe(200);
    await app.close();
  });
});

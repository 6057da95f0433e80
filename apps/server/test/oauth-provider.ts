import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small but real OAuth 2.0 provider for tests of the internal-network (OA and QR) login:
 * authorization-code grant with an approval page (GET /authorize), the token endpoint (POST /token)
 * checking client, code, expiry and redirect_uri, the userinfo endpoint (GET /userinfo), and a
 * work-account QR login page (GET /qr) that, once "scanned", posts the return address with a fresh
 * code to the page embedding it, as work-login frames do. Codes are single-use and expire in a minute.
 */
export interface OAuthProviderOptions {
  clientId: string;
  clientSecret: string;
  /** The person who signs in at the provider. */
  user: { email: string; name: string };
  /** The QR login's appid and agentid. */
  qr?: { appid: string; agentid: string };
  /** Defaults to a free port on 127.0.0.1. */
  port?: number;
  host?: string;
}

export interface ProviderRequest {
  path: string;
  query: Record<string, string>;
}

const CODE_TTL_MS = 60_000;
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;margin:16px">${body}</body></html>`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOAuthProvider(options: OAuthProviderOptions) {
  const codes = new Map<string, { redirectUri: string; expiresAt: number }>();
  const tokens = new Set<string>();
  const requests: ProviderRequest[] = [];
  const random = () => crypto.randomBytes(18).toString('base64url');

  function issueCode(redirectUri: string): string {
    const code = random();
    codes.set(code, { redirectUri, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }
  const returnTo = (redirectUri: string, state: string) => {
    const url = new URL(redirectUri);
    url.searchParams.set('code', issueCode(redirectUri));
    if (state) url.searchParams.set('state', state);
    return url.toString();
  };
  const validRedirect = (value: string | undefined) => {
    try {
      return Boolean(value) && /^https?:$/.test(new URL(value!).protocol);
    } catch {
      return false;
    }
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://provider');
      const query = Object.fromEntries(url.searchParams);
      requests.push({ path: url.pathname, query });
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const html = (status: number, text: string) =>
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(text);

      if (req.method === 'GET' && url.pathname === '/authorize') {
        if (query.response_type !== 'code' || query.client_id !== options.clientId)
          return html(400, page('Error', '<p>unknown client</p>'));
        if (!validRedirect(query.redirect_uri)) return html(400, page('Error', '<p>bad redirect_uri</p>'));
        return html(
          200,
          page(
            'Corp SSO',
            `<h1>Corp SSO</h1><p>Sign in to ${escape(options.clientId)} as ${escape(options.user.name)}</p>` +
              `<form method="post" action="/authorize">` +
              `<input type="hidden" name="redirect_uri" value="${escape(query.redirect_uri!)}">` +
              `<input type="hidden" name="state" value="${escape(query.state ?? '')}">` +
              `<button type="submit">Authorize</button></form>`,
          ),
        );
      }
      if (req.method === 'POST' && url.pathname === '/authorize') {
        const form = new URLSearchParams(body);
        const redirectUri = form.get('redirect_uri') ?? '';
        if (!validRedirect(redirectUri)) return html(400, page('Error', '<p>bad redirect_uri</p>'));
        return res.writeHead(302, { location: returnTo(redirectUri, form.get('state') ?? '') }).end();
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
          return json(401, { error: 'invalid_client' });
        const code = form.get('code') ?? '';
        const entry = codes.get(code);
        codes.delete(code);
        if (
          form.get('grant_type') !== 'authorization_code' ||
          !entry ||
          entry.expiresAt < Date.now() ||
          entry.redirectUri !== form.get('redirect_uri')
        )
          return json(400, { error: 'invalid_grant' });
        const accessToken = random();
        tokens.add(accessToken);
        return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.method === 'GET' && url.pathname === '/userinfo') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!token || !tokens.has(token)) return json(401, { error: 'invalid_token' });
        return json(200, { sub: options.user.email, email: options.user.email, name: options.user.name });
      }
      if (req.method === 'GET' && url.pathname === '/qr') {
        if (!options.qr || query.appid !== options.qr.appid || query.agentid !== options.qr.agentid)
          return html(400, page('Error', '<p>unknown appid or agentid</p>'));
        if (!validRedirect(query.redirect_uri)) return html(400, page('Error', '<p>bad redirect_uri</p>'));
        // The phone's confirmation is the button; the frame then tells its parent where to go.
        const confirm = `/qr?${new URLSearchParams({ ...query, scanned: '1' })}`;
        if (query.scanned === '1') {
          const target = returnTo(query.redirect_uri!, query.state ?? '');
          return html(
            200,
            page(
              'Work login',
              `<p>Confirmed</p><script>parent.postMessage(${JSON.stringify(target).replace(/</g, '\\u003c')}, '*');</script>`,
            ),
          );
        }
        return html(
          200,
          page(
            'Work login',
            `<h1>Work login</h1><p>Scan with the work app</p><a href="${escape(confirm)}">Confirm on phone</a>`,
          ),
        );
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    base,
    port,
    /** OAUTH_* and WORK_QR_URL settings of a platform using this provider. */
    env: {
      OAUTH_AUTHORIZE_URL: `${base}/authorize`,
      OAUTH_TOKEN_URL: `${base}/token`,
      OAUTH_USERINFO_URL: `${base}/userinfo`,
      OAUTH_CLIENT_ID: options.clientId,
      OAUTH_CLIENT_SECRET: options.clientSecret,
      ...(options.qr
        ? { WORK_QR_URL: `${base}/qr`, WORK_QR_APPID: options.qr.appid, WORK_QR_AGENTID: options.qr.agentid }
        : {}),
    } as Record<string, string>,
    /** Every request seen, in order. */
    requests,
    /** A code for `redirectUri`, as the approval page issues it (for tests without a browser). */
    issueCode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OAuthProvider = Awaited<ReturnType<typeof startOAuthProvider>>;

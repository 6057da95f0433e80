import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { ApiError } from '../../platform/error-catalogue.ts';

export interface ExternalIdentity {
  email: string;
  name: string;
}

/** The page the provider sends the browser back to by default: the web app exchanges the code there. */
export const LOGINING_PATH = '/logining';
export const OAUTH_STATE_COOKIE = 'oauth_state';
const STATE = /^[0-9a-f]{32}$/;

/** The origins this site is reached at: the one the visitor used, and PUBLIC_URL when it is set. */
function siteOrigins(request: FastifyRequest, config: Config): string[] {
  const origins = [`${request.protocol}://${request.host}`];
  if (config.PUBLIC_URL) origins.push(new URL(config.PUBLIC_URL).origin);
  return origins;
}

/** `redirect_url` arrives URL-encoded from the web app; plain addresses are taken as they are. */
export function decodeRedirectUrl(value: string): string {
  if (!/^https?%3A/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The address the provider sends the browser back to, without query: an address of this site
 * (by default /logining). Another site's address is refused, so the login start cannot be used to
 * hand a code to someone else.
 */
export function returnAddress(request: FastifyRequest, config: Config, given: string | undefined): string {
  const origins = siteOrigins(request, config);
  const preferred = config.PUBLIC_URL ? origins[1]! : origins[0]!;
  if (!given) return `${preferred}${LOGINING_PATH}`;
  let url: URL;
  try {
    url = new URL(decodeRedirectUrl(given));
  } catch {
    throw new ApiError(30008, 'redirect_url is not an address');
  }
  if (!origins.includes(url.origin))
    throw new ApiError(30008, 'redirect_url must be an address of this site');
  return `${url.origin}${url.pathname}`;
}

/**
 * The state of this browser's third-party login, kept for ten minutes in a cookie the page cannot
 * read. An existing one is reused, so the OA frame and the QR frame of the same dialog share it.
 */
export function loginState(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[OAUTH_STATE_COOKIE];
  const state = existing && STATE.test(existing) ? existing : crypto.randomBytes(16).toString('hex');
  reply.setCookie(OAUTH_STATE_COOKIE, state, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: 600,
  });
  return state;
}

/** Whether the OA login has everything it needs: the authorize page, the token and userinfo endpoints, the client. */
export const oauthConfigured = (config: Config) =>
  Boolean(
    config.OAUTH_AUTHORIZE_URL &&
    config.OAUTH_TOKEN_URL &&
    config.OAUTH_USERINFO_URL &&
    config.OAUTH_CLIENT_ID &&
    config.OAUTH_CLIENT_SECRET,
  );

/** The provider's authorize address for an OAuth 2.0 authorization-code login. */
export function authorizeUrl(config: Config, state: string, redirectUri: string): string {
  if (!oauthConfigured(config)) throw new ApiError(30008, 'third-party login is not configured');
  const url = new URL(config.OAUTH_AUTHORIZE_URL!);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.OAUTH_CLIENT_ID!);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

export interface WorkQrFrame {
  /** The provider's QR page with appid, agentid, redirect_uri, state, login_type, style and href. */
  url: string;
  /** Only messages from this origin are followed. */
  origin: string;
  /** Where the provider sends the browser after the scan; the page only navigates to this site. */
  redirect_uri: string;
}

/**
 * The work-account QR login frame, or null when it is not configured. Its code is
 * exchanged like the OA code, so it needs the OAuth provider too; WORK_QR_REDIRECT_URI defaults to
 * /logining of this site and must be an address of this site.
 */
export function workQrFrame(request: FastifyRequest, config: Config, state: string): WorkQrFrame | null {
  if (!config.WORK_QR_URL || !config.WORK_QR_APPID || !config.WORK_QR_AGENTID || !oauthConfigured(config))
    return null;
  let redirectUri: string;
  try {
    redirectUri = returnAddress(request, config, config.WORK_QR_REDIRECT_URI);
  } catch {
    // A return address on another site is never handed to the provider.
    return null;
  }
  const url = new URL(config.WORK_QR_URL);
  const params: Array<[string, string | undefined]> = [
    ['appid', config.WORK_QR_APPID],
    ['agentid', config.WORK_QR_AGENTID],
    ['redirect_uri', redirectUri],
    ['state', state],
    ['login_type', config.WORK_QR_LOGIN_TYPE],
    ['style', config.WORK_QR_STYLE],
    ['href', config.WORK_QR_HREF],
  ];
  for (const [key, value] of params) if (value) url.searchParams.set(key, value);
  return { url: url.toString(), origin: url.origin, redirect_uri: redirectUri };
}

/** OAuth 2.0 authorization-code exchange against the configured provider, then its userinfo endpoint. */
export async function exchangeOAuthCode(
  config: Config,
  code: string,
  redirectUrl: string,
): Promise<ExternalIdentity> {
  if (!oauthConfigured(config)) throw new ApiError(30008, 'third-party login is not configured');
  try {
    const tokenRes = await fetch(config.OAUTH_TOKEN_URL!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUrl,
        client_id: config.OAUTH_CLIENT_ID!,
        client_secret: config.OAUTH_CLIENT_SECRET!,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const token = (await tokenRes.json()) as { access_token?: string };
    if (!tokenRes.ok || !token.access_token) throw new ApiError(30008, 'code rejected by the provider');
    const infoRes = await fetch(config.OAUTH_USERINFO_URL!, {
      headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    const info = (await infoRes.json()) as { email?: string; name?: string };
    if (!infoRes.ok || !info.email) throw new ApiError(30008, 'no e-mail from the provider');
    return { email: info.email.trim().toLowerCase(), name: info.name ?? '' };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(30008, 'provider unreachable');
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { ApiError } from './error-catalogue.ts';

/** Origin of a configured URL (`https://sso.example/authorize` → `https://sso.example`); undefined if unset or unreadable. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of every answer. The built web app has no inline script (index.html
 * loads one module file), so scripts come from this origin only. Styles need 'unsafe-inline':
 * antd (CSS-in-JS) writes its styles into <style> elements at run time, and components set style
 * attributes. Images may be data: and blob: URLs (answers shown in the page) and any http(s) address
 * (a demo photo given by URL is previewed from where it is). Frames: this site and the configured
 * OA and work-QR login providers, whose pages the login dialog frames. Connections: this site and
 * the second internal-network probe when one is configured. Other sites may not frame
 * this one (frame-ancestors 'self', clickjacking).
 */
export function contentSecurityPolicy(config: Config): string {
  const frames = [originOf(config.OAUTH_AUTHORIZE_URL), originOf(config.WORK_QR_URL)].filter(Boolean);
  // The page fetches the second internal-network probe itself.
  const probe = originOf(config.DOMAIN_PROBE_URL);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    `connect-src 'self'${probe ? ` ${probe}` : ''}`,
    `frame-src 'self'${frames.map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request could have been sent by a page of another site riding on this site's cookies:
 * it changes state (not GET/HEAD/OPTIONS), carries cookies, and proves nothing else (no
 * Authorization header, which another site's page cannot set, and no api_key, the gateway's own
 * credentials).
 */
function cookieAuthenticatedWrite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (!request.headers.cookie || request.headers.authorization) return false;
  return !/[?&]api_key=/.test(request.url);
}

/**
 * Where a browser says the request comes from: the Origin header, else the origin of the Referer.
 * Undefined when neither is sent (a client that is not a browser: browsers send Origin with every
 * cross-site write); `null` (an opaque origin) is kept and matches nothing.
 */
function claimedOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  return originOf(referer) ?? 'null';
}

/**
 * Whether `origin` is this site: the host the request was sent to (through a trusted proxy, the host
 * it forwarded), in either scheme (an operator behind a TLS proxy who did not set TRUST_PROXY still
 * sees `http` here), or the origin of PUBLIC_URL.
 */
function isOwnOrigin(origin: string, request: FastifyRequest, config: Config): boolean {
  if (origin === originOf(config.PUBLIC_URL)) return true;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    // The Host header read in the origin's scheme, so that a default port written or left out compares equal.
    return url.host === new URL(`${url.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

/**
 * Security headers on every answer, and the origin check on cookie-authenticated writes: one
 * whose Origin (or Referer) names another site answers 403 / 30007 before any handler runs. HSTS
 * only on HTTPS (directly, or from a trusted proxy's X-Forwarded-Proto): over plain HTTP the header
 * is ignored by browsers and would only mislead.
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const policy = contentSecurityPolicy(config);
  app.addHook('onRequest', async (request) => {
    if (!cookieAuthenticatedWrite(request)) return;
    const origin = claimedOrigin(request);
    if (origin !== undefined && !isOwnOrigin(origin, request, config))
      throw new ApiError(30007, `cross-site request from ${origin} refused`);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
    return payload;
  });
}

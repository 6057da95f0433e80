import { DEFAULT_LANGUAGE, HTML_LANG, readCookie } from '../i18n/language.ts';
import { recordError } from './errors.ts';

/** Client timeout of every API call. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** The session cookie the server sets at sign-in; readable by the page on purpose. */
export const TOKEN_COOKIE = 'Admin-Token';

/** Fired on `window` when a console call (`/api/...`) answers 401; `detail.message` is the server's text. */
export const SESSION_EXPIRED_EVENT = 'pixora:session-expired';

export function readToken(cookieHeader: string = document.cookie): string | null {
  return readCookie(cookieHeader, TOKEN_COOKIE) || null;
}

/**
 * Headers of every call to the platform: JSON answers, the interface's language (so that every
 * server message matches what the person reads; the browser's own Accept-Language may differ from
 * the language shown), and the session token of the `Admin-Token` cookie as a bearer token.
 */
export function callHeaders(): Record<string, string> {
  const token = readToken();
  return {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || HTML_LANG[DEFAULT_LANGUAGE],
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

export function removeTokenCookie(): void {
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

/** Whether a path is a call to the console host (accounts and console), as opposed to the algorithm gateway. */
export const isConsolePath = (path: string) => /^\/?api\//.test(path);

export type FailureKind = 'http' | 'network' | 'timeout';

/** Every failed call, normalised: the HTTP status (0 when there was no answer), the error code and message of the body. */
export interface ApiFailure {
  kind: FailureKind;
  status: number;
  code: number | null;
  message: string;
}

export class ApiError extends Error implements ApiFailure {
  readonly kind: FailureKind;
  readonly status: number;
  readonly code: number | null;
  /** The parsed answer body, when there was one (the console sends translated `message` and field `errors`). */
  readonly body: unknown;
  /** The path that was called. */
  readonly url: string;
  constructor(failure: ApiFailure, body: unknown = null, url = '') {
    super(failure.message);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.status = failure.status;
    this.code = failure.code;
    this.body = body;
    this.url = url;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; form data (an upload) is sent as it is. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

const numberOrNull = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return null;
};

const firstString = (...values: unknown[]): string => {
  for (const value of values) if (typeof value === 'string' && value) return value;
  return '';
};

/**
 * Reads an error body of either API: the gateway's `{ ErrorCode, ErrorMsg }` or the console's
 * `{ code, message }`; `error` and `message` are read too (error response).
 */
export function failureFromBody(status: number, body: unknown, fallbackMessage: string): ApiFailure {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = numberOrNull(record.ErrorCode) ?? numberOrNull(record.code);
  const message = firstString(record.ErrorMsg, record.error, record.message) || fallbackMessage;
  return { kind: 'http', status, code, message };
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A JSON call to the platform server, same origin. Rejects with `ApiError` on any failure.
 * The session token of the `Admin-Token` cookie goes along as a bearer token when it exists
 *. A console call answering 401 ends the session: the cookie is removed and
 * `SESSION_EXPIRED_EVENT` tells the page.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  try {
    const response = await fetch(buildUrl(path, query), {
      method,
      headers: {
        ...callHeaders(),
        ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const payload = await readBody(response);
    if (!response.ok) {
      const failure = failureFromBody(response.status, payload, response.statusText);
      if (response.status === 401 && isConsolePath(path)) {
        // An expired session: cookie cleared, the error kept in session storage, the page told once.
        removeTokenCookie();
        recordError(failure, path);
        const record =
          typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
        const text = typeof record.message === 'string' ? record.message : '';
        window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: { message: text } }));
      }
      throw new ApiError(failure, payload, path);
    }
    return payload as T;
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError(
      {
        kind: timedOut ? 'timeout' : 'network',
        status: 0,
        code: null,
        message: error instanceof Error ? error.message : String(error),
      },
      null,
      path,
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

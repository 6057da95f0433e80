import type { ApiFailure } from './http.ts';

/**
 * The error catalogue of the product contract, seen from the browser: every HTTP
 * status and every error code maps to a translation key, so the visitor reads the message in the
 * interface language. This module owns that table; callers only display what it decides.
 */

/** Default display time of an error message, and the longer one for 503, 406 and 413. */
export const MESSAGE_DURATION_MS = 2000;
export const LONG_MESSAGE_DURATION_MS = 3000;

/** Error codes of the gateway with a message of their own (translation key `errors.code.<code>`). */
export const ERROR_CODES = [
  20001, 20003, 20004, 20007, 20008, 20009, 20010, 20011, 20012, 20013, 20014, 20015, 21017, 20020, 20021,
  20022, 20023, 220003, 10000, 10002, 10003, 10004, 10005, 10006, 10007, 10008, 10009, 10010, 10011, 10012,
  10013, 10014, 10015, 10016, 10017, 10018, 10019, 10020, 10021, 10022, 10023, 10024, 10029, 10030, 19999,
] as const;

/** HTTP statuses with a message of their own (translation key `errors.status.<status>`). */
export const HTTP_STATUSES = [401, 403, 406, 413, 415, 424, 502, 503, 599] as const;

const LONG_STATUSES: ReadonlySet<number> = new Set([503, 406, 413]);
/** For these statuses the message comes from the error code of the body. */
const BY_CODE_STATUSES: ReadonlySet<number> = new Set([400, 429]);
const KNOWN_CODES: ReadonlySet<number> = new Set(ERROR_CODES);
const KNOWN_STATUSES: ReadonlySet<number> = new Set(HTTP_STATUSES);

/** Where the failed call went: the console API (accounts) or the algorithm gateway. */
export type ErrorSource = 'console' | 'gateway';

export interface ErrorPresentation {
  /** Translation key of the message. */
  key: string;
  /** Display time in milliseconds. */
  duration: number;
  /** False when the error is only recorded (404). */
  show: boolean;
  /** A server text shown as is (406 "server message"); the key is the fallback when it is empty. */
  serverMessage?: string;
  /** 401 from the console: the session is over, the visitor goes back to the home page. */
  endSession: boolean;
}

export const codeKey = (code: number) => `errors.code.${code}`;
export const statusKey = (status: number) => `errors.status.${status}`;

export function describeError(failure: ApiFailure, source: ErrorSource = 'gateway'): ErrorPresentation {
  const base = { duration: MESSAGE_DURATION_MS, show: true, endSession: false };
  if (failure.kind === 'timeout') return { ...base, key: 'errors.timeout' };
  if (failure.kind === 'network') return { ...base, key: 'errors.network' };

  const { status, code } = failure;
  const duration = LONG_STATUSES.has(status) ? LONG_MESSAGE_DURATION_MS : MESSAGE_DURATION_MS;
  if (BY_CODE_STATUSES.has(status)) {
    return { ...base, key: code !== null && KNOWN_CODES.has(code) ? codeKey(code) : 'errors.requestError' };
  }
  if (status === 401) {
    return source === 'console'
      ? { ...base, key: 'errors.loginExpired', endSession: true }
      : { ...base, key: statusKey(401) };
  }
  if (status === 404) {
    return {
      ...base,
      show: false,
      key: code !== null && KNOWN_CODES.has(code) ? codeKey(code) : 'errors.notFound',
    };
  }
  if (status === 406) {
    return {
      ...base,
      duration,
      key: statusKey(406),
      ...(failure.message ? { serverMessage: failure.message } : {}),
    };
  }
  if (KNOWN_STATUSES.has(status)) return { ...base, duration, key: statusKey(status) };
  return { ...base, duration, key: 'errors.status.other' };
}

/** Session-storage key of the last error (errors are also stored). */
export const ERROR_INFO_KEY = 'errorInfo';

export function recordError(failure: ApiFailure, url: string): void {
  try {
    sessionStorage.setItem(
      ERROR_INFO_KEY,
      JSON.stringify({
        status: failure.status,
        code: failure.code,
        error: failure.message,
        url,
        time: Date.now(),
      }),
    );
  } catch {
    // Storage may be full or disabled; the message is still shown.
  }
}

/** Every translation key this module can answer with; the locale tests check each exists. */
export function allErrorKeys(): string[] {
  return [
    ...ERROR_CODES.map(codeKey),
    ...HTTP_STATUSES.map(statusKey),
    'errors.status.other',
    'errors.requestError',
    'errors.notFound',
    'errors.loginExpired',
    'errors.timeout',
    'errors.network',
  ];
}

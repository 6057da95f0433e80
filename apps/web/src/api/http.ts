/** Client timeout of every API call (spec point 9). */
export const REQUEST_TIMEOUT_MS = 300_000;

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
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.status = failure.status;
    this.code = failure.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
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
 * `{ code, message }`; `error` and `message` are read too (spec point 3, error response).
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

/** A JSON call to the platform server, same origin. Rejects with `ApiError` on any failure. */
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
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const payload = await readBody(response);
    if (!response.ok) throw new ApiError(failureFromBody(response.status, payload, response.statusText));
    return payload as T;
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      status: 0,
      code: null,
      message: error instanceof Error ? error.message : String(error),
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

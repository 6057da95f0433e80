/**
 * What a failed call throws. The platform answers its errors as `{ ErrorCode, ErrorMsg, Data: null }`
 * with an HTTP status; the SDK keeps all three, and what Retry-After said.
 */
export class PixoraError extends Error {
  override readonly name: string = 'PixoraError';
  constructor(
    message: string,
    /** The platform's error code (10015 busy, 20008 no face...); null when the answer was not one. */
    readonly code: number | null,
    /** The HTTP status; 0 when no answer came (a network error or a timeout). */
    readonly status: number,
    /** Milliseconds the platform asked the client to wait (Retry-After), when it did. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A call that did not get an answer within the client's `timeoutMs` (each attempt has its own). */
export class PixoraTimeoutError extends PixoraError {
  override readonly name: string = 'PixoraTimeoutError';
  constructor(ms: number) {
    super(`no answer within ${ms} ms`, null, 0);
  }
}

import type { MessageKey } from './messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The code of the ApiError the request is answered with, recorded by the app's error handler
     * (0 while there is none): hooks that see the answer (usage metering) read it, not the body.
     */
    apiErrorCode: number;
  }
}

/**
 * The error catalogue of the product contract: every gateway error code with its HTTP status and
 * message. Handlers throw `ApiError` with a code; the error handler renders
 * `{ ErrorCode, ErrorMsg, Data: null }` with the status listed here. Codes 10021-10029 are the
 * platform's own additions (authentication, permissions, rate limits), documented with the others.
 */
export const errorCatalogue = {
  20001: { status: 400, message: 'Processing error' },
  20003: { status: 400, message: 'No face detected' },
  20004: { status: 400, message: 'More than one face detected' },
  20007: { status: 400, message: 'No face points passed' },
  20008: { status: 400, message: 'Photo does not meet the specification' },
  20009: { status: 400, message: 'Unsupported image type' },
  20010: { status: 400, message: 'No face detected in the second image' },
  20011: { status: 400, message: 'Image height does not meet the requirement' },
  20012: { status: 400, message: 'Image width does not meet the requirement' },
  20013: { status: 400, message: 'Image resolution too large' },
  20014: { status: 400, message: 'Image not found' },
  20015: { status: 413, message: 'Image over the size limit', messageKey: 'tooLarge' },
  21017: { status: 404, message: 'Not found' },
  20020: { status: 400, message: 'Facial features missing' },
  20021: { status: 400, message: 'Face not frontal: pitch too large' },
  20022: { status: 400, message: 'Face not frontal: yaw too large' },
  20023: { status: 400, message: 'Face too small: too few pixels' },
  220003: { status: 400, message: 'No face detected in the model image' },
  10000: { status: 400, message: 'Wrong parameter' },
  10002: { status: 599, message: 'Request timeout' },
  10003: { status: 424, message: 'Image download failed' },
  10004: { status: 404, message: 'Task does not exist' },
  10005: { status: 415, message: 'Library error' },
  10006: { status: 400, message: 'Content error' },
  10007: { status: 400, message: 'Image decode error' },
  10008: { status: 415, message: 'Image encode error' },
  10009: { status: 415, message: 'Image processing error' },
  10010: { status: 400, message: 'Image parse error' },
  10011: { status: 415, message: 'Shared memory error' },
  10012: { status: 400, message: 'Image length receive error' },
  10013: { status: 400, message: 'Base64 decode error' },
  10014: { status: 400, message: 'URL decode error' },
  10015: { status: 503, message: 'Service temporarily unavailable, please retry later' },
  10016: { status: 415, message: 'Image split error' },
  10017: { status: 415, message: 'Image merge error' },
  10018: { status: 415, message: 'FPGA processing error' },
  10019: { status: 599, message: 'FPGA timeout' },
  10020: { status: 400, message: 'Empty URL requested' },
  10021: { status: 401, message: 'Permission verification failed: wrong or missing api_key or api_secret' },
  10022: { status: 403, message: 'Unauthorized application, the request cannot be executed' },
  10023: { status: 404, message: 'This capability is not open yet' },
  10024: { status: 500, message: 'Unknown error' },
  10025: {
    status: 401,
    message: 'Signature expired: the request timestamp is not within 5 minutes of the server time',
  },
  10026: { status: 401, message: 'Signature verification failed' },
  10027: { status: 401, message: 'Replayed request: the nonce was already used' },
  10028: { status: 401, message: 'Unknown api_key' },
  10029: { status: 429, message: 'Operation too frequent.', messageKey: 'tooFrequent' },
  10030: { status: 502, message: 'Cloud storage upload failed' },
  19999: { status: 502, message: 'Upper layer crashed' },
  // Console (account) codes: the console shows the translated message of `messageKey`.
  30001: { status: 400, message: 'Wrong or expired captcha', messageKey: 'captchaWrong' },
  30002: { status: 400, message: 'Incorrect email or password', messageKey: 'credentialsWrong' },
  30003: { status: 400, message: 'Invalid form' },
  30004: { status: 400, message: 'Invalid or expired link', messageKey: 'linkInvalid' },
  30005: { status: 400, message: 'Wrong or expired SMS code', messageKey: 'phoneCodeWrong' },
  30006: {
    status: 401,
    message: 'Login information expired, please log in again',
    messageKey: 'sessionExpired',
  },
  30007: { status: 403, message: 'Permission denied', messageKey: 'forbidden' },
  30008: { status: 400, message: 'Third-party login failed', messageKey: 'oauthFailed' },
} as const satisfies Record<number, { status: number; message: string; messageKey?: MessageKey }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** What the HTTP statuses of the contract mean to a client (the contract's table beside the codes). */
export const httpStatusMeaning: Record<number, string> = {
  400: 'Shown by error code',
  401: 'Permission verification failed',
  403: 'Unauthorized application, request cannot be executed',
  404: 'Not found',
  406: 'Server message',
  413: 'Request entity too long',
  415: 'Algorithm internal exception',
  424: 'Image download failed',
  429: 'Shown by error code',
  502: 'No response',
  503: 'Service temporarily unavailable, retry later',
  599: 'Algorithm connection timeout',
};

/** A form field that failed a rule; `rule` names the message key. */
export interface FieldError {
  field: string;
  rule: MessageKey;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** What a person is shown (console API); defaults to the catalogue's key for the code. */
  readonly messageKey: MessageKey | undefined;
  readonly fields: FieldError[] | undefined;
  /** Seconds after which the call may succeed again (a 429's `Retry-After` header). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    code: ErrorCode,
    detail?: string,
    options: { messageKey?: MessageKey; fields?: FieldError[]; retryAfterMs?: number } = {},
  ) {
    const entry: { status: number; message: string; messageKey?: MessageKey } = errorCatalogue[code];
    super(detail ? `${entry.message}: ${detail}` : entry.message);
    this.code = code;
    this.status = entry.status;
    this.messageKey = options.messageKey ?? entry.messageKey;
    this.fields = options.fields;
    this.retryAfterSeconds =
      options.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterMs / 1000));
  }
}

/** 429 / 10029 for a caller over a limit whose window resets in `resetMs`. */
export const tooFrequent = (resetMs: number, detail?: string): ApiError =>
  new ApiError(10029, detail, { retryAfterMs: resetMs });

export interface ErrorBody {
  ErrorCode: number;
  ErrorMsg: string;
  Data: null;
}

export function errorBody(error: ApiError): ErrorBody {
  return { ErrorCode: error.code, ErrorMsg: error.message, Data: null };
}

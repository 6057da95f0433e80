import crypto from 'node:crypto';
import { NONCE_HEADER, SIGNING_ALGORITHM, TIMESTAMP_HEADER } from '@pixora/sdk/signing';

/*
 * Signed requests (HMAC-SHA256), the alternative to api_key/api_secret in the query string: the
 * server's side. The canonical request, the string to sign and the client's signing are defined
 * once, in the SDK (@pixora/sdk/signing), and re-exported here; this file reads the Authorization
 * header and holds the rules the gateway enforces (window, nonce and timestamp forms, which headers
 * must be signed). The documentation page "Signing requests" (content/docs/105) shows every step on
 * a worked example that a test checks.
 */

export {
  canonicalHeaderValue,
  canonicalQuery,
  canonicalRequest,
  NONCE_HEADER,
  sha256Hex,
  signatureOf,
  signRequest,
  SIGNING_ALGORITHM,
  stringToSign,
  TIMESTAMP_HEADER,
  uriEncode,
  type SignedParts,
} from '@pixora/sdk/signing';

/** The contract's clients mark a signed call with `Authorization-Type: 1`; optional, 1 when given. */
export const AUTHORIZATION_TYPE_HEADER = 'authorization-type';
export const AUTHORIZATION_TYPE_SIGNED = '1';
/** A timestamp further than this from the server's clock, either way, is refused (10025). */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;
/** Headers every signature covers; `content-type` too when the request has a body. */
export const REQUIRED_SIGNED_HEADERS = ['host', NONCE_HEADER, TIMESTAMP_HEADER] as const;
/** A nonce: 16 to 64 characters of A-Z a-z 0-9 _ -, unique per app within the window. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Ten digits: Unix seconds, as the contract writes timestamps. */
export const TIMESTAMP_PATTERN = /^\d{10}$/;

export interface SignatureHeader {
  apiKey: string;
  /** Lower-case names as the client listed them (they must already be sorted and unique). */
  signedHeaders: string[];
  signature: string;
}

/** Whether an Authorization header claims this scheme (then it must parse, or the call is refused). */
export const isSignedAuthorization = (value: string | undefined): value is string =>
  value !== undefined && value.trimStart().startsWith(`${SIGNING_ALGORITHM} `);

/**
 * Reads `PIXORA-HMAC-SHA256 Credential=<key>, SignedHeaders=<a;b;c>, Signature=<64 hex>`; a string
 * naming what is wrong when it does not parse.
 */
export function parseAuthorization(value: string): SignatureHeader | string {
  const rest = value.trim().slice(SIGNING_ALGORITHM.length).trim();
  const fields = new Map<string, string>();
  for (const part of rest.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return 'Authorization fields are name=value, separated by commas';
    const name = part.slice(0, eq).trim();
    if (fields.has(name)) return `Authorization names ${name} twice`;
    fields.set(name, part.slice(eq + 1).trim());
  }
  const apiKey = fields.get('Credential');
  const names = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!apiKey || !names || !signature || fields.size !== 3)
    return 'Authorization needs exactly Credential, SignedHeaders and Signature';
  if (!/^[0-9a-f]{64}$/.test(signature)) return 'Signature is 64 lower-case hexadecimal digits';
  const signedHeaders = names.split(';');
  const sorted = [...new Set(signedHeaders)].sort();
  if (signedHeaders.some((h) => h !== h.toLowerCase() || h === '') || sorted.join(';') !== names)
    return 'SignedHeaders lists lower-case header names once each, sorted, separated by semicolons';
  return { apiKey, signedHeaders, signature };
}

/** Compares two signatures (hex) in constant time. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && crypto.timingSafeEqual(x, y);
}

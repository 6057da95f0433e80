import crypto from 'node:crypto';

/**
 * Signed requests (HMAC-SHA256), the client side and the one definition of the canonical request
 * that the platform's gateway verifies against. The client proves it holds the app secret without
 * sending it; the signature covers the method, the path, the query, the chosen headers and the
 * body, so a captured request cannot be altered or, within the 5-minute window, replayed.
 *
 *   CanonicalRequest = METHOD \n PATH \n CanonicalQuery \n CanonicalHeaders \n SignedHeaders \n hex(SHA256(body))
 *   StringToSign     = PIXORA-HMAC-SHA256 \n timestamp \n nonce \n hex(SHA256(CanonicalRequest))
 *   Signature        = hex(HMAC-SHA256(app secret, StringToSign))
 *   Authorization: PIXORA-HMAC-SHA256 Credential=<api_key>, SignedHeaders=<names>, Signature=<hex>
 */
export const SIGNING_ALGORITHM = 'PIXORA-HMAC-SHA256';
export const TIMESTAMP_HEADER = 'x-pixora-timestamp';
export const NONCE_HEADER = 'x-pixora-nonce';

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - _ . ~ (encodeURIComponent leaves !'()* too). */
export const uriEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `+` is a space in a query; a broken percent-escape is kept as written. */
function queryDecode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * The query as signed: every name=value pair decoded, then encoded per RFC 3986, sorted by name
 * and then value (byte order), joined with `&`; a name without `=` has an empty value.
 */
export function canonicalQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return `${uriEncode(queryDecode(name))}=${uriEncode(queryDecode(value))}`;
    })
    .sort((a, b) => {
      const [an, av] = a.split('=') as [string, string];
      const [bn, bv] = b.split('=') as [string, string];
      return an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0;
    })
    .join('&');
}

/** A header value as signed: repeated headers joined with commas, trimmed, inner runs of spaces made one. */
export const canonicalHeaderValue = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');

export const sha256Hex = (data: string | Buffer): string =>
  crypto.createHash('sha256').update(data).digest('hex');

export interface SignedParts {
  method: string;
  /** The path as sent, without the query. */
  path: string;
  /** The query string as sent, without `?` ('' when none). */
  query: string;
  /** Every signed header by lower-case name. */
  headers: Record<string, string | string[] | undefined>;
  signedHeaders: string[];
  /** hex SHA-256 of the body bytes as sent (of nothing when there is no body). */
  bodySha256: string;
}

export function canonicalRequest(parts: SignedParts): string {
  const headers = parts.signedHeaders.map((name) => `${name}:${canonicalHeaderValue(parts.headers[name])}\n`);
  return [
    parts.method.toUpperCase(),
    parts.path,
    canonicalQuery(parts.query),
    headers.join(''),
    parts.signedHeaders.join(';'),
    parts.bodySha256,
  ].join('\n');
}

export const stringToSign = (timestamp: string, nonce: string, canonical: string): string =>
  [SIGNING_ALGORITHM, timestamp, nonce, sha256Hex(canonical)].join('\n');

export const signatureOf = (secret: string, toSign: string): string =>
  crypto.createHmac('sha256', secret).update(toSign).digest('hex');

/**
 * The headers a client adds to sign a request (what the SDK, the tests and the documentation's
 * worked example do): timestamp, nonce and Authorization over host, content-type (when there is a
 * body), nonce and timestamp.
 */
export function signRequest(input: {
  apiKey: string;
  secret: string;
  method: string;
  url: string;
  host: string;
  contentType?: string;
  body?: string | Buffer;
  timestamp?: string;
  nonce?: string;
}): { headers: Record<string, string>; canonical: string; toSign: string } {
  const timestamp = input.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? crypto.randomBytes(16).toString('hex');
  const headers: Record<string, string> = {
    host: input.host,
    [TIMESTAMP_HEADER]: timestamp,
    [NONCE_HEADER]: nonce,
  };
  if (input.contentType) headers['content-type'] = input.contentType;
  const signedHeaders = Object.keys(headers).sort();
  const q = input.url.indexOf('?');
  const canonical = canonicalRequest({
    method: input.method,
    path: q < 0 ? input.url : input.url.slice(0, q),
    query: q < 0 ? '' : input.url.slice(q + 1),
    headers,
    signedHeaders,
    bodySha256: sha256Hex(input.body ?? ''),
  });
  const toSign = stringToSign(timestamp, nonce, canonical);
  const authorization = `${SIGNING_ALGORITHM} Credential=${input.apiKey}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signatureOf(input.secret, toSign)}`;
  return { headers: { ...headers, authorization }, canonical, toSign };
}

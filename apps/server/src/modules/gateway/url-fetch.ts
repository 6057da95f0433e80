import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export type DownloadFailure = 'bad_url' | 'blocked' | 'failed' | 'too_large' | 'timeout';

export class DownloadError extends Error {
  constructor(
    readonly reason: DownloadFailure,
    message: string,
  ) {
    super(message);
  }
}

// Addresses a public image URL must never reach: loopback, private, link-local, carrier NAT,
// documentation, multicast and reserved ranges (server-side request forgery).
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net4, prefix, 'ipv4');
}
for (const [net6, prefix] of [
  // IPv4-compatible addresses (`::7f00:1` = ::127.0.0.1; deprecated, RFC 4291), with :: and ::1.
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // SIIT IPv4-translated addresses (`::ffff:0:7f00:1`, RFC 7915): never a public host's address.
  ['::ffff:0:0:0', 96],
  // NAT64, well-known and local-use prefixes (RFC 6052, RFC 8215): a translator would reach any
  // IPv4 address, private ones included.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // Teredo (RFC 4380): the tunnel's client address is embedded obfuscated; none is a host to fetch from.
  ['2001::', 32],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address in any textual form (`::`, a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  const text = address.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  const hex = tail
    ? `${text.slice(0, tail.index)}${((+tail[1]! << 8) | +tail[2]!).toString(16)}:${((+tail[3]! << 8) | +tail[4]!).toString(16)}`
    : text;
  const [head = '', rest] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries to an IPv4 host, where the embedding is one a connection
 * may follow: IPv4-mapped (`::ffff:a.b.c.d`, any spelling) and 6to4 (`2002:AABB:CCDD::/48`, RFC 3056).
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return undefined;
}

export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export interface DownloadOptions {
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
  maxRedirects?: number;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup that refuses names resolving to blocked addresses, used for the connection itself (no rebinding gap). */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && list.some((a) => isBlockedAddress(a.address))) {
        return callback(Object.assign(new Error('blocked address'), { code: 'EBLOCKED' }), '');
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new DownloadError('bad_url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new DownloadError('bad_url', 'only http and https URLs are accepted');
  if (url.username || url.password)
    throw new DownloadError('bad_url', 'URLs with credentials are not accepted');
  return url;
}

/** Downloads an image from a public http(s) URL with a deadline, a byte limit and address checks on every hop. */
export async function downloadImage(raw: string, options: DownloadOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = parseUrl(raw);
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && (host === 'localhost' || (net.isIP(host) && isBlockedAddress(host)))) {
      throw new DownloadError('blocked', 'the URL points at a private or loopback address');
    }
    const response = await request(url, options, signal);
    if (response.redirect) {
      url = parseUrl(new URL(response.redirect, url).toString());
      continue;
    }
    return response.body!;
  }
  throw new DownloadError('failed', 'too many redirects');
}

function request(
  url: URL,
  options: DownloadOptions,
  signal: AbortSignal,
): Promise<{ redirect?: string; body?: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      if (err instanceof DownloadError) return reject(err);
      if (signal.aborted) return reject(new DownloadError('timeout', 'the download took too long'));
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EBLOCKED')
        return reject(new DownloadError('blocked', 'the URL points at a private or loopback address'));
      reject(new DownloadError('failed', code ? `connection failed (${code})` : 'connection failed'));
    };
    const req = client.get(
      url,
      { lookup: guardedLookup(options.allowPrivate) as never, signal, headers: { accept: 'image/*' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(new DownloadError('failed', `the server answered HTTP ${status}`));
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          res.destroy();
          return reject(new DownloadError('too_large', 'the image is larger than the limit'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            res.destroy();
            reject(new DownloadError('too_large', 'the image is larger than the limit'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
  });
}

/**
 * Checks a URL the platform will call later (a job's callback): http(s), no credentials, and,
 * unless private addresses are allowed, not a loopback, private or link-local address written as
 * such (a name resolving to one is refused when the call is made).
 */
export function checkCallbackUrl(raw: string, allowPrivate: boolean): URL {
  const url = parseUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || (net.isIP(host) && isBlockedAddress(host))))
    throw new DownloadError('blocked', 'the URL points at a private or loopback address');
  return url;
}

/**
 * POSTs a JSON body to a client's URL (a job's callback) with the same address checks as image
 * downloads (no private or loopback addresses unless allowed, checked on the connection itself),
 * no redirects followed, and a deadline; answers the HTTP status, or throws a DownloadError.
 */
export function postJson(
  raw: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<number> {
  const url = parseUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && (host === 'localhost' || (net.isIP(host) && isBlockedAddress(host))))
    return Promise.reject(new DownloadError('blocked', 'the URL points at a private or loopback address'));
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate) as never,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new DownloadError(
          signal.aborted ? 'timeout' : err.code === 'EBLOCKED' ? 'blocked' : 'failed',
          err.code ? `connection failed (${err.code})` : 'connection failed',
        ),
      ),
    );
    req.end(body);
  });
}

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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net6, prefix, 'ipv6');
}

export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
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

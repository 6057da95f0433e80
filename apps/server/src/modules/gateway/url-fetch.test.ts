import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, downloadImage, isBlockedAddress } from './url-fetch.ts';

describe('address guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('blocks %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));
  it.each([
    ['IPv4-mapped, hex', '::ffff:7f00:1'],
    ['IPv4-mapped, private', '::ffff:a01:203'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['IPv4-compatible, private', '::a00:1'],
    ['SIIT IPv4-translated', '::ffff:0:7f00:1'],
    ['SIIT IPv4-translated, dotted', '::ffff:0:10.0.0.1'],
    ['NAT64 well-known prefix', '64:ff9b::7f00:1'],
    ['NAT64 well-known prefix, public v4', '64:ff9b::808:808'],
    ['NAT64 local-use prefix', '64:ff9b:1::a00:1'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of a private network', '2002:c0a8:101::1'],
    ['6to4 of the metadata address', '2002:a9fe:a9fe::'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo, short', '2001::1'],
  ])('blocks %s (%s)', (_form, ip) => expect(isBlockedAddress(ip)).toBe(true));
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2002:808:808::1', '::ffff:808:808'])(
    'allows public %s',
    (ip) => expect(isBlockedAddress(ip)).toBe(false),
  );
  it.each(['http://[::7f00:1]/x.png', 'http://[::ffff:0:7f00:1]/x.png', 'http://[2002:7f00:1::1]/x.png'])(
    'refuses the URL %s before connecting',
    async (url) => {
      const failure = await downloadImage(url, {
        timeoutMs: 1000,
        maxBytes: 1000,
        allowPrivate: false,
      }).catch((e: DownloadError) => e.reason);
      expect(failure).toBe('blocked');
    },
  );
});

describe('downloadImage', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/ok.png') return res.end(Buffer.from('png-bytes'));
      if (req.url === '/redirect') return res.writeHead(302, { location: '/ok.png' }).end();
      if (req.url === '/big') return res.end(Buffer.alloc(5000));
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const open = { timeoutMs: 1000, maxBytes: 1000, allowPrivate: true };
  const reason = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: DownloadError) => e.reason,
    );

  it('refuses loopback and private addresses unless allowed', async () => {
    const closed = { ...open, allowPrivate: false };
    expect(await reason(downloadImage(`${base}/ok.png`, closed))).toBe('blocked');
    expect(await reason(downloadImage('http://localhost/ok.png', closed))).toBe('blocked');
    expect(await reason(downloadImage('http://[::1]/x.png', closed))).toBe('blocked');
    expect(await reason(downloadImage('http://192.168.0.10/x.png', closed))).toBe('blocked');
  });

  it('downloads, follows redirects, and enforces the size limit, the deadline and HTTP errors', async () => {
    expect((await downloadImage(`${base}/ok.png`, open)).toString()).toBe('png-bytes');
    expect((await downloadImage(`${base}/redirect`, open)).toString()).toBe('png-bytes');
    expect(await reason(downloadImage(`${base}/big`, open))).toBe('too_large');
    expect(await reason(downloadImage(`${base}/slow`, { ...open, timeoutMs: 200 }))).toBe('timeout');
    expect(await reason(downloadImage(`${base}/missing`, open))).toBe('failed');
  });

  it('rejects what is not an http(s) URL', async () => {
    expect(await reason(downloadImage('ftp://example.com/a.png', open))).toBe('bad_url');
    expect(await reason(downloadImage('file:///etc/passwd', open))).toBe('bad_url');
    expect(await reason(downloadImage('not a url', open))).toBe('bad_url');
  });
});

/**
 * The abuse corpus: what a hostile but careful tester sends a started platform. Malformed HTTP
 * and JSON, broken and lying images, wrong parameter values for every served capability, image
 * addresses that point inside the network (SSRF), and forwarding headers that try to borrow
 * another address. abuse.test.ts sends it and checks every answer.
 */
import zlib from 'node:zlib';
import { capabilities } from '@pixora/catalog';
import { bindings } from '../../src/modules/gateway/bindings.ts';

/** A request of the corpus: sent as it is (body bytes and content type chosen by the case). */
export interface AbuseCase {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const json = { 'content-type': 'application/json' };

/** A PNG of `width` x `height` whose data is `idat` (zlib of filtered rows); the CRCs are right. */
export function png(width: number, height: number, idat: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.from(type, 'ascii');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head, data])));
    return Buffer.concat([length, head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Images that lie: truncated, empty, a bomb (tiny file, 40 000 x 40 000 pixels), the wrong type. */
export function badImages(jpeg: Buffer): Array<{ name: string; data: string; type?: string }> {
  const b64 = (b: Buffer) => b.toString('base64');
  // Rows of a 40 000 x 40 000 RGB image compress to almost nothing: the bomb is a few kB.
  const bomb = png(
    40_000,
    40_000,
    zlib.deflateSync(Buffer.alloc(40_000 * 3 + 1), { level: 9 }).subarray(0, 64),
  );
  return [
    { name: 'empty string', data: '' },
    { name: 'not base64', data: '!!!***not base64***!!!' },
    { name: 'base64 of text', data: b64(Buffer.from('hello, this is not an image')) },
    { name: 'PNG signature only', data: b64(Buffer.from('89504e470d0a1a0a', 'hex')) },
    { name: 'truncated JPEG', data: b64(jpeg.subarray(0, Math.floor(jpeg.length / 3))) },
    { name: 'JPEG header only', data: b64(jpeg.subarray(0, 20)) },
    { name: 'PNG bomb 40000 x 40000', data: b64(bomb), type: 'png' },
    { name: 'PNG of 0 x 0', data: b64(png(0, 0, zlib.deflateSync(Buffer.alloc(0)))), type: 'png' },
    { name: 'a JPEG declared as gif', data: b64(jpeg), type: 'gif' },
    { name: 'a JPEG declared as exe', data: b64(jpeg), type: 'exe' },
    { name: 'GIF header only', data: b64(Buffer.from('GIF89a')), type: 'gif' },
    {
      name: 'WebP header only',
      data: b64(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')),
      type: 'webp',
    },
    {
      name: 'SVG with a script',
      data: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      type: 'png',
    },
    { name: 'a data: URL', data: `data:image/jpeg;base64,${b64(jpeg.subarray(0, 100))}` },
  ];
}

const envelope = (item: unknown, parameter: unknown = {}) =>
  JSON.stringify({ parameter, extra: {}, media_info_list: [item] });

/** Bodies that are not the gateway's envelope, sent to one endpoint. */
export function malformedGatewayBodies(endpoint: string, query: string, jpeg: Buffer): AbuseCase[] {
  const path = `/${endpoint}?${query}`;
  const image = { media_data: jpeg.toString('base64'), media_profiles: { media_data_type: 'jpg' } };
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const bodies: Array<[string, string | Buffer, Record<string, string>?]> = [
    ['no body', ''],
    ['invalid JSON', '{"media_info_list": ['],
    ['JSON null', 'null'],
    ['JSON number', '12345'],
    ['JSON string', '"media"'],
    ['JSON array', '[]'],
    ['empty object', '{}'],
    ['media_info_list null', '{"media_info_list":null}'],
    ['media_info_list empty', '{"media_info_list":[]}'],
    ['media_info_list an object', '{"media_info_list":{}}'],
    ['media_info_list of numbers', '{"media_info_list":[1,2,3]}'],
    ['media_data a number', envelope({ media_data: 42, media_profiles: { media_data_type: 'jpg' } })],
    ['media_profiles missing', envelope({ media_data: image.media_data })],
    ['media_profiles a string', envelope({ media_data: image.media_data, media_profiles: 'jpg' })],
    [
      '1000 images',
      JSON.stringify({ media_info_list: Array.from({ length: 1000 }, () => ({ media_data: 'x' })) }),
    ],
    ['parameter a string', envelope(image, 'x')],
    ['parameter an array', envelope(image, [])],
    [
      'parameter 10 000 deep',
      envelope(image, 0).replace('"parameter":0', `"parameter":{"x":${deep(10_000)}}`),
    ],
    ['parameter with 200 000 items', envelope(image, { x: Array.from({ length: 200_000 }, () => 0) })],
    [
      '__proto__ in parameter',
      envelope(image, 0).replace('"parameter":0', '"parameter":{"__proto__":{"admin":true}}'),
    ],
    [
      'constructor.prototype in extra',
      envelope(image).replace('"extra":{}', '"extra":{"constructor":{"prototype":{"x":1}}}'),
    ],
    ['a key of 100 000 characters', envelope(image, { ['k'.repeat(100_000)]: 1 })],
    [
      'invalid UTF-8',
      Buffer.concat([
        Buffer.from('{"media_info_list":[{"media_data":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('"}]}'),
      ]),
    ],
    ['a NUL in JSON', '{"media_info_list":[{"media_data":"\u0000"}]}'],
    ['text/plain body', envelope(image), { 'content-type': 'text/plain' }],
    ['form body', 'media_data=abc', { 'content-type': 'application/x-www-form-urlencoded' }],
    [
      'multipart body',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      { 'content-type': 'multipart/form-data; boundary=x' },
    ],
    [
      'JSON with a charset nobody knows',
      envelope(image),
      { 'content-type': 'application/json; charset=ebcdic' },
    ],
  ];
  return bodies.map(([name, body, headers]) => ({
    name: `${endpoint}: ${name}`,
    method: 'POST',
    path,
    headers: headers ?? json,
    body,
  }));
}

/** Wrong values for each parameter of a capability (the image is valid: the parameters must be refused or used). */
export function parameterFuzz(
  endpoint: string,
  query: string,
  parameters: string[],
  jpeg: Buffer,
): AbuseCase[] {
  const image = { media_data: jpeg.toString('base64'), media_profiles: { media_data_type: 'jpg' } };
  const values: unknown[] = [
    -1,
    1e308,
    'x'.repeat(5000),
    {},
    [],
    null,
    true,
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ];
  return parameters.flatMap((name) =>
    values.map((value) => ({
      name: `${endpoint}: ${name} = ${JSON.stringify(value).slice(0, 30)}`,
      method: 'POST',
      path: `/${endpoint}?${query}`,
      headers: json,
      body: envelope(image, { [name]: value }),
    })),
  );
}

/** Credentials and addresses that are not what they should be. */
export function gatewayProbes(query: string): AbuseCase[] {
  const body = envelope({ media_data: 'x', media_profiles: { media_data_type: 'jpg' } });
  const post = (name: string, path: string, headers: Record<string, string> = json): AbuseCase => ({
    name,
    method: 'POST',
    path,
    headers,
    body,
  });
  return [
    post('no credentials', '/v2/facepoints'),
    post('key without secret', '/v2/facepoints?api_key=pixora-demo-key'),
    post('wrong secret', '/v2/facepoints?api_key=pixora-demo-key&api_secret=nope'),
    post('key as an array', '/v2/facepoints?api_key=a&api_key=b&api_secret=c'),
    post('SQL in the key', `/v2/facepoints?api_key=${encodeURIComponent("' OR 1=1 --")}&api_secret=x`),
    post('a key of 10 000 characters', `/v2/facepoints?api_key=${'k'.repeat(10_000)}&api_secret=x`),
    post('unicode in the key', `/v2/facepoints?api_key=${encodeURIComponent('钥匙\u202e')}&api_secret=x`),
    post('not served', `/v1/nothing_here?${query}`),
    post('path traversal', `/v1/..%2f..%2fetc%2fpasswd?${query}`),
    post('double-encoded traversal', `/api/v1/content/%252e%252e%252fpackage.json`),
    post('invalid percent-encoding', `/v2/facepoints%E0%A4%A?${query}`),
    post('a NUL in the path', `/v2/facepoints%00?${query}`),
    ...['GET', 'PUT', 'DELETE', 'PATCH'].map((method) => ({
      name: `${method} on a gateway endpoint`,
      method,
      path: `/v2/facepoints?${query}`,
    })),
    {
      name: 'OPTIONS preflight from another site',
      method: 'OPTIONS',
      path: '/v2/facepoints',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    },
    {
      name: 'content-type lies about JSON',
      method: 'POST',
      path: `/v2/facepoints?${query}`,
      headers: json,
      body: '<xml/>',
    },
    ...signatureProbes(body),
    ...jobProbes(query),
  ];
}

/** Signed calls that are not: malformed, oversized, replay-shaped, mixed with query credentials. */
function signatureProbes(body: string): AbuseCase[] {
  const signed = (name: string, authorization: string, extra: Record<string, string> = {}): AbuseCase => ({
    name: `signature: ${name}`,
    method: 'POST',
    path: '/v2/facepoints',
    headers: {
      ...json,
      authorization,
      'x-pixora-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-pixora-nonce': 'abuse-nonce-0123456789',
      ...extra,
    },
    body,
  });
  const good = `Credential=pixora-demo-key, SignedHeaders=content-type;host;x-pixora-nonce;x-pixora-timestamp, Signature=${'0'.repeat(64)}`;
  return [
    signed('nothing after the scheme', 'PIXORA-HMAC-SHA256 '),
    signed('garbage fields', 'PIXORA-HMAC-SHA256 ;;;,,,==='),
    signed(
      'a key of 10 000 characters',
      `PIXORA-HMAC-SHA256 Credential=${'k'.repeat(10_000)}, SignedHeaders=host, Signature=${'0'.repeat(64)}`,
    ),
    signed('a zero signature', `PIXORA-HMAC-SHA256 ${good}`),
    signed('a timestamp from 1970', `PIXORA-HMAC-SHA256 ${good}`, { 'x-pixora-timestamp': '0000000001' }),
    signed('a timestamp that is not a number', `PIXORA-HMAC-SHA256 ${good}`, { 'x-pixora-timestamp': 'now' }),
    signed('a nonce with a newline', `PIXORA-HMAC-SHA256 ${good}`, {
      'x-pixora-nonce': 'abc%0Adef0123456789',
    }),
    signed('another authorization type', `PIXORA-HMAC-SHA256 ${good}`, { 'authorization-type': '2' }),
    signed('a bearer token', 'Bearer abc.def.ghi'),
  ];
}

/** The endpoint of a capability of the spec that this build does not serve yet (a served one when all are). */
function unservedEndpoint(): string {
  const served = new Set(bindings.map((b) => b.capability.id));
  const open = (c: (typeof capabilities)[number]) => !!c.endpoint && !c.endpoint.includes('{');
  return (capabilities.find((c) => open(c) && !served.has(c.id)) ?? capabilities.find(open)!).endpoint!;
}

/** Asynchronous jobs asked for in every wrong way. */
function jobProbes(query: string): AbuseCase[] {
  const job = (name: string, payload: unknown, path = `/v1/jobs?${query}`): AbuseCase => ({
    name: `job: ${name}`,
    method: 'POST',
    path,
    headers: json,
    body: JSON.stringify(payload),
  });
  const item = { media_info_list: [{ media_data: 'x', media_profiles: { media_data_type: 'jpg' } }] };
  return [
    job('no body fields', {}),
    job('no items', { capability: 'v2/facepoints', items: [] }),
    job('a thousand items', { capability: 'v2/facepoints', items: Array.from({ length: 1000 }, () => item) }),
    job('an unknown capability', { capability: '../../etc/passwd', items: [item] }),
    job('a capability not open', { capability: unservedEndpoint(), items: [item] }),
    job('an item that is not an object', { capability: 'v2/facepoints', items: ['x'] }),
    job('a callback to a file', {
      capability: 'v2/facepoints',
      items: [item],
      callback_url: 'file:///etc/passwd',
    }),
    job('a callback to the metadata address', {
      capability: 'v2/facepoints',
      items: [item],
      callback_url: 'http://169.254.169.254/latest/meta-data/',
    }),
    job('no credentials', { capability: 'v2/facepoints', items: [item] }, '/v1/jobs'),
    {
      name: 'job: an id that does not exist',
      method: 'GET',
      path: `/v1/jobs/job_${'0'.repeat(24)}?${query}`,
    },
    {
      name: 'job: an id of 10 000 characters',
      method: 'GET',
      path: `/v1/jobs/${'j'.repeat(10_000)}?${query}`,
    },
    { name: 'job: a traversal id', method: 'GET', path: `/v1/jobs/..%2f..%2fpackage.json?${query}` },
    {
      name: 'job: cancelling an id that does not exist',
      method: 'DELETE',
      path: `/v1/jobs/job_${'0'.repeat(24)}?${query}`,
    },
    {
      name: 'job: cancelling a traversal id',
      method: 'DELETE',
      path: `/v1/jobs/..%2f..%2fpackage.json?${query}`,
    },
    {
      name: 'job: the zip of nothing',
      method: 'GET',
      path: `/v1/jobs/job_${'0'.repeat(24)}/results.zip?${query}`,
    },
  ];
}

/**
 * Image addresses inside the network, written every way a parser may read them: loopback, private
 * and link-local ranges, the cloud metadata address, IPv6 forms of IPv4, other schemes, and
 * credentials or ports that hide the host. `port` is a canary server's on 127.0.0.1.
 */
export function ssrfUrls(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/x.jpg`,
    `http://localhost:${port}/x.jpg`,
    `http://LOCALHOST:${port}/x.jpg`,
    `http://localhost.:${port}/x.jpg`,
    `http://127.1:${port}/x.jpg`,
    `http://127.0.1:${port}/x.jpg`,
    `http://2130706433:${port}/x.jpg`,
    `http://0x7f000001:${port}/x.jpg`,
    `http://0x7f.0.0.1:${port}/x.jpg`,
    `http://0177.0.0.1:${port}/x.jpg`,
    `http://017700000001:${port}/x.jpg`,
    `http://0.0.0.0:${port}/x.jpg`,
    `http://0:${port}/x.jpg`,
    `http://[::1]:${port}/x.jpg`,
    `http://[::]:${port}/x.jpg`,
    `http://[::ffff:127.0.0.1]:${port}/x.jpg`,
    `http://[::ffff:7f00:1]:${port}/x.jpg`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/x.jpg`,
    `http://[::127.0.0.1]:${port}/x.jpg`,
    `http://[64:ff9b::7f00:1]:${port}/x.jpg`,
    `http://[2002:7f00:1::1]:${port}/x.jpg`,
    `http://[fe80::1]:${port}/x.jpg`,
    `http://[fd00::1]:${port}/x.jpg`,
    `http://user:pass@127.0.0.1:${port}/x.jpg`,
    `http://example.com@127.0.0.1:${port}/x.jpg`,
    `http://127.0.0.1:${port}#@example.com/x.jpg`,
    `http://127.0.0.1%2f@example.com:${port}/x.jpg`,
    `https://127.0.0.1:${port}/x.jpg`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://10.0.0.1/x.jpg',
    'http://172.16.0.1/x.jpg',
    'http://192.168.0.1/x.jpg',
    'http://100.64.0.1/x.jpg',
    'http://198.18.0.1/x.jpg',
    'file:///etc/passwd',
    `gopher://127.0.0.1:${port}/_GET%20/`,
    `ftp://127.0.0.1:${port}/x.jpg`,
    'dict://127.0.0.1:11211/stat',
    `  http://127.0.0.1:${port}/x.jpg`,
    `HTTP://127.0.0.1:${port}/x.jpg`,
  ];
}

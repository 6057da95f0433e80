import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { main, parseParameters, progressBar, readParameterFile } from '../src/cli.ts';
import { cliLanguage, MESSAGE_KEYS, say, USAGE } from '../src/cli-messages.ts';
import { resolveSettings } from '../src/cli-config.ts';
import { findCapability, Pixora, PixoraError, PixoraTimeoutError } from '../src/index.ts';
import { pretty } from '../src/pretty.ts';
import { backoffMs, DEFAULT_RETRY, retryAfterMs } from '../src/retry.ts';

/** A stand-in server answering each request with the next of `answers` (the last one repeats). */
async function fakePlatform(
  answers: Array<{ status: number; headers?: Record<string, string>; body?: string } | 'hang'>,
) {
  const seen: http.IncomingHttpHeaders[] = [];
  const urls: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    urls.push(req.url ?? '');
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    req.resume();
    if (answer === 'hang') return;
    res
      .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      .end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, urls };
}
const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

const OK = JSON.stringify({
  parameter: {},
  extra: {},
  media_info_list: [{ media_extra: { image_width: 1, image_height: 1, face_num: 0, faces: [] } }],
});
const busy = (code: number, headers?: Record<string, string>) => ({
  status: code === 10015 ? 503 : 429,
  ...(headers ? { headers } : {}),
  body: JSON.stringify({ ErrorCode: code, ErrorMsg: 'busy', Data: null }),
});
const photo = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

describe('retries, timeouts and errors', () => {
  it('retries 429 and 503 as Retry-After says, signing every attempt afresh', async () => {
    const fake = await fakePlatform([
      busy(10029, { 'retry-after': '0' }),
      busy(10015),
      { status: 200, body: OK },
    ]);
    const client = new Pixora({ baseUrl: fake.url, apiKey: 'k', apiSecret: 's', retry: { baseMs: 10 } });
    const { answer } = await client.faceDetect(photo);
    expect(answer.face_num).toBe(0);
    expect(fake.seen).toHaveLength(3);
    const nonces = new Set(fake.seen.map((h) => h['x-pixora-nonce']));
    expect(nonces.size).toBe(3);
    expect(
      fake.seen.every((h) => String(h.authorization).startsWith('PIXORA-HMAC-SHA256 Credential=k, ')),
    ).toBe(true);
  });

  it('gives up after maxRetries, and never retries an error retrying cannot mend', async () => {
    const fake = await fakePlatform([busy(10015)]);
    const client = new Pixora({
      baseUrl: fake.url,
      apiKey: 'k',
      apiSecret: 's',
      retry: { maxRetries: 2, baseMs: 5 },
    });
    await expect(client.faceDetect(photo)).rejects.toMatchObject({ code: 10015, status: 503 });
    expect(fake.seen).toHaveLength(3);
    const bad = await fakePlatform([
      { status: 400, body: JSON.stringify({ ErrorCode: 20009, ErrorMsg: 'bad image', Data: null }) },
    ]);
    const refused = new Pixora({ baseUrl: bad.url, apiKey: 'k', apiSecret: 's' });
    const error = (await refused.faceDetect(photo).catch((e: unknown) => e)) as PixoraError;
    expect([error.code, error.status, error.message]).toEqual([20009, 400, 'bad image']);
    expect(bad.seen).toHaveLength(1);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs', async () => {
    const fake = await fakePlatform([busy(10029, { 'retry-after': '3600' })]);
    const client = new Pixora({ baseUrl: fake.url, apiKey: 'k', apiSecret: 's' });
    await expect(client.faceDetect(photo)).rejects.toMatchObject({ code: 10029, retryAfterMs: 3_600_000 });
    expect(fake.seen).toHaveLength(1);
  });

  it('times an attempt out', async () => {
    const fake = await fakePlatform(['hang']);
    const client = new Pixora({ baseUrl: fake.url, apiKey: 'k', apiSecret: 's', timeoutMs: 200 });
    await expect(client.faceDetect(photo)).rejects.toBeInstanceOf(PixoraTimeoutError);
  });

  it('sends api_key and api_secret in the query only when asked to', async () => {
    const fake = await fakePlatform([{ status: 200, body: OK }]);
    await new Pixora({ baseUrl: fake.url, apiKey: 'k', apiSecret: 's' }).faceDetect(photo);
    expect(fake.seen[0]!.authorization).toBeDefined();
    const query = await fakePlatform([{ status: 200, body: OK }]);
    let url = '';
    const spy: typeof fetch = (input, init) => ((url = String(input)), fetch(input, init));
    await new Pixora({
      baseUrl: query.url,
      apiKey: 'k',
      apiSecret: 's&t',
      auth: 'query',
      fetch: spy,
    }).faceDetect(photo);
    expect(new URL(url).searchParams.get('api_secret')).toBe('s&t');
    expect(query.seen[0]!.authorization).toBeUndefined();
  });

  it('reads Retry-After as seconds or a date, and spreads backoff waits by full jitter', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000 + 5000).toUTCString(), 10_000)).toBe(5000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(backoffMs(DEFAULT_RETRY, 3, undefined, () => 1)).toBe(4000);
    expect(backoffMs(DEFAULT_RETRY, 3, undefined, () => 0)).toBe(0);
    expect(backoffMs(DEFAULT_RETRY, 30, undefined, () => 1)).toBe(DEFAULT_RETRY.maxMs);
    expect(backoffMs(DEFAULT_RETRY, 0, 1000, () => 1)).toBe(1100);
  });
});

describe('the command line pieces', () => {
  it('finds a capability by endpoint, its last part (highest version), key or method', () => {
    expect(findCapability('facepoints')?.endpoint).toBe('v2/facepoints');
    expect(findCapability('facedetect')?.endpoint).toBe('v2/facedetect');
    expect(findCapability('v1/facedetect')?.method).toBe('faceDetect');
    expect(findCapability('segment')?.method).toBe('personSplit');
    expect(findCapability('image-restoration')?.method).toBe('imageRestoration');
    expect(findCapability('nothing')).toBeUndefined();
  });

  it('reads parameters as JSON where they are JSON', () => {
    expect(parseParameters(['max_face_num=5', 'landmark_type=106', 'flag=true', 'name=Ann Lee'])).toEqual({
      max_face_num: 5,
      landmark_type: 106,
      flag: true,
      name: 'Ann Lee',
    });
    expect(() => parseParameters(['oops'])).toThrow(/name=value/);
  });

  it('reads a --param-file as a JSON object, and refuses other files in so many words', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-params-'));
    try {
      const write = (name: string, text: string) => {
        fs.writeFileSync(path.join(dir, name), text);
        return path.join(dir, name);
      };
      expect(readParameterFile(write('ok.json', '{"max_face_num": 5, "landmark_type": "106"}'))).toEqual({
        max_face_num: 5,
        landmark_type: '106',
      });
      expect(() => readParameterFile(write('list.json', '[1, 2]'))).toThrow(/not a JSON object.*array/);
      expect(() => readParameterFile(write('bad.json', '{max_face_num: 5}'))).toThrow(/not a JSON object/);
      expect(() => readParameterFile(path.join(dir, 'missing.json'))).toThrow(/does not exist/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes flags over the environment over the config file, and the demo app only locally', () => {
    const env = {
      PIXORA_CONFIG: '/nonexistent/config.json',
      PIXORA_API_KEY: 'env-key',
      PIXORA_API_SECRET: 'env-secret',
    };
    expect(resolveSettings({ apiKey: 'flag-key' }, env)).toMatchObject({
      apiKey: 'flag-key',
      apiSecret: 'env-secret',
    });
    expect(resolveSettings({}, { PIXORA_CONFIG: '/nonexistent/config.json' })).toMatchObject({
      baseUrl: 'http://localhost:8080',
      apiKey: 'pixora-demo-key',
    });
    expect(() =>
      resolveSettings({ baseUrl: 'https://api.example.com' }, { PIXORA_CONFIG: '/nonexistent' }),
    ).toThrow(/no API key/);
    expect(() => resolveSettings({ auth: 'basic' }, env)).toThrow(/signature or query/);
  });

  it('draws progress and prints answers for a person', () => {
    expect(progressBar(3, 12, 1, 12)).toBe('[###---------] 3/12, 1 failed');
    const text = pretty({
      face_num: 1,
      faces: [
        {
          score: 0.98765,
          mesh: [
            [1, 2],
            [3, 4],
          ],
        },
      ],
    });
    expect(text).toBe('face_num: 1\nfaces:\n  1.\n     score: 0.9877\n     mesh: [2 points]');
  });
});

describe('the command line in three languages', () => {
  const run = async (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      tty: false,
      env: { PIXORA_CONFIG: '/nonexistent/config.json', ...env },
    });
    return { code, stdout, stderr };
  };

  it('speaks the language of --language, else PIXORA_LANGUAGE, else the shell’s locale, else English', async () => {
    expect((await run(['--help'], { LANG: 'zh_CN.UTF-8' })).stdout).toMatch(/^pixora [\d.]+：在命令行中使用/);
    expect((await run(['--help'], { LC_ALL: 'zh_TW.UTF-8' })).stdout).toMatch(
      /在命令列中使用 Pixora 影像平台/,
    );
    expect((await run(['--help'], { LANG: 'de_DE.UTF-8' })).stdout).toMatch(/from the command line/);
    const zhTw = await run(['nothing', 'a.jpg', '--language', 'zh_tw'], { LANG: 'en_US.UTF-8' });
    expect(zhTw).toMatchObject({ code: 2, stderr: '沒有能力 nothing（pixora list 可列出全部）\n' });
    const zh = await run(['facedetect', 'missing.jpg'], { PIXORA_LANGUAGE: 'zh' });
    expect(zh).toMatchObject({ code: 2, stderr: 'missing.jpg 不存在\n' });
    const en = await run(['facedetect'], { LANG: 'C' });
    expect(en.stderr).toBe('v2/facedetect takes 1 image(s); 0 given\n');
    expect(cliLanguage([undefined, 'fr', 'zh_tw'], {})).toBe('zh_tw');
    expect(progressBar(1, 4, 1, 4, 'zh')).toBe('[#---] 1/4，1 张失败');
  });

  it('pixora jobs lists a page of the app’s jobs: JSON, or a table in the CLI’s language with the next cursor', async () => {
    const page = {
      jobs: [
        {
          job_id: 'job_0123456789abcdef01234567',
          capability: 'v1/studio',
          status: 'cancelled',
          total: 10,
          succeeded: 3,
          failed: 1,
          cancelled: 6,
          progress: 1,
          created_at: '2026-11-27T01:02:03.456Z',
          updated_at: '2026-11-27T01:02:09.000Z',
          finished_at: '2026-11-27T01:02:09.000Z',
          expires_at: '2026-11-28T01:02:03.456Z',
        },
      ],
      next_cursor: 'abc_DEF',
    };
    const fake = await fakePlatform([{ status: 200, body: JSON.stringify(page) }]);
    const env = { PIXORA_BASE_URL: fake.url, PIXORA_API_KEY: 'k', PIXORA_API_SECRET: 's' };
    const json = await run(['jobs', '--status', 'cancelled', '--limit', '5', '--cursor', 'xyz'], env);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(page);
    expect(fake.urls[0]).toBe('/v1/jobs?limit=5&cursor=xyz&status=cancelled');
    expect(fake.seen[0]!.authorization).toMatch(/^PIXORA-HMAC-SHA256 /);
    const table = await run(['jobs', '--pretty', '--language', 'zh_tw', '--capability', 'studio'], env);
    expect(fake.urls[1]).toBe('/v1/jobs?capability=v1%2Fstudio');
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^任務 ID +狀態 +完成\/總數 +失敗 +已取消 +能力 +建立時間$/);
    expect(lines[1]).toMatch(
      /^job_0123456789abcdef01234567 +cancelled +4\/10 +1 +6 +v1\/studio +2026-11-27 01:02:03$/,
    );
    // Columns line up under their headers, CJK headers counted two cells a character.
    // (`狀態` is 28 characters in but 30 cells, after two two-cell characters; `cancelled` is at 30.)
    expect([lines[0]!.indexOf('狀態'), lines[1]!.indexOf('cancelled')]).toEqual([28, 30]);
    expect(table.stdout).toContain(
      '更早的任務：pixora jobs --capability v1/studio --cursor abc_DEF --pretty',
    );
    const bad = await run(['jobs', '--limit', '101', '--language', 'en'], env);
    expect(bad).toMatchObject({ code: 2, stderr: 'limit is a whole number from 1 to 100, not 101\n' });
    const status = await run(['jobs', '--status', 'finished', '--language', 'zh'], env);
    expect(status).toMatchObject({
      code: 2,
      stderr: 'status 只能是 queued、running、done 或 cancelled，而不是 finished\n',
    });
    const unknown = await run(['jobs', '--capability', 'nothing', '--language', 'en'], env);
    expect(unknown).toMatchObject({ code: 2, stderr: 'no capability nothing (pixora list shows them)\n' });
    expect(fake.urls).toHaveLength(2);
  });

  it('has every message in the three languages with the same placeholders', () => {
    for (const key of MESSAGE_KEYS) {
      const texts = (['zh', 'zh_tw', 'en'] as const).map((l) => say(l, key, {}));
      const holes = texts.map((t) => (t.match(/\{\w+\}/g) ?? []).sort().join());
      expect(new Set(holes).size, key).toBe(1);
      expect(texts.every(Boolean), key).toBe(true);
    }
    for (const text of Object.values(USAGE)) expect(text).toContain('--language zh|zh_tw|en');
  });
});

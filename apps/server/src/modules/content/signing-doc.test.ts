/**
 * The "Signing requests" page (content/docs/105): its worked example is what the server's signing
 * computes, its shell and Python code produce the example's signature, and its TypeScript code
 * signs a call the gateway lets in.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, gatewayBody } from '../../../test/helpers.ts';
import { sha256Hex, signRequest } from '../apps/signing.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const page = (language: string) =>
  fs.readFileSync(path.join(root, 'content/docs/105', `${language}.md`), 'utf8');
const blocks = (text: string) =>
  [...text.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, code: m[2]! }));
const block = (lang: string) => blocks(page('en')).find((b) => b.lang === lang)!.code;

const EXAMPLE = {
  apiKey: 'pixora-demo-key',
  secret: 'pixora-demo-secret',
  method: 'POST',
  url: '/v2/facepoints',
  host: 'localhost:8080',
  contentType: 'application/json',
  body: '{"media_info_list":[{"media_data":"https://example.com/face.jpg","media_profiles":{"media_data_type":"url"}}],"parameter":{"max_face_num":1}}',
  timestamp: '1795680000',
  nonce: '4f9c2b1e7a6d4c3b9e8f0a1b2c3d4e5f',
};
const expected = signRequest(EXAMPLE);

describe('the signing page', () => {
  it.each(['zh', 'zh_tw', 'en'])('shows in %s every intermediate string the server computes', (language) => {
    const text = page(language);
    expect(text).toContain(EXAMPLE.body);
    expect(text).toContain(`\n${sha256Hex(EXAMPLE.body)}\n`);
    expect(text).toContain(`\n${expected.canonical}\n`);
    expect(text).toContain(`\n${expected.toSign}\n`);
    expect(text).toContain(`Authorization: ${expected.headers.authorization}`);
    // The three languages show the same code.
    expect(blocks(text)).toEqual(blocks(page('en')));
  });

  it("gives the example's signature with its curl + openssl commands", () => {
    // curl is replaced by a function that prints the Authorization header it was given.
    const script = `curl() { for a in "$@"; do case "$a" in Authorization:*) echo "$a";; esac; done; }\n${block('sh')}`;
    const out = execFileSync('bash', ['-c', script], {
      env: { ...process.env, TIMESTAMP: EXAMPLE.timestamp, NONCE: EXAMPLE.nonce },
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(`Authorization: ${expected.headers.authorization}`);
  });

  it("gives the example's signature with its Python code", () => {
    const call = `
headers = sign(${JSON.stringify(EXAMPLE.apiKey)}, ${JSON.stringify(EXAMPLE.secret)}, "POST", "/v2/facepoints", "",
               {"Host": "localhost:8080", "Content-Type": "application/json"},
               ${JSON.stringify(EXAMPLE.body)}.encode(), ${JSON.stringify(EXAMPLE.timestamp)}, ${JSON.stringify(EXAMPLE.nonce)})
print(headers["authorization"])
`;
    const out = execFileSync('python3', ['-c', block('python') + call], { encoding: 'utf8' });
    expect(out.trim()).toBe(expected.headers.authorization);
  });

  describe('its TypeScript code', () => {
    let gateway: Awaited<ReturnType<typeof engineGateway>>;
    let dir: string;
    beforeAll(async () => {
      gateway = await engineGateway();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pixora-sign-'));
    }, 60_000);
    afterAll(async () => {
      await gateway?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('signs a call that the gateway runs', async () => {
      const file = path.join(dir, 'sign.ts');
      fs.writeFileSync(file, block('ts'));
      const { sign } = (await import(file)) as {
        sign: (
          k: string,
          s: string,
          m: string,
          u: URL,
          h: Record<string, string>,
          b: string,
        ) => Record<string, string>;
      };
      const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer();
      const body = JSON.stringify(gatewayBody(photo));
      const url = new URL('http://localhost:80/v2/facepoints');
      const headers = sign(
        EXAMPLE.apiKey,
        EXAMPLE.secret,
        'POST',
        url,
        { host: url.host, 'content-type': 'application/json' },
        body,
      );
      const res = await gateway.app.inject({ method: 'POST', url: url.pathname, headers, payload: body });
      // A grey square has no face: the call was let in and run (20003), not refused (401).
      expect(res.json().ErrorCode).toBe(20003);
    });
  });
});

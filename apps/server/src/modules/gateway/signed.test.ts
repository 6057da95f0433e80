import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, gatewayBody, skimagePhoto } from '../../../test/helpers.ts';
import { signRequest } from '../apps/signing.ts';

const KEY = 'pixora-demo-key';
const SECRET = 'pixora-demo-secret';

describe('signed gateway calls (HMAC-SHA256 in the Authorization header)', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let body: string;

  beforeAll(async () => {
    gateway = await engineGateway();
    const astronaut = await sharp(await skimagePhoto('astronaut'))
      .resize(256)
      .jpeg()
      .toBuffer();
    body = JSON.stringify(gatewayBody(astronaut));
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
  });

  const sign = (over: Partial<Parameters<typeof signRequest>[0]> = {}) =>
    signRequest({
      apiKey: KEY,
      secret: SECRET,
      method: 'POST',
      url: '/v2/facepoints?max_face_num=1',
      host: 'localhost:80',
      contentType: 'application/json',
      body,
      ...over,
    }).headers;
  const send = (headers: Record<string, string>, url = '/v2/facepoints?max_face_num=1', payload = body) =>
    gateway.app.inject({ method: 'POST', url, headers, payload });
  const errorOf = async (res: Awaited<ReturnType<typeof send>>) => [res.statusCode, res.json().ErrorCode];

  it('runs a signed call without the secret in the URL, and refuses the same request replayed', async () => {
    const headers = sign();
    const res = await send(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra.faces).toHaveLength(1);
    expect(await errorOf(await send(headers))).toEqual([401, 10027]);
    // The contract's clients may mark the call as authorization type 1.
    expect((await send({ ...sign(), 'authorization-type': '1' })).statusCode).toBe(200);
    expect(await errorOf(await send({ ...sign(), 'authorization-type': '2' }))).toEqual([401, 10026]);
  });

  it('refuses a call changed after it was signed: body, query, path or a signed header', async () => {
    const changedBody = body.replace('"extra":{}', '"extra":{"a":1}');
    expect(changedBody).not.toBe(body);
    expect(await errorOf(await send(sign(), undefined, changedBody))).toEqual([401, 10026]);
    expect(await errorOf(await send(sign(), '/v2/facepoints?max_face_num=2'))).toEqual([401, 10026]);
    expect(await errorOf(await send(sign(), '/v1/facedetect?max_face_num=1'))).toEqual([401, 10026]);
    expect(await errorOf(await send({ ...sign(), host: 'evil.example' }))).toEqual([401, 10026]);
  });

  it('answers each failure with its own code, never naming the secret', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 6 * 60);
    expect(await errorOf(await send(sign({ timestamp: old })))).toEqual([401, 10025]);
    const ahead = String(Math.floor(Date.now() / 1000) + 6 * 60);
    expect(await errorOf(await send(sign({ timestamp: ahead })))).toEqual([401, 10025]);
    expect(await errorOf(await send(sign({ apiKey: 'no-such-key' })))).toEqual([401, 10028]);
    const wrong = await send(sign({ secret: 'not-the-secret' }));
    expect(await errorOf(wrong)).toEqual([401, 10026]);
    expect(wrong.body).not.toContain(SECRET);
    expect(await errorOf(await send(sign({ nonce: 'short' })))).toEqual([401, 10026]);
    // Signature and query credentials together are refused rather than guessed between.
    expect(
      await errorOf(await send(sign(), `/v2/facepoints?max_face_num=1&api_key=${KEY}&api_secret=${SECRET}`)),
    ).toEqual([401, 10026]);
  });

  it('refuses malformed Authorization headers and signatures that leave out required headers', async () => {
    const good = sign();
    const variants = [
      'PIXORA-HMAC-SHA256 Credential=pixora-demo-key',
      good.authorization!.replace('Signature=', 'Signature=zz'),
      good.authorization!.replace('SignedHeaders=content-type;host;', 'SignedHeaders=host;content-type;'),
      good.authorization!.replace('content-type;', ''),
      `${good.authorization!}, Extra=1`,
    ];
    for (const authorization of variants) {
      const res = await send({ ...good, authorization });
      expect(await errorOf(res), authorization).toEqual([401, 10026]);
    }
    const noTimestamp = { ...good };
    delete noTimestamp['x-pixora-timestamp'];
    expect(await errorOf(await send(noTimestamp))).toEqual([401, 10026]);
  });

  it('keeps query credentials and unsigned website calls working as before', async () => {
    const res = await gateway.post(
      'v2/facepoints',
      Buffer.from(JSON.parse(body).media_info_list[0].media_data, 'base64'),
    );
    expect(res.statusCode).toBe(200);
    const bearer = await send({ authorization: 'Bearer abc', 'content-type': 'application/json' });
    expect(await errorOf(bearer)).toEqual([401, 10021]);
  });
});

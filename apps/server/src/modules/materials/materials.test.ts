import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_KEY,
  gatewayBody,
  idleBackend,
  insertUser,
  privatePostgres,
  rolesLetIn,
  sessionFor,
  sessionsByRole,
  skimageJpeg,
  testApp,
} from '../../../test/helpers.ts';
import type { AppContext } from '../../platform/context.ts';
import { CUSTOM_RULE_LIMITS } from '@pixora/vision';
import { IDPHOTO_SIZE_LIMITS, MAKEUP_LOOKS, MATERIAL_READ_BY, providedChoices } from '@pixora/catalog';
import { MATERIAL_READERS, pngHasAlpha } from './materials.service.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The web app's public files (v3/makeup's sample portrait). */
const webPublic = path.resolve(here, '../../../../web/public');
/** Boxes inside the astronaut's lips and on her cheek, marked by eye (see the file). */
const lips = JSON.parse(
  fs.readFileSync(path.resolve(here, '../../../test/fixtures/astronaut-lips.json'), 'utf8'),
) as Record<'lowerLip' | 'upperLip' | 'cheekSkin', { x: number[]; y: number[] }>;

/** A multipart form body with string fields and one file, as a browser's FormData sends it. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type: string },
) {
  const boundary = '----pixora-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A green ring sticker (PNG with alpha), `side` px square: opaque between half and all of its radius. */
export async function ringSticker(side = 100): Promise<Buffer> {
  const data = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const r = Math.hypot(x + 0.5 - side / 2, y + 0.5 - side / 2) / (side / 2);
      if (r >= 0.5 && r <= 1) data.set([30, 200, 40, 255], (y * side + x) * 4);
    }
  return sharp(data, { raw: { width: side, height: side, channels: 4 } })
    .png()
    .toBuffer();
}

const NAMES = { name_zh: '绿环', name_zh_tw: '綠環', name_en: 'Green ring' };

describe.each(['sqlite', 'postgres'] as const)('the materials of the back office on %s', (dialect) => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let drop: (() => Promise<void>) | undefined;
  let sessions: Record<string, Record<string, string>>;
  let ring: Buffer;

  const upload = (
    headers: Record<string, string>,
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
  ) => {
    const form = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url: '/api/v1/admin/materials',
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
  };
  const list = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/v1/admin/materials?type=sticker', headers })).json().data
      .materials as Array<{
      id: number;
      value: string;
      bundled: boolean;
      enabled: boolean;
      owner_id: number | null;
    }>;

  beforeAll(async () => {
    let url = 'sqlite::memory:';
    if (dialect === 'postgres') ({ url, drop } = await privatePostgres('materials'));
    ({ app, ctx } = await testApp(idleBackend, { DATABASE_URL: url }));
    sessions = await sessionsByRole(ctx, 'materials');
    ring = await ringSticker();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('lets in exactly material, material-outside and admin on every back-office route; the option list is public', async () => {
    const managers = ['admin', 'material', 'material-outside'];
    expect(await rolesLetIn(app, sessions, { method: 'GET', url: '/api/v1/admin/materials' })).toEqual(
      managers,
    );
    expect(
      await rolesLetIn(app, sessions, { method: 'POST', url: '/api/v1/admin/materials', payload: {} }),
    ).toEqual(managers);
    const [bundled] = await list(sessions.admin!);
    expect(
      await rolesLetIn(app, sessions, {
        method: 'PATCH',
        url: `/api/v1/admin/materials/${bundled!.id}`,
        payload: {},
      }),
    ).toEqual(managers);
    expect(
      await rolesLetIn(app, sessions, {
        method: 'POST',
        url: `/api/v1/admin/materials/${bundled!.id}/move`,
        payload: { direction: 'up' },
      }),
    ).toEqual(managers);
    expect(
      await rolesLetIn(app, sessions, { method: 'DELETE', url: `/api/v1/admin/materials/${bundled!.id}` }),
    ).toEqual(managers);
    expect(await rolesLetIn(app, sessions, { method: 'GET', url: '/api/v1/materials?type=sticker' })).toEqual(
      ['anonymous', ...Object.keys(sessions)].sort(),
    );
  });

  it('says on the page which endpoint reads each type: the capabilities whose provided choice reads the store', () => {
    expect(
      Object.fromEntries(
        Object.entries(MATERIAL_READERS).map(([type, r]) => [type, r.capability.api.endpoint]),
      ),
    ).toEqual(MATERIAL_READ_BY);
    // Each reader's parameter is a provided choice whose source is the type the store registers.
    for (const [type, reader] of Object.entries(MATERIAL_READERS))
      expect(providedChoices(reader.capability.api).find((c) => c.name === reader.parameter)?.source).toBe(
        type,
      );
  });

  it('OpenAPI describes the sticker list as dynamic: no fixed enum, its source and list URL', async () => {
    const doc = (await app.inject({ url: '/openapi.json' })).json();
    const body = doc.paths['/v1/EmojMaterialH5'].post.requestBody.content['application/json'].schema;
    const material = body.properties.parameter.properties.material;
    expect(material.enum).toBeUndefined();
    expect(material['x-options']).toMatchObject({ source: 'sticker', url: '/api/v1/materials?type=sticker' });
    expect(material.description).toContain('The list is dynamic');
    expect(doc.paths['/api/v1/materials']).toBeDefined();
  });

  it('is seeded with the bundled stickers, in the contract’s order, each with its picture', async () => {
    const res = await app.inject({ url: '/api/v1/materials?type=sticker' });
    const options = res.json().data.options as Array<{
      value: string;
      preview: string;
      name: { en: string };
    }>;
    expect(options.slice(0, 3).map((o) => o.value)).toEqual(['glasses', 'sunglasses', 'heart_eyes']);
    expect(options[0]).toMatchObject({
      preview: '/samples/stickers/glasses.png',
      name: { en: 'Round glasses' },
    });
    const bundled = await list(sessions.material!);
    expect(bundled.every((m) => m.bundled && m.owner_id === null)).toBe(true);
    // A material-outside user uploaded nothing yet: sees none of them.
    expect(await list(sessions['material-outside']!)).toEqual([]);
  });

  it('checks uploads from their bytes: a JPEG named .png, a PNG without alpha, 40 MB, 10000×10000 px', async () => {
    const headers = sessions.material!;
    const jpeg = await sharp(ring).flatten().jpeg().toBuffer();
    const asPng = await upload(
      headers,
      { type: 'sticker', ...NAMES },
      { name: 'ring.png', bytes: jpeg, type: 'image/png' },
    );
    expect([asPng.statusCode, asPng.json().code]).toEqual([400, 20009]);
    expect(asPng.json().message).toMatch(/PNG with an alpha channel|透明通道/);
    const opaque = await sharp(ring).flatten().png().toBuffer();
    expect(pngHasAlpha(opaque)).toBe(false);
    const flat = await upload(
      headers,
      { type: 'sticker', ...NAMES },
      { name: 'ring.png', bytes: opaque, type: 'image/png' },
    );
    expect(flat.json().code).toBe(20009);
    const huge = Buffer.concat([ring, Buffer.alloc(40 * 1024 * 1024)]);
    const big = await upload(
      headers,
      { type: 'sticker', ...NAMES },
      { name: 'ring.png', bytes: huge, type: 'image/png' },
    );
    expect([big.statusCode, big.json().code]).toEqual([413, 20015]);
    // The refusal is shown to a person, in their language (the console's own code and message).
    expect(big.json().message).toBe('文件或请求超过大小上限。');
    const bigInEnglish = await upload(
      { ...headers, 'accept-language': 'en-GB' },
      { type: 'sticker', ...NAMES },
      { name: 'ring.png', bytes: huge, type: 'image/png' },
    );
    expect(bigInEnglish.json()).toMatchObject({
      code: 20015,
      error: 'tooLarge',
      message: 'The file or request is over the size limit.',
    });
    const wide = await sharp({
      create: { width: 10_000, height: 10_000, channels: 4, background: '#00000000' },
    })
      .png()
      .toBuffer();
    const tooMany = await upload(
      headers,
      { type: 'sticker', ...NAMES },
      { name: 'big.png', bytes: wide, type: 'image/png' },
    );
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 20013]);
    const noName = await upload(
      headers,
      { type: 'sticker' },
      { name: 'ring.png', bytes: ring, type: 'image/png' },
    );
    expect(noName.json().code).toBe(10000);
    // Nothing was stored.
    expect((await list(headers)).filter((m) => !m.bundled)).toEqual([]);
  });

  it('material-outside users see and manage only what they uploaded; material users and admins see all', async () => {
    const a = await insertUser(ctx, 'outside-a@example.com', { role_permissions: 'material-outside' });
    const b = await insertUser(ctx, 'outside-b@example.com', { role_permissions: 'material-outside' });
    const asA = { authorization: `Bearer ${await sessionFor(ctx, a)}` };
    const asB = { authorization: `Bearer ${await sessionFor(ctx, b)}` };
    const made = await upload(
      asA,
      { type: 'sticker', ...NAMES, anchor: 'nose', scale: '1.5' },
      { name: 'ring.png', bytes: ring, type: 'image/png' },
    );
    expect(made.statusCode).toBe(200);
    const mine = made.json().data;
    expect(mine).toMatchObject({
      value: `m${mine.id}`,
      enabled: true,
      bundled: false,
      owner_id: a,
      width: 100,
      height: 100,
      settings: { anchor: 'nose', scale: 1.5 },
      preview: `/api/v1/materials/${mine.id}/file`,
    });
    const other = await upload(
      asB,
      { type: 'sticker', ...NAMES },
      { name: 'ring.png', bytes: ring, type: 'image/png' },
    );
    const theirs = other.json().data;
    expect(theirs.settings).toEqual({ anchor: 'eyes', scale: 2.4 });

    expect((await list(asA)).map((m) => m.id)).toEqual([mine.id]);
    expect((await list(asB)).map((m) => m.id)).toEqual([theirs.id]);
    for (const headers of [sessions.material!, sessions.admin!])
      expect((await list(headers)).map((m) => m.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    // B can neither change nor delete A's sticker: it does not exist for B.
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/materials/${mine.id}`,
      headers: asB,
      payload: { enabled: false },
    });
    expect([patch.statusCode, patch.json().code]).toEqual([404, 21017]);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/materials/${mine.id}`,
      headers: asB,
    });
    expect(del.statusCode).toBe(404);
    // A moves its sticker among its own only: nothing above it for A.
    const move = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/materials/${mine.id}/move`,
      headers: asA,
      payload: { direction: 'up' },
    });
    expect(move.json().data.materials.map((m: { id: number }) => m.id)).toEqual([mine.id]);

    // The picture: shown to anyone while enabled; once disabled only to who manages it.
    expect((await app.inject({ url: mine.preview })).headers['content-type']).toBe('image/png');
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/materials/${mine.id}`,
      headers: asA,
      payload: { enabled: false, name: { en: 'Green ring off' } },
    });
    expect(off.json().data).toMatchObject({ enabled: false, name: { zh: '绿环', en: 'Green ring off' } });
    expect((await app.inject({ url: mine.preview })).statusCode).toBe(404);
    expect((await app.inject({ url: mine.preview, headers: asA })).statusCode).toBe(200);
    expect((await app.inject({ url: mine.preview, headers: asB })).statusCode).toBe(404);
    const options = (await app.inject({ url: '/api/v1/materials?type=sticker' })).json().data.options;
    expect(options.map((o: { value: string }) => o.value)).toEqual(expect.arrayContaining([theirs.value]));
    expect(options.map((o: { value: string }) => o.value)).not.toContain(mine.value);

    // Every write is audited, with who and the thing before and after.
    const audit = await app.inject({
      url: `/api/v1/admin/audit?target_type=material&target_id=${mine.id}`,
      headers: sessions.admin!,
    });
    const entries = audit.json().data.entries as Array<{
      action: string;
      actor_email: string;
      before: unknown;
      after: unknown;
    }>;
    expect(entries.map((e) => e.action)).toEqual(['material.update', 'material.create']);
    expect(entries[0]).toMatchObject({
      actor_email: 'outside-a@example.com',
      before: { enabled: true },
      after: { enabled: false },
    });

    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/materials/${mine.id}`,
      headers: asA,
    });
    expect(gone.statusCode).toBe(200);
    expect((await list(asA)).length).toBe(0);
  });

  it('orders materials: a bundled sticker moved down swaps with the next; bundled ones are disabled, not deleted', async () => {
    const headers = sessions.material!;
    const before = await list(headers);
    const moved = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/materials/${before[0]!.id}/move`,
      headers,
      payload: { direction: 'down' },
    });
    expect(
      moved
        .json()
        .data.materials.slice(0, 2)
        .map((m: { id: number }) => m.id),
    ).toEqual([before[1]!.id, before[0]!.id]);
    const options = (await app.inject({ url: '/api/v1/materials?type=sticker' })).json().data.options;
    expect(options[0].value).toBe('sunglasses');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/materials/${before[0]!.id}`,
      headers,
    });
    expect(del.json().code).toBe(10000);
  });
});

// The emoji capability reads the store: an uploaded sticker is drawn, a disabled one refused.
describe('v1/EmojMaterialH5 with an uploaded sticker, on the real engine', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const { createLocalBackend } = await import('@pixora/vision');
    const backend = createLocalBackend({ workers: 1, maxQueue: 8, taskTimeoutMs: 60_000 });
    await backend.ready();
    ({ app, ctx } = await testApp(backend));
    close = async () => {
      await app.close();
      await backend.close();
    };
    const id = await insertUser(ctx, 'sticker-maker@example.com', { role_permissions: 'material' });
    headers = { authorization: `Bearer ${await sessionFor(ctx, id)}` };
  });
  afterAll(() => close?.());

  /** An upload of files as the material `fields` describe (type, names), in the sender’s language. */
  const uploader =
    (fields: Record<string, string>, file: { name: string; type: string }) =>
    (bytes: Buffer, lang = 'zh') => {
      const form = multipart(fields, { ...file, bytes });
      return app.inject({
        method: 'POST',
        url: '/api/v1/admin/materials',
        payload: form.payload,
        headers: { ...headers, ...form.headers, 'accept-language': lang },
      });
    };

  const call = async (parameter: Record<string, unknown>) => {
    const astronaut = await skimageJpeg('astronaut');
    return {
      astronaut,
      res: await app.inject({
        method: 'POST',
        url: `/v1/EmojMaterialH5?${DEMO_KEY}`,
        payload: { ...gatewayBody(astronaut), parameter } as object,
      }),
    };
  };

  /** A call of `endpoint` on the astronaut with one parameter set to the value given. */
  const onAstronaut = (endpoint: string, parameter: string) => async (value: string) =>
    app.inject({
      method: 'POST',
      url: `/${endpoint}?${DEMO_KEY}`,
      payload: {
        ...gatewayBody(await skimageJpeg('astronaut')),
        parameter: { [parameter]: value },
      } as object,
    });

  it('draws an uploaded, enabled sticker at its anchor (green around her nose) and refuses it once disabled', async () => {
    const form = multipart(
      { type: 'sticker', ...NAMES, anchor: 'nose', scale: '2' },
      { name: 'ring.png', bytes: await ringSticker(), type: 'image/png' },
    );
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/materials',
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    const sticker = made.json().data as { id: number; value: string };

    const { astronaut, res } = await call({ material: sticker.value.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_extra).toMatchObject({ face_num: 1, materials: [sticker.value] });
    const { data, info } = await sharp(Buffer.from(media.media_data, 'base64'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const before = await sharp(astronaut).raw().toBuffer();
    const face = media.media_extra.faces[0].face_rectangle;
    const at = (px: Buffer, x: number, y: number) => {
      const o = 3 * (Math.round(y) * info.width + Math.round(x));
      return [px[o]!, px[o + 1]!, px[o + 2]!] as const;
    };
    // The ring is two eye distances wide (about 0.8 of the face box), on the nose tip (about 0.6 of
    // the box down, in the middle): its band is about 0.3 box widths to either side of the tip.
    const [cx, cy] = [face.left + face.width / 2, face.top + 0.6 * face.height];
    for (const dx of [-0.3, 0.3]) {
      const [r, g, b] = at(data, cx + dx * face.width, cy);
      const [r0, g0, b0] = at(before, cx + dx * face.width, cy);
      expect(g - Math.max(r, b), `ring at ${dx}`).toBeGreaterThan(100);
      expect(g0 - Math.max(r0, b0)).toBeLessThan(20);
    }
    // Far from the face (the sky of the photo's corner) nothing changed.
    const [r1] = at(data, 500, 10);
    expect(Math.abs(r1 - at(before, 500, 10)[0])).toBeLessThan(8);

    // Several at once, bundled and uploaded.
    const both = await call({ materials: `crown,${sticker.value}` });
    expect(both.res.json().media_info_list[0].media_extra.materials).toEqual(['crown', sticker.value]);

    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/materials/${sticker.id}`,
      headers,
      payload: { enabled: false },
    });
    for (const parameter of [
      { material: sticker.value },
      { materials: `crown,${sticker.value}` },
      { material: 'm999999' },
    ]) {
      const { res: refused } = await call(parameter);
      const name = 'material' in parameter ? 'material' : 'materials';
      const value = 'material' in parameter ? parameter.material : sticker.value;
      expect([refused.statusCode, refused.json().ErrorCode, refused.json().ErrorMsg]).toEqual([
        400,
        10000,
        `Wrong parameter: parameter.${name} ${value} is not an enabled option (GET /api/v1/materials?type=sticker lists them)`,
      ]);
    }
  });

  it('v3/facefuse fuses into an uploaded template photo, named by its value; a disabled one is refused', async () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/samples');
    const template = fs.readFileSync(path.join(web, 'glasses-man.jpg'));
    const form = multipart(
      { type: 'fusion_template', name_zh: '眼镜男士', name_zh_tw: '眼鏡男士', name_en: 'Glasses man' },
      { name: 'man.jpg', bytes: template, type: 'image/jpeg' },
    );
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/materials',
      payload: form.payload,
      headers: { ...headers, ...form.headers },
    });
    const uploaded = made.json().data as { id: number; value: string };
    const astronaut = await skimageJpeg('astronaut');
    const fuse = (template: string) =>
      app.inject({
        method: 'POST',
        url: `/v3/facefuse?${DEMO_KEY}`,
        payload: { ...gatewayBody(astronaut), parameter: { template } } as object,
      });
    const res = await fuse(uploaded.value);
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_extra).toMatchObject({ template: uploaded.value, face_num: 1, template_face_num: 1 });
    // The result is the uploaded photo's size (387 x 580), not the default template's (440 x 700).
    const meta = await sharp(Buffer.from(media.media_data, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([387, 580]);
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/materials/${uploaded.id}`,
      headers,
      payload: { enabled: false },
    });
    const refused = await fuse(uploaded.value);
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([400, 10000]);
  });

  it('v1/filter applies an uploaded .cube look (an inverting table inverts the photo); bad files and disabled looks are refused', async () => {
    // A .cube of size 2 whose output is 1 minus its input: the photo's negative.
    const rows: string[] = [];
    for (let b = 0; b < 2; b++)
      for (let g = 0; g < 2; g++) for (let r = 0; r < 2; r++) rows.push(`${1 - r} ${1 - g} ${1 - b}`);
    const invert = Buffer.from(`TITLE "negative"\nLUT_3D_SIZE 2\n${rows.join('\n')}\n`);
    const look = uploader(
      { type: 'filter_look', name_zh: '负片', name_zh_tw: '負片', name_en: 'Negative' },
      { name: 'negative.cube', type: 'application/octet-stream' },
    );
    const made = await look(invert);
    expect(made.statusCode).toBe(200);
    const uploaded = made.json().data as { id: number; value: string; preview: string; width: number };
    expect(uploaded.width).toBe(192);
    // The public list offers it with its preview: the chart, its bottom half through the look.
    const options = (await app.inject({ url: '/api/v1/materials?type=filter_look' })).json().data
      .options as Array<{
      value: string;
      preview: string;
    }>;
    expect(options.map((o) => o.value)).toContain(uploaded.value);
    expect(options.find((o) => o.value === 'warm')?.preview).toBe('/samples/filters/warm.jpg');
    const preview = await app.inject({ url: uploaded.preview });
    const chart = await sharp(preview.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...chart.data.subarray(3 * (y * 192 + x), 3 * (y * 192 + x) + 3)];
    const top = px(100, 10);
    const bottom = px(100, 58);
    for (let c = 0; c < 3; c++) expect(Math.abs(top[c]! + bottom[c]! - 255)).toBeLessThan(16);

    const astronaut = await skimageJpeg('astronaut');
    const filtered = (filterType: string) =>
      app.inject({
        method: 'POST',
        url: `/v1/filter?${DEMO_KEY}`,
        payload: { ...gatewayBody(astronaut), parameter: { filterType, filterAlpha: 100 } } as object,
      });
    const res = await filtered(uploaded.value);
    expect(res.statusCode).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_extra).toMatchObject({ filter_type: uploaded.value, filter_alpha: 100 });
    const small = { width: 64, height: 64, fit: 'fill' } as const;
    const before = await sharp(astronaut).resize(small).raw().toBuffer();
    const after = await sharp(Buffer.from(media.media_data, 'base64')).resize(small).raw().toBuffer();
    let off = 0;
    for (let k = 0; k < before.length; k++) off += Math.abs(before[k]! + after[k]! - 255);
    // Every value is 255 minus the photo's, up to JPEG rounding (mean error under 4 of 255).
    expect(off / before.length).toBeLessThan(4);

    // A file that is not a .cube look, refused in the sender's language, and nothing is stored.
    const values255 = Buffer.from(invert.toString().replace(/\b1\b/g, '255'));
    const wrong = await look(values255, 'en');
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 20009]);
    expect(wrong.json().message).toMatch(/^A filter look must be a \.cube 3D lookup table/);
    const png = await look(await ringSticker(), 'zh-TW');
    expect(png.json().message).toMatch(/^濾鏡風格須為 \.cube/);

    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/materials/${uploaded.id}`,
      headers,
      payload: { enabled: false },
    });
    const refused = await filtered(uploaded.value);
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([400, 10000]);
    const unknown = await filtered('m999999');
    expect(unknown.json().ErrorCode).toBe(10000);
  });

  it('v1/certified makes a photo of an uploaded size (300 x 400), named by its value; bad sizes and disabled ones are refused', async () => {
    const size = uploader(
      { type: 'idphoto_size', name_zh: '签证', name_zh_tw: '簽證', name_en: 'Visa' },
      { name: 'visa.json', type: 'application/json' },
    );
    const made = await size(Buffer.from(JSON.stringify({ width: 300, height: 400 })));
    expect(made.statusCode, made.body).toBe(200);
    const uploaded = made.json().data as {
      id: number;
      value: string;
      preview: string;
      width: number;
      height: number;
    };
    // Its preview has the size's aspect.
    expect([uploaded.width, uploaded.height]).toEqual([90, 120]);
    const options = (await app.inject({ url: '/api/v1/materials?type=idphoto_size' })).json().data
      .options as Array<{
      value: string;
    }>;
    expect(options.map((o) => o.value)).toEqual([
      '1inch',
      '2inch',
      'small_1inch',
      'passport',
      'custom',
      uploaded.value,
    ]);
    const photo = onAstronaut('v1/certified', 'spec');
    const res = await photo(uploaded.value);
    expect(res.statusCode, res.body).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_extra).toMatchObject({ spec: uploaded.value, output_width: 300, output_height: 400 });
    const meta = await sharp(Buffer.from(media.media_data, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([300, 400]);

    for (const bad of ['{"width": 300}', '{"width": 900, "height": 400}', '[300, 400]', 'width=300']) {
      const refused = await size(Buffer.from(bad), 'en');
      expect([refused.statusCode, refused.json().code], bad).toEqual([400, 20009]);
      expect(refused.json().message).toMatch(/^An ID-photo size must be a JSON file/);
    }
    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/materials/${uploaded.id}`,
      headers,
      payload: { enabled: false },
    });
    const disabled = await photo(uploaded.value);
    expect([disabled.statusCode, disabled.json().ErrorCode]).toEqual([400, 10000]);
  });

  it('v3/makeup paints an uploaded look (blue lipstick turns the lips blue, the cheek untouched), previewed on the sample portrait; bad looks and disabled ones are refused', async () => {
    // The preview is drawn on v3/makeup's sample portrait from the web build's samples.
    const samples = path.join(ctx.config.WEB_DIST, 'samples');
    fs.mkdirSync(samples, { recursive: true });
    fs.copyFileSync(path.join(webPublic, 'samples', 'astronaut.jpg'), path.join(samples, 'astronaut.jpg'));
    const none = { color: '#000000', strength: 0 };
    const blue = {
      lipstick: { color: '#1E50DC', strength: 100 },
      blush: none,
      eyebrow: none,
      eyeliner: none,
      eyeshadow: none,
    };
    const upload = uploader(
      { type: 'makeup_look', name_zh: '蓝唇', name_zh_tw: '藍唇', name_en: 'Blue lips' },
      { name: 'blue.json', type: 'application/json' },
    );
    const made = await upload(Buffer.from(JSON.stringify(blue)));
    expect(made.statusCode, made.body).toBe(200);
    const uploaded = made.json().data as { id: number; value: string; preview: string; width: number };
    expect(uploaded.value).toMatch(/^m[0-9]+$/);
    // The list offers the bundled looks first (the store's seed), then the upload.
    const options = (await app.inject({ url: '/api/v1/materials?type=makeup_look' })).json().data
      .options as Array<{ value: string }>;
    expect(options.map((o) => o.value)).toEqual([...Object.keys(MAKEUP_LOOKS), uploaded.value]);
    // Its preview is the sample portrait (512 px, under the 480 px bound: 480) with blue lips.
    const preview = await app.inject({ url: uploaded.preview });
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(480);

    const astronaut = await skimageJpeg('astronaut');
    const madeUp = onAstronaut('v3/makeup', 'look');
    const res = await madeUp(uploaded.value);
    expect(res.statusCode, res.body).toBe(200);
    const media = res.json().media_info_list[0];
    expect(media.media_extra.makeup).toMatchObject({
      look: uploaded.value,
      lipstick: { color: '#1e50dc', strength: 100 },
      blush: { strength: 0 },
    });
    const raw = async (jpeg: Buffer) => sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const before = await raw(astronaut);
    const after = await raw(Buffer.from(media.media_data, 'base64'));
    const mean = (img: typeof before, box: { x: number[]; y: number[] }) => {
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = box.y[0]!; y <= box.y[1]!; y++)
        for (let x = box.x[0]!; x <= box.x[1]!; x++, n++)
          for (let c = 0; c < 3; c++) sum[c]! += img.data[(y * img.info.width + x) * img.info.channels + c]!;
      return sum.map((v) => v / n) as [number, number, number];
    };
    // The lips were pink (red over blue); painted, they are blue over red. The cheek stays as it was.
    for (const box of [lips.lowerLip, lips.upperLip]) {
      const [r0, , b0] = mean(before, box);
      const [r1, , b1] = mean(after, box);
      expect(r0 - b0).toBeGreaterThan(20);
      expect(b1 - r1).toBeGreaterThan(20);
    }
    const cheek0 = mean(before, lips.cheekSkin);
    const cheek1 = mean(after, lips.cheekSkin);
    for (let c = 0; c < 3; c++) expect(Math.abs(cheek1[c]! - cheek0[c]!)).toBeLessThan(4);

    // A file that is not a whole look, refused in the sender's language.
    const bad = [
      'lipstick=#ff0000',
      JSON.stringify({ ...blue, lipstick: { color: 'red', strength: 50 } }),
      JSON.stringify({ ...blue, blush: { color: '#ff0000', strength: 120 } }),
      JSON.stringify({ lipstick: blue.lipstick }),
      JSON.stringify({ ...blue, glitter: none }),
    ];
    for (const text of bad) {
      const refused = await upload(Buffer.from(text), 'en');
      expect([refused.statusCode, refused.json().code], text).toEqual([400, 20009]);
      expect(refused.json().message).toMatch(/^A makeup look must be a JSON file/);
    }
    expect((await upload(Buffer.from('{'), 'zh')).json().message).toMatch(/^妆容须为 JSON 文件/);
    expect((await upload(Buffer.from('[]'), 'zh-TW')).json().message).toMatch(/^妝容須為 JSON 檔案/);

    await app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/materials/${uploaded.id}`,
      headers,
      payload: { enabled: false },
    });
    const disabled = await madeUp(uploaded.value);
    expect([disabled.statusCode, disabled.json().ErrorCode]).toEqual([400, 10000]);
    expect((await madeUp('m999999')).json().ErrorCode).toBe(10000);
    // A bundled look still runs by its name.
    expect((await madeUp('rose')).json().media_info_list[0].media_extra.makeup.look).toBe('rose');
  });

  it('v1/certified holds an uploaded size to its head bounds: met, the head lies inside them; unmeetable, 20008; bounds outside the named sizes’ are refused', async () => {
    // The bounds allowed are the widest the named sizes use, in the catalogue and the engine alike.
    expect({ head: IDPHOTO_SIZE_LIMITS.head_ratio, eyeLine: IDPHOTO_SIZE_LIMITS.eye_line }).toEqual(
      CUSTOM_RULE_LIMITS,
    );
    const size = uploader(
      { type: 'idphoto_size', name_zh: '大头', name_zh_tw: '大頭', name_en: 'Big head' },
      { name: 'big-head.json', type: 'application/json' },
    );
    const made = async (json: object) => {
      const res = await size(Buffer.from(JSON.stringify(json)));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { value: string }).value;
    };
    const bigHead = await made({ width: 300, height: 400, head_ratio: { min: 0.74, max: 0.78 } });
    // A head 0.78-0.80 of the height cannot have its eyes 0.30-0.32 from the top below a crown margin.
    const unmeetable = await made({
      width: 300,
      height: 400,
      head_ratio: { min: 0.78, max: 0.8 },
      eye_line: { min: 0.3, max: 0.32 },
    });
    const photo = onAstronaut('v1/certified', 'spec');
    const res = await photo(bigHead);
    expect(res.statusCode, res.body).toBe(200);
    const extra = res.json().media_info_list[0].media_extra as Record<string, number | string>;
    expect(extra.spec).toBe(bigHead);
    expect(extra.head_height_ratio).toBeGreaterThanOrEqual(0.74);
    expect(extra.head_height_ratio).toBeLessThanOrEqual(0.78);
    // The bundled 1-inch size keeps the studio rule (0.60-0.72) on the same photo.
    const oneInch = (await photo('1inch')).json().media_info_list[0].media_extra;
    expect(oneInch.head_height_ratio).toBeLessThanOrEqual(0.72);
    const refused = await photo(unmeetable);
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([400, 20008]);

    for (const bad of [
      { width: 300, height: 400, head_ratio: { min: 0.5, max: 0.7 } },
      { width: 300, height: 400, head_ratio: { min: 0.75, max: 0.7 } },
      { width: 300, height: 400, eye_line: { min: 0.3 } },
      { width: 300, height: 400, head_ratio: [0.7, 0.75] },
      { width: 300, height: 400, chin: 0.1 },
    ]) {
      const wrong = await size(Buffer.from(JSON.stringify(bad)), 'en');
      expect([wrong.statusCode, wrong.json().code], JSON.stringify(bad)).toEqual([400, 20009]);
      expect(wrong.json().message).toMatch(/optional "head_ratio"/);
    }
  });
});

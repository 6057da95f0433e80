import { FACE_SEGMENT_LABELS } from '@pixora/catalog';
import { FACE_LABELS } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimagePhoto } from '../../../test/helpers.ts';

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/skin_segment, v1/hair_segment and v1/PhotoSegment through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  let coffee: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    const jpeg = async (name: 'astronaut' | 'coffee') =>
      sharp(await skimagePhoto(name))
        .jpeg()
        .toBuffer();
    [astronaut, coffee] = await Promise.all([jpeg('astronaut'), jpeg('coffee')]);
  });
  afterAll(() => gateway?.close());

  const post = (endpoint: string, image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post(endpoint, image, parameter);

  /** The answer's grey mask, read back as one channel. */
  const maskOf = async (extra: { mask: string }) =>
    sharp(Buffer.from(extra.mask, 'base64')).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });

  it('v1/skin_segment: her face is skin, her hair and the wall are not; mask and cut-out as PNG', async () => {
    const res = await post('v1/skin_segment', astronaut);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles).toEqual({ media_data_type: 'png' });
    expect(Object.keys(item.media_extra)).toEqual([
      'image_width',
      'image_height',
      'mask',
      'foreground_ratio',
      'face_num',
    ]);
    expect(item.media_extra.face_num).toBe(1);
    const { data, info } = await maskOf(item.media_extra);
    expect([info.width, info.height]).toEqual([512, 512]);
    expect(data[125 * 512 + 205]!, 'cheek').toBeGreaterThanOrEqual(200);
    expect(data[40 * 512 + 225]!, 'hair').toBeLessThan(128);
    expect(data[60 * 512 + 100]!, 'wall').toBeLessThan(128);
    const cut = await sharp(Buffer.from(item.media_data, 'base64')).metadata();
    expect([cut.format, cut.channels]).toEqual(['png', 4]);
  });

  it('v1/hair_segment: the hair above her forehead, not her face', async () => {
    const res = await post('v1/hair_segment', astronaut, { rsp_media_type: 'url' });
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_profiles.media_data_type).toBe('url');
    const got = await gateway.app.inject({
      method: 'GET',
      url: new URL(item.media_extra.mask as string).pathname,
    });
    expect([got.statusCode, got.headers['content-type']]).toEqual([200, 'image/png']);
    const { data } = await maskOf({ mask: got.rawPayload.toString('base64') });
    expect(data[40 * 512 + 225]!, 'hair').toBeGreaterThanOrEqual(200);
    expect(data[125 * 512 + 225]!, 'face').toBeLessThan(128);
  });

  it('v1/PhotoSegment: a label image with its legend; hair above her forehead, skin on her cheek', async () => {
    const res = await post('v1/PhotoSegment', astronaut);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(Object.keys(item.media_extra)).toEqual([
      'image_width',
      'image_height',
      'mask',
      'foreground_ratio',
      'legend',
      'face_num',
    ]);
    const legend = item.media_extra.legend as Array<{ value: number; label: string }>;
    const value = (label: string) => legend.find((l) => l.label === label)?.value;
    const { data } = await maskOf(item.media_extra);
    expect(data[40 * 512 + 225], 'hair').toBe(value('hair'));
    expect(data[125 * 512 + 205], 'cheek').toBe(value('skin'));
    expect(data[60 * 512 + 100], 'wall').toBe(0);
    const painted = await sharp(Buffer.from(item.media_data, 'base64')).metadata();
    expect([painted.format, painted.channels]).toEqual(['png', 4]);
  });

  it("the contract's legend is the engine's labels, values and colours", () => {
    expect(FACE_SEGMENT_LABELS.map(({ value, label, colour }) => ({ value, label, colour }))).toEqual(
      FACE_LABELS.map(({ value, label, colour }) => ({ value, label, colour })),
    );
  });

  it('answers 20003 (no face) for all three on the coffee photo', async () => {
    for (const endpoint of ['v1/skin_segment', 'v1/hair_segment', 'v1/PhotoSegment']) {
      const res = await post(endpoint, coffee);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 20003, ErrorMsg: 'No face detected' });
    }
  });
});

import { ENHANCE_LIMITS } from '@pixora/catalog';
import { ENHANCE_MAX_OUTPUT_PIXELS, ENHANCE_MAX_OUTPUT_SIDE } from '@pixora/vision';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway } from '../../../test/helpers.ts';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/samples');

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/aiquality through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  const sample = readFileSync(path.join(samples, 'enhance-chelsea.jpg'));

  beforeAll(async () => {
    gateway = await engineGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('enlarges the demo sample twice by default: a JPEG of 452 x 300 and its sizes', async () => {
    const res = await gateway.post('v1/aiquality', sample);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_extra).toEqual({
      image_width: 226,
      image_height: 150,
      scale: 2,
      output_width: 452,
      output_height: 300,
    });
    const out = await sharp(Buffer.from(item.media_data, 'base64')).metadata();
    expect([out.format, out.width, out.height]).toEqual(['jpeg', 452, 300]);
  });

  it('enlarges four times with scale 4 (sent as a number) and sharpens on request', async () => {
    const res = await gateway.post('v1/aiquality', sample, { scale: 4, sharpen: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({
      scale: 4,
      output_width: 904,
      output_height: 600,
    });
  });

  it("states the engine's size limit in the contract", () => {
    expect(ENHANCE_LIMITS).toEqual({
      maxOutputPixels: ENHANCE_MAX_OUTPUT_PIXELS,
      maxOutputSide: ENHANCE_MAX_OUTPUT_SIDE,
    });
  });

  it('refuses scale 3 naming the parameter, and a result above the limit with 20013', async () => {
    const bad = await gateway.post('v1/aiquality', sample, { scale: 3 });
    expect([bad.statusCode, bad.json().ErrorCode]).toEqual([400, 10000]);
    expect(bad.json().ErrorMsg).toContain('scale');
    const side = Math.sqrt(ENHANCE_LIMITS.maxOutputPixels) / 4 + 8;
    const large = await sharp({ create: { width: side, height: side, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const res = await gateway.post('v1/aiquality', large, { scale: 4 });
    expect([res.statusCode, res.json().ErrorCode]).toEqual([400, 20013]);
  });
});

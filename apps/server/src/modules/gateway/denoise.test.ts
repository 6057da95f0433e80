import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway } from '../../../test/helpers.ts';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/samples');

/** Mean absolute difference between horizontal neighbours: high for a noisy photo. */
async function roughness(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 1; i < data.length; i++) if (i % info.width !== 0) sum += Math.abs(data[i]! - data[i - 1]!);
  return sum / data.length;
}

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v2/denoise through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  const sample = readFileSync(path.join(samples, 'noisy-coffee.jpg'));

  beforeAll(async () => {
    gateway = await engineGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('measures the demo sample’s noise (sigma 20 added) and answers a smoother JPEG of its size', async () => {
    const res = await gateway.post('v2/denoise', sample);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_extra).toMatchObject({ image_width: 600, image_height: 400 });
    expect(item.media_extra.estimated_noise).toBeGreaterThan(14);
    expect(item.media_extra.applied_level).toBeGreaterThanOrEqual(item.media_extra.estimated_noise);
    const out = Buffer.from(item.media_data, 'base64');
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 400]);
    expect(await roughness(out)).toBeLessThan(0.6 * (await roughness(sample)));
  });

  it('takes noise_level from the client, as text too, and refuses a negative one naming it', async () => {
    const res = await gateway.post('v2/denoise', sample, { noise_level: '5' });
    expect(res.json().media_info_list[0].media_extra.applied_level).toBe(5);
    const bad = await gateway.post('v2/denoise', sample, { noise_level: -1 });
    expect([bad.statusCode, bad.json().ErrorCode]).toEqual([400, 10000]);
    expect(bad.json().ErrorMsg).toContain('noise_level');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway } from '../../../test/helpers.ts';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public/samples');

/** The grey values of a JPEG. */
async function grey(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('test/AIDenoise through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  const sample = readFileSync(path.join(samples, 'damaged-cameraman.jpg'));

  beforeAll(async () => {
    gateway = await engineGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('repairs the white scratch down the cameraman’s coat in the demo sample', async () => {
    const res = await gateway.post('test/AIDenoise', sample);
    expect(res.statusCode).toBe(200);
    const item = res.json().media_info_list[0];
    expect(item.media_extra).toMatchObject({ image_width: 512, image_height: 512, sharpen: 20 });
    expect(item.media_extra.repaired_pixels).toBeGreaterThan(1000);
    // The scratch runs down x = 75-77 from y = 185 to 405 over the dark coat (seen in the sample).
    const before = await grey(sample);
    const after = await grey(Buffer.from(item.media_data, 'base64'));
    const column = (g: { data: Buffer; width: number }) => {
      let sum = 0;
      for (let y = 220; y < 380; y++)
        sum += Math.max(g.data[y * g.width + 75]!, g.data[y * g.width + 76]!, g.data[y * g.width + 77]!);
      return sum / 160;
    };
    expect(column(before)).toBeGreaterThan(150);
    expect(column(after)).toBeLessThan(80);
  });

  it('leaves the scratch with repair 0, and refuses sharpen 101 naming it', async () => {
    const res = await gateway.post('test/AIDenoise', sample, { repair: 0, sharpen: 0 });
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ repaired_pixels: 0, sharpen: 0 });
    const bad = await gateway.post('test/AIDenoise', sample, { sharpen: 101 });
    expect([bad.statusCode, bad.json().ErrorCode]).toEqual([400, 10000]);
    expect(bad.json().ErrorMsg).toContain('sharpen');
  });
});

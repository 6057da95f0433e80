import { STUDIO } from '@pixora/catalog';
import { STUDIO_DEFAULTS } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, engineGateway, skimagePhoto } from '../../../test/helpers.ts';

describe('v1/studio (the studio solution recipe)', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let astronaut: Buffer;
  beforeAll(async () => {
    gateway = await engineGateway();
    astronaut = await sharp(await skimagePhoto('astronaut'))
      .jpeg()
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
  });

  it('documents the engine defaults', () => {
    expect(STUDIO).toEqual({
      smooth: STUDIO_DEFAULTS.smooth,
      whiten: STUDIO_DEFAULTS.whiten,
      blemish: STUDIO_DEFAULTS.blemish,
      eye_bright: STUDIO_DEFAULTS.eyeBright,
      filter_type: STUDIO_DEFAULTS.filterType,
      filter_alpha: STUDIO_DEFAULTS.filterAlpha,
      hdr: STUDIO_DEFAULTS.hdr,
    });
  });

  it('retouches the astronaut with the recipe asked for, as a call and as a job', async () => {
    const res = await gateway.post('v1/studio', astronaut, { filter_type: 'warm', hdr: 30 });
    expect(res.statusCode).toBe(200);
    const [media] = res.json().media_info_list;
    expect(media.media_extra).toMatchObject({
      face_num: 1,
      recipe: { filter_type: 'warm', hdr: 30, smooth: 50 },
    });
    expect((await sharp(Buffer.from(media.media_data, 'base64')).metadata()).width).toBe(512);
    const bad = await gateway.post('v1/studio', astronaut, { filter_type: 'nope' });
    expect([bad.statusCode, bad.json().ErrorCode]).toEqual([400, 10000]);
    // A batch of the studio: the same recipe as an asynchronous job.
    const job = await gateway.app.inject({
      method: 'POST',
      url: `/v1/jobs?${DEMO_KEY}`,
      payload: {
        capability: 'v1/studio',
        parameter: { filter_type: 'warm' },
        items: [0, 1].map(() => ({
          media_info_list: [
            { media_data: astronaut.toString('base64'), media_profiles: { media_data_type: 'jpg' } },
          ],
        })),
      },
    });
    expect(job.statusCode).toBe(202);
    const id = job.json().job_id as string;
    let view;
    for (let i = 0; i < 300; i++) {
      view = (await gateway.app.inject({ method: 'GET', url: `/v1/jobs/${id}?${DEMO_KEY}` })).json();
      if (view.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(view).toMatchObject({ status: 'done', succeeded: 2 });
    for (const item of view.items) {
      expect(item.answer.media_info_list[0].media_profiles.media_data_type).toBe('url');
      expect(item.answer.media_info_list[0].media_extra.face_num).toBe(1);
    }
  });
});

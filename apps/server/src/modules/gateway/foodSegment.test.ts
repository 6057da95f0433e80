import { FOOD_SEGMENT_LABELS, foodSegment } from '@pixora/catalog';
import { FOOD_SEGMENT_DEFAULTS, FOOD_SEGMENT_LABELS as ENGINE_LABELS } from '@pixora/vision';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineGateway, skimageJpeg } from '../../../test/helpers.ts';

describe('the food segmentation contract agrees with the engine', () => {
  it('has the engine’s default and labels', () => {
    expect(foodSegment.api.parameters.parse({})).toMatchObject({ min_score: FOOD_SEGMENT_DEFAULTS.minScore });
    expect(FOOD_SEGMENT_LABELS.map(({ value, label, colour }) => ({ value, label, colour }))).toEqual(
      ENGINE_LABELS.map(({ value, label, colour }) => ({ value, label, colour })),
    );
  });
});

// Answers are checked against their contracts before they are sent (testApp sets CHECK_ANSWERS).
describe('v1/foodsegment through the gateway on the real engine', () => {
  let gateway: Awaited<ReturnType<typeof engineGateway>>;
  let coffee: Buffer;
  let astronaut: Buffer;

  beforeAll(async () => {
    gateway = await engineGateway();
    coffee = await skimageJpeg('coffee');
    astronaut = await skimageJpeg('astronaut');
  });
  afterAll(() => gateway?.close());

  const post = (image: Buffer, parameter: Record<string, unknown> = {}) =>
    gateway.post('v1/foodsegment', image, parameter);

  it('labels the coffee in its cup as food, a label image the size of the photo', async () => {
    const res = await post(coffee);
    expect(res.statusCode).toBe(200);
    const extra = res.json().media_info_list[0].media_extra;
    expect(foodSegment.api.answer.safeParse(extra).success).toBe(true);
    expect(extra.legend).toEqual([{ value: 11, label: 'food' }]);
    const mask = await sharp(Buffer.from(extra.mask, 'base64')).metadata();
    expect([mask.width, mask.height]).toEqual([600, 400]);
  });

  it('answers an empty label image on the astronaut: no food, not an error', async () => {
    const res = await post(astronaut);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_info_list[0].media_extra).toMatchObject({ foreground_ratio: 0, legend: [] });
  });

  it('refuses a wrong parameter by its name', async () => {
    const res = await post(coffee, { min_score: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().ErrorMsg).toMatch(/^Wrong parameter: parameter\.min_score/);
  });
});

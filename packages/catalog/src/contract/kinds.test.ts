import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { attribute, attributes, mask } from './kinds.ts';

const labelled = mask({
  region: ['部位', '部位', 'parts'],
  labels: [
    { value: 1, label: 'skin', name: ['皮肤', '皮膚', 'skin'], colour: '#f2b58c' },
    { value: 2, label: 'hair', name: ['头发', '頭髮', 'hair'], colour: '#8e44ad' },
  ],
});
const plain = mask({ region: ['人像', '人像', 'people'] });
const answer = { image_width: 4, image_height: 2, mask: 'iVBORw0KGgo=', foreground_ratio: 0.5 };

describe('the mask kind with labels (a label image)', () => {
  it('gives the demo the legend with names in three languages and colours', () => {
    expect(labelled.view).toEqual({
      kind: 'mask',
      image: 'mask',
      legend: [
        { value: 1, name: { zh: '皮肤', zh_tw: '皮膚', en: 'skin' }, colour: '#f2b58c' },
        { value: 2, name: { zh: '头发', zh_tw: '頭髮', en: 'hair' }, colour: '#8e44ad' },
      ],
    });
    expect(plain.view).toEqual({ kind: 'mask', image: 'mask' });
  });

  it('answers the legend: required with labels, refused without', () => {
    const legend = [
      { value: 1, label: 'skin' },
      { value: 2, label: 'hair' },
    ];
    expect(labelled.answer.safeParse({ ...answer, legend }).success).toBe(true);
    expect(labelled.answer.safeParse(answer).success).toBe(false);
    expect(labelled.answer.safeParse({ ...answer, legend: [{ value: 0, label: 'none' }] }).success).toBe(
      false,
    );
    expect(plain.answer.safeParse(answer).success).toBe(true);
    expect(plain.answer.safeParse({ ...answer, legend }).success).toBe(false);
  });

  it('describes the mask as label numbers, listing them', () => {
    const text = JSON.stringify(
      labelled.answer.shape.mask.meta?.() ?? labelled.answer.shape.mask.description,
    );
    expect(text ?? '').toMatch(/1 skin, 2 hair/);
  });
});

const spec = {
  list: 'faces',
  count: 'face_num',
  rectangle: 'face_rectangle',
  items: ['人脸', '人臉', 'faces'],
  one: ['人脸', '人臉', 'face'],
  attributes: { level: attribute(z.enum(['low', 'high']), ['程度', '程度', 'Level']) },
} as const;
const withShapes = attributes({
  ...spec,
  shapes: ['区域', '區域', 'Regions'],
  names: { low: ['低', '低', 'Low'], spots: ['斑点', '斑點', 'Spots'] },
});
const withoutShapes = attributes(spec);
const face = {
  face_rectangle: { left: 1, top: 2, width: 30, height: 40 },
  score: 0.9,
  attributes: { level: { value: 'low', score: 0.2 } },
};
const found = { image_width: 100, image_height: 80, face_num: 1 };

describe('the attributes kind with shapes (regions and findings drawn over the photo)', () => {
  it('gives the demo where the shapes are, the noun and the display names', () => {
    expect(withShapes.view).toEqual({
      kind: 'attributes',
      list: 'faces',
      rectangle: 'face_rectangle',
      attributes: 'attributes',
      noun: {
        one: { zh: '人脸', zh_tw: '人臉', en: 'face' },
        many: { zh: '人脸', zh_tw: '人臉', en: 'faces' },
      },
      shapes: 'shapes',
      names: { low: { zh: '低', zh_tw: '低', en: 'Low' }, spots: { zh: '斑点', zh_tw: '斑點', en: 'Spots' } },
    });
    expect(withoutShapes.view).not.toHaveProperty('shapes');
  });

  it('answers polygons of three points or more and points; no shapes field without them', () => {
    const shapes = [
      {
        label: 'cheek',
        polygon: [
          [1, 2],
          [3, 4],
          [5, 2],
        ],
      },
      { label: 'spots', points: [[7, 8]] },
    ];
    expect(withShapes.answer.safeParse({ ...found, faces: [{ ...face, shapes }] }).success).toBe(true);
    expect(
      withShapes.answer.safeParse({
        ...found,
        faces: [{ ...face, shapes: [{ label: 'x', polygon: [[1, 2]] }] }],
      }).success,
    ).toBe(false);
    expect(withShapes.answer.safeParse({ ...found, faces: [face] }).success).toBe(false);
    expect(withoutShapes.answer.safeParse({ ...found, faces: [face] }).success).toBe(true);
    expect(withoutShapes.answer.safeParse({ ...found, faces: [{ ...face, shapes }] }).success).toBe(false);
  });
});

describe('the mask kind with 16-bit values (a depth map)', () => {
  const depth = mask({
    region: ['深度图', '深度圖', 'depth map'],
    grey16: {
      values: ['近度。', '近度。', 'nearness.'],
      ratio: ['不是天空的比例。', '不是天空的比例。', 'Share not sky.'],
      picture: ['彩色图', '彩色圖', 'The painted map'],
    },
  });

  it("describes the mask as a 16-bit PNG of the capability's values, and its ratio in its own words", () => {
    const text = (schema: z.ZodType) => JSON.stringify(schema.meta?.() ?? schema.description);
    expect(text(depth.answer.shape.mask)).toMatch(
      /16-bit greyscale PNG.*0 to 65535: nearness\. The painted map is in media_info_list\[0\]\.media_data/,
    );
    expect(text(depth.answer.shape.mask)).toMatch(/16 位灰度 PNG/);
    expect(text(depth.answer.shape.mask)).not.toMatch(/8-bit/);
    expect(text(depth.answer.shape.foreground_ratio)).toMatch(/Share not sky\./);
  });

  it("tells the demo that the answer's image paints the map; plain and label masks do not say so", () => {
    expect(depth.view).toEqual({ kind: 'mask', image: 'mask', painted: true });
    expect(plain.view).not.toHaveProperty('painted');
    expect(labelled.view).not.toHaveProperty('painted');
  });

  it('answers the same fields as a plain mask', () => {
    expect(depth.answer.safeParse(answer).success).toBe(true);
    expect(depth.answer.safeParse({ ...answer, legend: [] }).success).toBe(false);
  });
});

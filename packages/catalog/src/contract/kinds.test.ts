import { describe, expect, it } from 'vitest';
import { mask } from './kinds.ts';

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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { skinAnalysis } from '@pixora/catalog';
import { analyseSample } from '../../demos/face-kit/faceDemoTesting.ts';
import { apparel, attributeTable, gatewayAnswer, hairAnalysis, servedItem } from '../kindTesting.ts';
import { AttributesDemo } from './AttributesDemo.tsx';

const item = servedItem('apperal', apparel);
const twoPersons = gatewayAnswer(apparel, {
  image_width: 300,
  image_height: 200,
  person_num: 2,
  persons: [
    {
      person_rectangle: { left: 10, top: 10, width: 80, height: 180 },
      score: 0.93,
      attributes: {
        upper_colour: { value: 'red', score: 0.71 },
        sleeves: { value: 'short' },
        items_worn: { value: 3, score: 0.6 },
      },
    },
    {
      person_rectangle: { left: 150, top: 20, width: 70, height: 170 },
      score: 0.64,
      attributes: {
        upper_colour: { value: 'blue', score: 0.55 },
        sleeves: { value: 'long', score: 0.9 },
        items_worn: { value: 2 },
      },
    },
  ],
});

const table = attributeTable;

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('the attributes demo', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('boxes every person and lists a table of attributes for each, with their scores', async () => {
    const sent = await analyseSample(AttributesDemo, item, { body: twoPersons });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'Items detected: 2');
    expect(screen.getAllByTestId('kind-box')).toHaveLength(2);
    expect(table(0)).toEqual([
      ['upper_colour', 'red', '71%'],
      ['sleeves', 'short', '—'],
      ['items_worn', '3', '60%'],
    ]);
    expect(table(1)[1]).toEqual(['sleeves', 'long', '90%']);
    expect(screen.getAllByTestId('kind-attributes')[1]!.getAttribute('aria-labelledby')).toBe(
      screen.getAllByTestId('kind-item')[1]!.querySelector('h3')!.id,
    );
    expect(sent[0]!.parameter).toEqual({});
    expect(screen.queryByText('Parameters')).toBeNull();
  });

  it('says "Item not detected" in Chinese when no one is found', async () => {
    const none = gatewayAnswer(apparel, { image_width: 300, image_height: 200, person_num: 0, persons: [] });
    await analyseSample(AttributesDemo, item, { body: none, language: 'zh' });
    expect(await screen.findByText('未检测到目标')).toBeTruthy();
    expect(screen.queryByTestId('kind-attributes')).toBeNull();
  });

  it('names the attributes and their values from the view, in the chosen language (hair attributes)', async () => {
    const hair = servedItem('hairAnalysis', hairAnalysis);
    const answer = gatewayAnswer(hairAnalysis, {
      image_width: 300,
      image_height: 200,
      face_num: 1,
      faces: [
        {
          face_rectangle: { left: 100, top: 40, width: 80, height: 100 },
          score: 0.97,
          attributes: {
            length: { value: 'short' },
            bangs: { value: 'yes', score: 0.62 },
            curl: { value: null },
            hairline: { value: null },
            ponytail: { value: 'no' },
            bun: { value: 'no' },
            shaved: { value: 'no' },
            bald: { value: 'no' },
            colour: { value: 'blonde', score: 0.55 },
          },
        },
      ],
    });
    await analyseSample(AttributesDemo, hair, { body: answer, language: 'zh' });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', '检测到的人脸：1');
    const rows = table(0);
    expect(rows[0]).toEqual(['发长', '短发', '—']);
    expect(rows[1]).toEqual(['刘海', '是', '62%']);
    expect(rows[2]).toEqual(['卷曲度', '—', '—']);
    expect(rows[8]).toEqual(['发色', '金色', '55%']);
  });
});

describe('the attributes demo with shapes and value names (v2/skin)', { timeout: 20_000 }, () => {
  const skin = skinAnalysis.api!;
  const severity = (value: string, score: number) => ({ value, score });
  const oneFace = gatewayAnswer(skin, {
    image_width: 512,
    image_height: 512,
    face_num: 1,
    faces: [
      {
        face_rectangle: { left: 160, top: 60, width: 130, height: 150 },
        score: 0.99,
        attributes: {
          skin_tone: { value: 4 },
          skin_tone_category: { value: 'very_light' },
          ita: { value: 59.5 },
          pores: severity('mild', 0.3),
          blackheads: severity('none', 0),
          acne: severity('none', 0),
          moles: severity('none', 0),
          wrinkles: severity('mild', 0.3),
          forehead_wrinkles: severity('none', 0.1),
          crows_feet: severity('none', 0.1),
          nasolabial_folds: severity('mild', 0.3),
          dark_circles: severity('none', 0.1),
          skin_type: { value: 'combination' },
          oil_area: { value: 't_zone' },
          rosacea: severity('none', 0.05),
          skin_age: { value: 12 },
        },
        shapes: [
          {
            label: 'skin_tone',
            polygon: [
              [180, 140],
              [200, 140],
              [195, 160],
            ],
          },
          {
            label: 'pores',
            points: [
              [190, 150],
              [250, 150],
            ],
          },
        ],
      },
    ],
  });

  it('outlines the regions and dots the findings over the photo; values by their names', async () => {
    await analyseSample(AttributesDemo, servedItem('skinAnalysis', skin), { body: oneFace });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'Faces found: 1');
    const drawn = screen.getAllByTestId('kind-shape');
    expect(drawn.map((s) => [s.tagName, s.getAttribute('data-label')])).toEqual([
      ['polygon', 'skin_tone'],
      ['path', 'pores'],
    ]);
    expect(drawn[1]!.textContent).toBe('Pores');
    const rows = table(0);
    expect(rows[1]).toEqual(['skin_tone_category', 'Very light', '—']);
    // An attribute with a display name (a shape label here) is shown by it too.
    expect(rows[3]).toEqual(['Pores', 'Mild', '30%']);
    expect(rows[0]).toEqual(['Skin tone', '4', '—']);
    expect(rows.find((r) => r[0] === 'Oil area')).toEqual(['Oil area', 'T-zone', '—']);
  });
});

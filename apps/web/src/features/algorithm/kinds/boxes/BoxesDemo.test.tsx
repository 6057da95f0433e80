import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  accessoriesRecognition,
  foodRecognition,
  humanDetect as humanDetectCapability,
} from '@pixora/catalog';
import { analyseSample } from '../../demos/face-kit/faceDemoTesting.ts';
import { gatewayAnswer, objectDetect, servedItem } from '../kindTesting.ts';
import { BoxesDemo } from './BoxesDemo.tsx';

const item = servedItem('objectDetect', objectDetect);
const box = (left: number, top: number) => ({ left, top, width: 50, height: 40 });
const threeObjects = gatewayAnswer(objectDetect, {
  image_width: 400,
  image_height: 300,
  object_num: 3,
  objects: [
    { object_rectangle: box(10, 20), score: 0.914, label: 'cup' },
    { object_rectangle: box(120, 40), score: 0.77, label: 'saucer' },
    { object_rectangle: box(300, 200), score: 0.51, label: 'spoon' },
  ],
});

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('the boxes demo', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('boxes every object with its class and score, and lists them beside the photo', async () => {
    const sent = await analyseSample(BoxesDemo, item, { body: threeObjects });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'Items detected: 3');
    expect(screen.getByTestId('kind-overlay').getAttribute('viewBox')).toBe('0 0 400 300');
    const boxes = screen.getAllByTestId('kind-box');
    expect(boxes).toHaveLength(3);
    expect(['x', 'y', 'width', 'height'].map((a) => boxes[1]!.getAttribute(a))).toEqual([
      '120',
      '40',
      '50',
      '40',
    ]);
    expect(screen.getAllByTestId('kind-caption').map((node) => node.textContent)).toEqual([
      '1 · cup · 0.91',
      '2 · saucer · 0.77',
      '3 · spoon · 0.51',
    ]);
    const items = screen.getAllByTestId('kind-item');
    expect(items.map((node) => node.querySelector('h3')!.textContent)).toEqual([
      'Item 1: cup',
      'Item 2: saucer',
      'Item 3: spoon',
    ]);
    expect(screen.getAllByTestId('kind-score').map((node) => node.textContent)).toEqual([
      '0.914',
      '0.770',
      '0.510',
    ]);

    // Pointing at an entry emphasises its box.
    fireEvent.mouseEnter(items[2]!);
    expect(screen.getAllByTestId('kind-result')[2]!.hasAttribute('data-active')).toBe(true);

    expect(sent[0]!.parameter).toEqual({ max_num: 10, min_score: 0.5 });
  });

  it('offers a whole number and a number as number fields, within their limits', async () => {
    const sent = await analyseSample(BoxesDemo, item, { body: threeObjects });
    await screen.findByTestId('demo-result-count');
    const count = screen.getByLabelText('Most objects to return. max_num');
    expect([count.getAttribute('aria-valuemin'), count.getAttribute('aria-valuemax')]).toEqual(['1', '50']);
    const threshold = screen.getByLabelText('Lowest score kept. min_score');
    fireEvent.change(threshold, { target: { value: '0.8' } });
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.parameter).toEqual({ max_num: 3, min_score: 0.8 });
  });

  it('says "Item not detected" when nothing is found, and draws nothing', async () => {
    const none = gatewayAnswer(objectDetect, {
      image_width: 400,
      image_height: 300,
      object_num: 0,
      objects: [],
    });
    await analyseSample(BoxesDemo, item, { body: none });
    expect((await screen.findByTestId('kind-empty')).textContent).toContain('Item not detected');
    expect(screen.queryByTestId('kind-overlay')).toBeNull();
  });

  it('says "Item not detected" in Traditional Chinese', async () => {
    const none = gatewayAnswer(objectDetect, {
      image_width: 400,
      image_height: 300,
      object_num: 0,
      objects: [],
    });
    await analyseSample(BoxesDemo, item, { body: none, language: 'zh_tw' });
    expect(await screen.findByText('未偵測到目標')).toBeTruthy();
  });
});

describe('the boxes demo with the real Human Detection contract', { timeout: 20_000 }, () => {
  const humanDetect = humanDetectCapability.api!;
  const people = gatewayAnswer(humanDetect, {
    image_width: 400,
    image_height: 300,
    person_num: 2,
    persons: [
      { person_rectangle: box(10, 20), score: 0.66 },
      { person_rectangle: box(200, 30), score: 0.45 },
    ],
  });

  it('names what it finds as people, and sends the contract’s parameters at their defaults', async () => {
    const sent = await analyseSample(BoxesDemo, servedItem('humanDetect', humanDetect), { body: people });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'People found: 2');
    expect(screen.getAllByTestId('kind-box')).toHaveLength(2);
    expect(screen.getAllByTestId('kind-item').map((node) => node.querySelector('h3')!.textContent)).toEqual([
      'Person 1',
      'Person 2',
    ]);
    expect(sent[0]!.parameter).toEqual({ max_person_num: 20, min_score: 0.3, small_people: 0 });
  });
});

describe('the boxes demo with the real Accessory Recognition contract', { timeout: 20_000 }, () => {
  const ornaments = accessoriesRecognition.api!;
  const found = gatewayAnswer(ornaments, {
    image_width: 400,
    image_height: 300,
    ornament_num: 2,
    ornaments: [
      { ornament_rectangle: box(10, 20), score: 0.99, label: 'glasses' },
      { ornament_rectangle: box(200, 30), score: 0.8, label: 'earring' },
    ],
  });

  it('lists each accessory under its label’s display name', async () => {
    await analyseSample(BoxesDemo, servedItem('accessoriesRecognition', ornaments), { body: found });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty(
      'textContent',
      'Accessories found: 2',
    );
    expect(screen.getAllByTestId('kind-item').map((node) => node.querySelector('h3')!.textContent)).toEqual([
      'Accessory 1: Glasses',
      'Accessory 2: Earring',
    ]);
  });
});

describe('the boxes demo with the real Food Recognition contract', { timeout: 20_000 }, () => {
  const food = foodRecognition.api!;
  const none = gatewayAnswer(food, {
    image_width: 400,
    image_height: 300,
    food_num: 0,
    foods: [],
    context: [{ context_rectangle: box(100, 100), score: 0.47, label: 'cup' }],
  });

  it.each([
    ['en', 'No food detected'],
    ['zh', '未检测到食物'],
    ['zh_tw', '未偵測到食物'],
  ] as const)('says the contract’s "No food detected" when no food is found (%s)', async (language, text) => {
    await analyseSample(BoxesDemo, servedItem('foodRecognition', food), { body: none, language });
    expect((await screen.findByTestId('kind-empty')).textContent).toContain(text);
    expect(screen.queryByTestId('kind-overlay')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { analyseSample } from '../../demos/face-kit/faceDemoTesting.ts';
import {
  attributeTable,
  BODY_LAYOUT,
  bodyPose,
  gatewayAnswer,
  hand,
  HAND_LAYOUT,
  handGesture,
  person,
  servedItem,
} from '../kindTesting.ts';
import { PointsDemo } from './PointsDemo.tsx';

const item = servedItem('bodyPose', bodyPose);
const twoPersons = gatewayAnswer(bodyPose, {
  image_width: 640,
  image_height: 480,
  person_num: 2,
  persons: [person(100, 60, 0.97), person(400, 80, 0.88, ['left_wrist', 'left_ankle'])],
});
const nobody = gatewayAnswer(bodyPose, { image_width: 640, image_height: 480, person_num: 0, persons: [] });

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('the points demo (v1/BodyPose as served)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws every person with the 14 points and the skeleton of the layout, unsure points faint', async () => {
    const sent = await analyseSample(PointsDemo, item, { body: twoPersons });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'People found: 2');

    expect(screen.getByTestId('kind-overlay').getAttribute('viewBox')).toBe('0 0 640 480');
    expect(screen.getAllByTestId('kind-box')).toHaveLength(2);
    expect(screen.getAllByTestId('kind-caption').map((node) => node.textContent)).toEqual([
      '1 · 0.97',
      '2 · 0.88',
    ]);
    const points = screen.getAllByTestId('kind-point');
    expect(points).toHaveLength(2 * BODY_LAYOUT.points.length);
    expect(
      points.filter((p) => p.hasAttribute('data-faint')).map((p) => p.getAttribute('data-name')),
    ).toEqual(['left_wrist', 'left_ankle']);
    const edges = screen.getAllByTestId('kind-edge');
    expect(edges).toHaveLength(2 * BODY_LAYOUT.edges.length);
    expect(edges.filter((edge) => edge.hasAttribute('data-faint'))).toHaveLength(2);
    // neck to right shoulder of the first person, in image pixels.
    const neckToShoulder = BODY_LAYOUT.edges.findIndex(([a, b]) => a === 'neck' && b === 'right_shoulder');
    expect(['x1', 'y1', 'x2', 'y2'].map((a) => edges[neckToShoulder]!.getAttribute(a))).toEqual([
      '120',
      '255',
      '100',
      '60',
    ]);

    expect(screen.getAllByTestId('kind-points-count').map((node) => node.textContent)).toEqual([
      '14 key points',
      '14 key points · 2 of them unsure, drawn faint',
    ]);
    expect(screen.getAllByTestId('kind-points')[1]!.querySelectorAll('tbody tr')).toHaveLength(14);
    // The parameters the entry offers, sent with their defaults; the samples it names come first.
    expect(sent[0]!.parameter).toEqual({ max_person_num: 6, min_score: 0.15 });
    expect(screen.getByTestId('demo-sample-0').getAttribute('data-sample')).toBe('coffee.jpg');
    expect(screen.getByTestId('demo-result-json').textContent).toContain('"person_num": 2');
  });

  it('labels its control with the description in the page language and sends the value chosen', async () => {
    const sent = await analyseSample(PointsDemo, item, { body: twoPersons, language: 'zh' });
    await screen.findByTestId('demo-result-count');
    const input = screen.getByLabelText(/^最多返回的人数，按得分从高到低保留.* max_person_num$/);
    expect(input.getAttribute('aria-valuemax')).toBe('6');
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('demo-analyse'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.parameter).toEqual({ max_person_num: 2, min_score: 0.15 });
  });

  it('says "Item not detected" in Chinese when no one is found, and draws nothing', async () => {
    await analyseSample(PointsDemo, item, { body: nobody, language: 'zh' });
    expect(await screen.findByText('未检测到目标')).toBeTruthy();
    expect(screen.queryByTestId('kind-overlay')).toBeNull();
    expect(screen.queryByTestId('demo-result-count')).toBeNull();
    expect(screen.getByTestId('demo-result-json').textContent).toContain('"persons": []');
  });

  it('says "Item not detected" in English', async () => {
    await analyseSample(PointsDemo, item, { body: nobody });
    expect((await screen.findByTestId('kind-empty')).textContent).toContain('Item not detected');
  });
});

const handItem = servedItem('handGesture', handGesture);
const twoHands = gatewayAnswer(handGesture, {
  image_width: 640,
  image_height: 480,
  hand_num: 2,
  hands: [hand(100, 60, 'open_palm', 'left', 5), hand(400, 80, 'none', 'right')],
});
const noHand = gatewayAnswer(handGesture, { image_width: 640, image_height: 480, hand_num: 0, hands: [] });

describe('the points demo with attributes (v1/HandGesture as served)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws every hand with its 21 points and lists its side and gesture by name', async () => {
    await analyseSample(PointsDemo, handItem, { body: twoHands });
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'Hands found: 2');
    expect(screen.getAllByTestId('kind-point')).toHaveLength(2 * HAND_LAYOUT.points.length);
    expect(screen.getAllByTestId('kind-edge')).toHaveLength(2 * HAND_LAYOUT.edges.length);
    expect(attributeTable(0)).toEqual([
      ['handedness', 'Left hand', '90%'],
      ['gesture', 'Open palm (number 5)', '—'],
      ['number', '5', '—'],
    ]);
    // A hand showing none of the gestures says so; its number is empty.
    expect(attributeTable(1)).toEqual([
      ['handedness', 'Right hand', '90%'],
      ['gesture', 'No gesture detected', '—'],
      ['number', '—', '—'],
    ]);
  });

  it('names the gestures in Chinese', async () => {
    await analyseSample(PointsDemo, handItem, { body: twoHands, language: 'zh' });
    await screen.findByTestId('demo-result-count');
    expect(attributeTable(0)[1]).toEqual(['gesture', '张开手掌（数字 5）', '—']);
  });

  it.each([
    ['en', 'No gesture detected'],
    ['zh', '未检测到手势'],
    ['zh_tw', '未偵測到手勢'],
  ] as const)(
    'says "No gesture detected" when no hand is found (%s), and draws nothing',
    async (language, text) => {
      await analyseSample(PointsDemo, handItem, { body: noHand, language });
      expect((await screen.findByTestId('kind-empty')).textContent).toContain(text);
      expect(screen.queryByTestId('kind-overlay')).toBeNull();
    },
  );
});

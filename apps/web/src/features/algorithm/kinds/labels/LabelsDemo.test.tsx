import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { analyseSample } from '../../demos/face-kit/faceDemoTesting.ts';
import { gatewayAnswer, petLabels, servedItem } from '../kindTesting.ts';
import { LabelsDemo } from './LabelsDemo.tsx';

const item = servedItem('petRecognition', petLabels, ['/samples/chelsea.jpg']);
const threeLabels = gatewayAnswer(petLabels, {
  labels: [
    { label: 'cat', score: 0.82 },
    { label: 'dog', score: 0.1 },
    { label: 'fox', score: 0.05 },
  ],
});

const rows = () =>
  screen
    .getAllByTestId('label-bar')
    .map((row) => [
      row.querySelector('th')!.textContent,
      (row.querySelector('[class*="bar"] span') as HTMLElement | null)?.style.width,
      row.querySelector('td:last-child')!.textContent,
    ]);

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('the labels demo', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the labels best first as bars, named in the page language where the entry names them', async () => {
    const sent = await analyseSample(LabelsDemo, item, { body: threeLabels, language: 'zh' });
    await screen.findAllByTestId('label-bar');
    expect(rows()).toEqual([
      ['猫', '82%', '82%'],
      ['狗', '10%', '10%'],
      ['fox', '5%', '5%'],
    ]);
    expect(screen.getAllByTestId('label-bar')[0]!.className).toMatch(/best/);
    expect(screen.getByRole('table', { name: '识别结果，按得分从高到低' })).toBeTruthy();
    expect(sent[0]!.parameter).toEqual({ top_k: 5 });
    expect(screen.getByTestId('demo-sample-0').getAttribute('data-sample')).toBe('chelsea.jpg');
  });

  it('names them in Traditional Chinese too', async () => {
    await analyseSample(LabelsDemo, item, { body: threeLabels, language: 'zh_tw' });
    await screen.findAllByTestId('label-bar');
    expect(rows().map(([name]) => name)).toEqual(['貓', '狗', 'fox']);
  });

  it('says "Item not detected" in Chinese when no label comes back', async () => {
    await analyseSample(LabelsDemo, item, { body: gatewayAnswer(petLabels, { labels: [] }), language: 'zh' });
    expect(await screen.findByText('未检测到目标')).toBeTruthy();
    expect(screen.queryByTestId('label-bars')).toBeNull();
  });

  it('says "Item not detected" in English when no label comes back', async () => {
    await analyseSample(LabelsDemo, item, { body: gatewayAnswer(petLabels, { labels: [] }) });
    expect(await screen.findByText('Item not detected')).toBeTruthy();
    expect(screen.queryByTestId('label-bars')).toBeNull();
  });
});

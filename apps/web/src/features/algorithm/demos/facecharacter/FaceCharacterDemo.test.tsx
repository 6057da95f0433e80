import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Language } from '../../../../i18n/language.ts';
import { answers, errors } from '../face-kit/fixtures/index.ts';
import { analyseSample, faceItem } from '../face-kit/faceDemoTesting.ts';
import { FaceCharacterDemo } from './FaceCharacterDemo.tsx';

const item = faceItem('v1/micro_facial_analysis', 'attributes');

const analyse = (body: unknown, language: Language, status = 200) =>
  analyseSample(FaceCharacterDemo, item, { body, language, status });

/** Feature rows as "label: value"; a row in a group is named by its own label. */
function features(table: HTMLElement): string[] {
  return [...table.querySelectorAll('tbody tr')].map((row) => {
    const headers = row.querySelectorAll('th[scope="row"]');
    return `${headers[headers.length - 1]!.textContent}: ${row.querySelector('td')!.textContent}`;
  });
}

/** The table of the face named `name`: its accessible name is the face's heading. */
async function featureTable(name: string): Promise<HTMLElement> {
  const table = await screen.findByTestId('face-features');
  expect(document.getElementById(table.getAttribute('aria-labelledby')!)!.textContent).toBe(name);
  return table;
}

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('FaceCharacterDemo on the real answer for the astronaut', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [
      'en',
      'Face 1',
      [
        'Face shape: Square',
        'Cheekbone: High',
        'Eye shape: Round',
        'Eye tilt: Level',
        'Eye distance: Average',
        'Eyebrow shape: Straight',
        'Eyebrow thickness: Thin',
        'Nose width: Wide',
        'Nose length: Average',
        'Lip thickness: Thin',
        'Lip peak: Pronounced',
        'Chin: Square',
      ],
      ['Round 2%', 'Oval 1%', 'Long 0%', 'Diamond 0%', 'Square 88%', 'Triangle 9%'],
    ],
    [
      'zh',
      '人脸 1',
      [
        '脸型: 方脸',
        '颧骨: 高',
        '眼型: 圆眼',
        '眼角走向: 平直',
        '眼距: 适中',
        '眉形: 平眉',
        '眉毛粗细: 细',
        '鼻翼宽度: 宽',
        '鼻长: 适中',
        '唇厚: 薄',
        '唇峰: 明显',
        '下巴: 方下巴',
      ],
      ['圆脸 2%', '鹅蛋脸 1%', '长脸 0%', '菱形脸 0%', '方脸 88%', '三角脸 9%'],
    ],
    [
      'zh_tw',
      '人臉 1',
      [
        '臉型: 方臉',
        '顴骨: 高',
        '眼型: 圓眼',
        '眼角走向: 平直',
        '眼距: 適中',
        '眉形: 平眉',
        '眉毛粗細: 細',
        '鼻翼寬度: 寬',
        '鼻長: 適中',
        '唇厚: 薄',
        '唇峰: 明顯',
        '下巴: 方下巴',
      ],
      ['圓臉 2%', '鵝蛋臉 1%', '長臉 0%', '菱形臉 0%', '方臉 88%', '三角臉 9%'],
    ],
  ] as const)('reads every feature in %s', async (language, faceName, expected, chart) => {
    const sent = await analyse(answers.characterAstronaut, language);
    const table = await featureTable(faceName);
    expect(features(table)).toEqual(expected);
    const shapes = [...screen.getByTestId('face-shape-chart').querySelectorAll('tr')].map(
      (row) => `${row.querySelector('th')!.textContent} ${row.querySelectorAll('td')[1]!.textContent}`,
    );
    expect(shapes).toEqual(chart);
    expect(screen.getByTestId('face-shape-chart').querySelector('[data-shape="square"]')!.className).not.toBe(
      '',
    );
    expect(screen.getAllByTestId('face-box')).toHaveLength(1);
    expect(sent[0]!.parameter).toEqual({ return_attributes: 'facial_analysis' });
  });

  it('groups the eye, eyebrow, nose and lip features under their part of the face', async () => {
    await analyse(answers.characterAstronaut, 'en');
    const table = await featureTable('Face 1');
    const groups = [...table.querySelectorAll('tbody')].map((group) => group.getAttribute('data-group'));
    expect(groups).toEqual(['faceShape', 'cheekbone', 'eyes', 'eyebrow', 'nose', 'lips', 'chin']);
    const lips = table.querySelector('[data-group="lips"]') as HTMLElement;
    expect(within(lips).getByRole('rowheader', { name: 'Lips' }).getAttribute('rowspan')).toBe('2');
  });

  it('says a profile is not frontal, in the visitor language', async () => {
    await analyse(errors.compareNotFrontal, 'en', 400);
    expect(await screen.findByText('Face not frontal: yaw too large')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

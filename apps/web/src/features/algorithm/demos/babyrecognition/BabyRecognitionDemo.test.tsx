import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { BabyRecognitionAnswer } from '@pixora/catalog';
import type { GatewayResponse } from '../../../../api/gateway.ts';
import type { Language } from '../../../../i18n/language.ts';
import { answers } from '../face-kit/fixtures/index.ts';
import { analyseSample, faceItem } from '../face-kit/faceDemoTesting.ts';
import { BabyRecognitionDemo } from './BabyRecognitionDemo.tsx';

const analyse = (body: GatewayResponse<BabyRecognitionAnswer>, language: Language) =>
  analyseSample(BabyRecognitionDemo, faceItem('v1/baby_recognition', 'boxes'), { body, language });

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('BabyRecognitionDemo', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Babies: 0 of 3 faces', 'Not a baby', '31 years', '100% Model output'],
    ['zh', '婴童：0 / 共 3 张人脸', '非婴童', '31 岁', '100% 模型输出'],
    ['zh_tw', '嬰童：0 / 共 3 張人臉', '非嬰童', '31 歲', '100% 模型輸出'],
  ] as const)(
    'calls none of the three women of the real answer a baby (%s)',
    async (language, count, no, age, score) => {
      await analyse(answers.babySample1, language);
      expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', count);
      expect(screen.getAllByTestId('face-verdict').map((node) => node.textContent)).toEqual([no, no, no]);
      expect(screen.getAllByTestId('face-box')).toHaveLength(3);
      const firstTable = screen.getAllByTestId('face-attributes')[0]!;
      expect(firstTable.querySelector('[data-attribute="age"] td')!.textContent).toBe(age);
      expect(firstTable.querySelector('[data-attribute="baby"] td:last-child')!.textContent).toBe(score);
    },
  );

  it('marks a face the answer calls a baby', async () => {
    const answer = structuredClone(answers.babySample1);
    answer.media_info_list[0]!.media_extra.faces[1]!.face_attributes.baby = {
      value: 1,
      confidence: null,
      score: 0.83,
      method: 'model',
    };
    await analyse(answer, 'en');
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty(
      'textContent',
      'Babies: 1 of 3 faces',
    );
    expect(screen.getAllByTestId('face-caption').map((node) => node.textContent)).toEqual([
      '1 · Not a baby',
      '2 · Baby',
      '3 · Not a baby',
    ]);
    expect(screen.getAllByTestId('face-result').map((group) => group.getAttribute('data-tone'))).toEqual([
      'default',
      'accent',
      'default',
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Language } from '../../../../i18n/language.ts';
import { answers, errors } from '../face-kit/fixtures/index.ts';
import { analyseSample, faceItem } from '../face-kit/faceDemoTesting.ts';
import type { FaceAnalysisAnswer } from '@pixora/catalog';
import type { GatewayResponse } from '../../../../api/gateway.ts';
import { FaceAnalysisDemo } from './FaceAnalysisDemo.tsx';

const item = faceItem('v2/macro_facial_analysis', 'attributes');

const analyse = (body: unknown, language: Language, status = 200) =>
  analyseSample(FaceAnalysisDemo, item, { body, language, status });

/** The rows of a face's attribute table: label → [result, confidence]. */
function rows(table: HTMLElement): Record<string, [string, string]> {
  return Object.fromEntries(
    [...table.querySelectorAll('tbody tr')].map((row) => {
      const [result, confidence] = [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
      return [row.querySelector('th')!.textContent, [result!, confidence!]];
    }),
  );
}

/** The attribute table of each face, by the face's name (its heading labels the table). */
async function tables(): Promise<Record<string, HTMLElement>> {
  const found = await screen.findAllByTestId('face-attributes');
  return Object.fromEntries(
    found.map((table) => [
      document.getElementById(table.getAttribute('aria-labelledby')!)!.textContent,
      table,
    ]),
  );
}

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('FaceAnalysisDemo on real answers', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [
      'en',
      'Face 1',
      {
        Age: ['36 years', '32% Model output'],
        Attractiveness: ['87', 'Heuristic'],
        Emotion: ['Happy', '100% Model output'],
        Gender: ['Female', '79% Model output'],
        Glasses: ['No glasses', 'Heuristic'],
        Beard: ['No beard', '100% Model output'],
        Race: ['White', '98% Model output'],
        Eyelid: ['Single eyelid', 'Heuristic'],
      },
    ],
    [
      'zh',
      '人脸 1',
      {
        年龄: ['36 岁', '32% 模型输出'],
        颜值: ['87', '启发式'],
        表情: ['开心', '100% 模型输出'],
        性别: ['女', '79% 模型输出'],
        眼镜: ['未戴眼镜', '启发式'],
        胡须: ['无胡须', '100% 模型输出'],
        人种: ['白人', '98% 模型输出'],
        眼皮: ['单眼皮', '启发式'],
      },
    ],
    [
      'zh_tw',
      '人臉 1',
      {
        年齡: ['36 歲', '32% 模型輸出'],
        顏值: ['87', '啟發式'],
        表情: ['開心', '100% 模型輸出'],
        性別: ['女', '79% 模型輸出'],
        眼鏡: ['未戴眼鏡', '啟發式'],
        鬍鬚: ['無鬍鬚', '100% 模型輸出'],
        人種: ['白人', '98% 模型輸出'],
        眼皮: ['單眼皮', '啟發式'],
      },
    ],
  ] as const)('tables every attribute of the astronaut in %s', async (language, faceName, expected) => {
    const sent = await analyse(answers.analysisAstronaut, language);
    const table = (await tables())[faceName]!;
    // In the product's order of face attributes, each with its translated value and score; a
    // model's score says it is the model's output, a heuristic's says so instead of a score.
    expect(Object.entries(rows(table))).toEqual(Object.entries(expected));
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.getAllByTestId('face-box')).toHaveLength(1);
    expect(screen.getByTestId('face-pose').textContent).toContain('0.4°');
    expect(sent[0]!.media_info_list[0]!.media_profiles.media_data_type).toBe('jpg');
  });

  it('shows the cameraman as a man, with the beard probe’s answer', async () => {
    await analyse(answers.analysisCameraman, 'en');
    const table = (await tables())['Face 1']!;
    expect(rows(table)).toMatchObject({
      Gender: ['Male', '90% Model output'],
      Beard: ['No beard', '96% Model output'],
    });
    expect(screen.getByTestId('face-pose').textContent).toContain('51.8°');
  });

  it('lists and boxes the three faces of a group photo', async () => {
    await analyse(answers.analysisSample1, 'en');
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'Faces detected: 3');
    expect(screen.getAllByTestId('face-box')).toHaveLength(3);
    expect(screen.getByTestId('face-overlay').getAttribute('viewBox')).toBe('0 0 1920 1280');
    const byFace = await tables();
    expect(Object.keys(byFace)).toEqual(['Face 1', 'Face 2', 'Face 3']);
    for (const table of Object.values(byFace))
      expect(rows(table).Gender).toEqual(['Female', expect.any(String)]);
  });

  it('shows only the attributes the answer carries, and an unknown value as it came', async () => {
    const answer = structuredClone(answers.analysisAstronaut) as GatewayResponse<FaceAnalysisAnswer>;
    // Off the contract on purpose (an eyelid value it does not list), so read as a plain record.
    const attributes: Record<string, unknown> =
      answer.media_info_list[0]!.media_extra.faces[0]!.face_attributes;
    for (const key of ['race', 'glasses', 'mustache', 'beauty', 'poseestimation']) delete attributes[key];
    attributes.eyelid = { value: 'hooded', confidence: 0.6 };
    await analyse(answer, 'zh');
    const table = (await tables())['人脸 1']!;
    expect(rows(table)).toEqual({
      年龄: ['36 岁', '32% 模型输出'],
      表情: ['开心', '100% 模型输出'],
      性别: ['女', '79% 模型输出'],
      眼皮: ['hooded', '60%'],
    });
    expect(screen.queryByTestId('face-pose')).toBeNull();
  });

  it('says "No face detected" in the visitor language', async () => {
    await analyse(errors.detectNoFace, 'zh_tw', 400);
    expect(await screen.findByText('未偵測到人臉')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Language } from '../../../../i18n/language.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { answers, errors } from '../face-kit/fixtures/index.ts';
import { faceItem, stubGateway } from '../face-kit/faceDemoTesting.ts';
import { FaceCompareDemo } from './FaceCompareDemo.tsx';

const item = faceItem('v1/face_compare', 'compare');

async function compare(answer: unknown, language: Language, second: string, status = 200) {
  const sent = stubGateway('v1/face_compare', answer, status);
  await renderWithProviders(<FaceCompareDemo item={item} />, language);
  const [left, right] = [screen.getByTestId('compare-side-1'), screen.getByTestId('compare-side-2')];
  expect(screen.getByTestId('demo-analyse')).toHaveProperty('disabled', true);
  fireEvent.click(await within(left).findByTestId('demo-sample-0'));
  expect(screen.getByTestId('demo-analyse')).toHaveProperty('disabled', true);
  const secondSample = (await within(right).findAllByRole('button')).find(
    (button) => button.getAttribute('data-sample') === second,
  )!;
  fireEvent.click(secondSample);
  fireEvent.click(screen.getByTestId('demo-analyse'));
  return { sent, left, right };
}

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('FaceCompareDemo', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Same person', 'Similarity'],
    ['zh', '是同一人', '相似度'],
    ['zh_tw', '是同一人', '相似度'],
  ] as const)(
    'says the astronaut and her mirror image are the same person (%s)',
    async (language, same, label) => {
      const { sent, left, right } = await compare(
        answers.compareMirrored,
        language,
        'astronaut-mirrored.jpg',
      );
      expect((await screen.findByTestId('compare-decision')).textContent).toBe(same);
      expect(screen.getByTestId('compare-similarity').textContent).toBe('93.76');
      expect(screen.getByText(label)).toBeTruthy();
      // Both photos went, in order, as base64 JPEG.
      expect(sent[0]!.media_info_list).toHaveLength(2);
      expect(sent[0]!.media_info_list.every((media) => media.media_profiles.media_data_type === 'jpg')).toBe(
        true,
      );
      expect(sent[0]!.media_info_list[0]!.media_data).not.toBe(sent[0]!.media_info_list[1]!.media_data);

      // Each photo is boxed at the face the answer found in it, in the image size the answer
      // gives (jsdom decodes no image: nothing is measured).
      const leftBox = within(left).getByTestId('face-box');
      expect(within(left).getByTestId('face-overlay').getAttribute('viewBox')).toBe('0 0 512 512');
      expect([leftBox.getAttribute('x'), leftBox.getAttribute('y')]).toEqual(['178.9', '71.2']);
      const rightBox = within(right).getByTestId('face-box');
      expect(within(right).getByTestId('face-overlay').getAttribute('viewBox')).toBe('0 0 400 400');
      expect(rightBox.getAttribute('x')).toBe('188');
    },
  );

  it('says "Different people" below the threshold', async () => {
    const answer = structuredClone(answers.compareMirrored);
    Object.assign(answer.media_info_list[0]!.media_extra, { similarity: 41.5, is_same_person: 0 });
    await compare(answer, 'en', 'cameraman.jpg');
    expect((await screen.findByTestId('compare-decision')).textContent).toBe('Different people');
    expect(screen.getByText(/from 60 on, the two faces are taken for the same person/)).toBeTruthy();
  });

  it('names the image without a face, in the visitor language', async () => {
    await compare(errors.compareNoSecondFace, 'zh', 'chelsea.jpg', 400);
    expect(await screen.findByText('第二张图片中未检测到人脸')).toBeTruthy();
    expect(screen.queryByTestId('compare-decision')).toBeNull();
  });

  it('says when the two photos are too large for the gateway (413)', async () => {
    await compare(
      { ErrorCode: 20015, ErrorMsg: 'Image over the size limit', Data: null },
      'en',
      'cameraman.jpg',
      413,
    );
    expect(await screen.findByText('Request entity too long')).toBeTruthy();
  });

  it('shows the sample credits once', async () => {
    stubGateway('v1/face_compare', answers.compareMirrored);
    await renderWithProviders(<FaceCompareDemo item={item} />);
    expect(await screen.findAllByTestId('demo-sample-credits')).toHaveLength(1);
  });
});

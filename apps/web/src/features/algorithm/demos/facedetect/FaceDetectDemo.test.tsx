import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { answers, errors } from '../face-kit/fixtures/index.ts';
import { analyseSample, faceItem, stubGateway } from '../face-kit/faceDemoTesting.ts';
import { FaceDetectDemo } from './FaceDetectDemo.tsx';

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('FaceDetectDemo on real answers', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('boxes the three faces of a group photo with their scores (v1/facedetect, nFront)', async () => {
    const sent = await analyseSample(FaceDetectDemo, faceItem('v1/facedetect', 'boxes'), {
      body: answers.detectV1Sample1,
    });

    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', 'Faces detected: 3');
    expect(screen.getAllByTestId('face-box')).toHaveLength(3);
    expect(screen.getByTestId('face-overlay').getAttribute('viewBox')).toBe('0 0 1920 1280');
    expect(screen.getAllByTestId('face-caption').map((node) => node.textContent)).toEqual([
      '1 · 0.95',
      '2 · 0.93',
      '3 · 0.89',
    ]);
    expect(screen.getAllByTestId('face-score').map((node) => node.textContent)).toEqual([
      '0.947',
      '0.929',
      '0.893',
    ]);
    const boxes = screen.getAllByTestId('face-box');
    expect([boxes[0]!.getAttribute('x'), boxes[0]!.getAttribute('width')]).toEqual(['419.7', '180.8']);
    expect(screen.getAllByTestId('face-pose')[2]!.textContent).toContain('45.5°');
    expect(sent[0]!.parameter).toEqual({ nFront: 20 });
  });

  it('asks v2/facedetect for the number of faces chosen, as max_face_num', async () => {
    const sent = stubGateway('v2/facedetect', answers.detectV2Astronaut);
    await renderWithProviders(<FaceDetectDemo item={faceItem('v2/facedetect', 'boxes')} />, 'zh');
    expect(screen.getByText(/max_face_num/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('facedetect-max-faces'), { target: { value: '2' } });
    fireEvent.click(await screen.findByTestId('demo-sample-0'));
    fireEvent.click(screen.getByTestId('demo-analyse'));
    expect(await screen.findByTestId('demo-result-count')).toHaveProperty('textContent', '检测到人脸：1');
    expect(sent[0]!.parameter).toEqual({ max_face_num: 2 });
  });

  it('says "No face detected" for the cat and draws nothing', async () => {
    await analyseSample(FaceDetectDemo, faceItem('v1/facedetect', 'boxes'), {
      body: errors.detectNoFace,
      status: 400,
      sample: 2,
    });
    expect(await screen.findByText('No face detected')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('demo-analyse')).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('face-overlay')).toBeNull();
    expect(screen.queryByTestId('demo-result-count')).toBeNull();
  });

  it('says when an image URL cannot be loaded, and does not send it', async () => {
    const sent = stubGateway('v1/facedetect', answers.detectV1Sample1);
    await renderWithProviders(<FaceDetectDemo item={faceItem('v1/facedetect', 'boxes')} />, 'zh');
    fireEvent.change(screen.getByTestId('demo-url-input'), {
      target: { value: 'https://example.com/gone.jpg' },
    });
    fireEvent.click(screen.getByTestId('demo-url-submit'));
    fireEvent.error(screen.getByTestId('demo-preview'));
    expect(await screen.findByText('URL 图片加载失败')).toBeTruthy();
    expect(screen.getByTestId('demo-analyse')).toHaveProperty('disabled', true);
    expect(sent).toHaveLength(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import en from '../../../../i18n/locales/en/index.ts';
import zh from '../../../../i18n/locales/zh/index.ts';
import zhTw from '../../../../i18n/locales/zh_tw/index.ts';
import { answers, errors } from '../face-kit/fixtures/index.ts';
import { analyseSample, faceItem } from '../face-kit/faceDemoTesting.ts';
import { AIBeautyDemo, BEAUTY_DEFAULTS } from './AIBeautyDemo.tsx';

const item = faceItem('v3/AIBeauty', 'image', { sampleFigure: ['/samples/astronaut.jpg'] });
const answer = answers.beautyAstronaut192;
const resultData = answer.media_info_list[0]!.media_data!;

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('AIBeautyDemo', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the settings, shows the result over the photo, offers it for download', async () => {
    const sent = await analyseSample(AIBeautyDemo, item, { body: answer });
    expect(await screen.findByTestId('beauty-face-count')).toHaveProperty(
      'textContent',
      'Faces retouched: 1',
    );
    expect(sent[0]!.parameter).toEqual({ ...BEAUTY_DEFAULTS, rsp_media_type: 'jpg' });
    expect(sent[0]!.media_info_list[0]!.media_profiles.media_data_type).toBe('jpg');

    // Before: the photo itself; after: the answer's JPEG over it.
    expect(screen.getByTestId('demo-preview').getAttribute('src')).toBe('/samples/astronaut.jpg');
    const result = screen.getByTestId('before-after-result');
    expect(result.getAttribute('src')).toBe(`data:image/jpeg;base64,${resultData}`);
    expect(result.getAttribute('alt')).toBe('The retouched photo');
    // The settings the server applied (the recorded answer used smooth 80).
    expect(screen.getByTestId('beauty-applied-smooth').textContent).toBe('80');
    expect(screen.getByTestId('beauty-applied-eye').textContent).toBe('20');

    const download = screen.getByTestId('beauty-download');
    expect(download.getAttribute('href')).toBe(`data:image/jpeg;base64,${resultData}`);
    expect(download.getAttribute('download')).toBe('pixora-ai-beauty.jpg');
    // The raw answer is shown without the long base64 text.
    const json = screen.getByTestId('demo-result-json').textContent!;
    expect(json).toMatch(/"media_data": "<base64 JPEG, \d+ KB>"/);
    expect(json).not.toContain(resultData.slice(0, 60));
  });

  it('moves the split with the arrow keys and by dragging', async () => {
    await analyseSample(AIBeautyDemo, item, { body: answer });
    const handle = await screen.findByRole('slider', { name: 'Split between before and after' });
    const result = screen.getByTestId('before-after-result');
    expect(handle.getAttribute('aria-valuenow')).toBe('50');
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('45');
    expect(result.style.clipPath).toBe('inset(0 0 0 45%)');
    fireEvent.keyDown(handle, { key: 'End' });
    expect(handle.getAttribute('aria-valuetext')).toBe('100% before');

    // jsdom lays nothing out: give the area a width, then press at a quarter of it.
    const area = screen.getByTestId('before-after');
    area.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 400 }) as DOMRect;
    fireEvent.pointerDown(area, { clientX: 200, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('25');
    fireEvent.pointerMove(area, { clientX: 400, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('75');
    fireEvent.pointerUp(area, { pointerId: 1 });
    fireEvent.pointerMove(area, { clientX: 150, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('75');
  });

  it('runs again with a setting the visitor changes after a result', async () => {
    const sent = await analyseSample(AIBeautyDemo, item, { body: answer });
    await screen.findByTestId('beauty-face-count');
    const slim = screen.getByRole('slider', { name: 'Face slimming' });
    fireEvent.keyDown(slim, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyUp(slim, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.parameter).toMatchObject({
      slim: BEAUTY_DEFAULTS.slim + 1,
      smooth: BEAUTY_DEFAULTS.smooth,
    });
  });

  it('says in the visitor language that the photo has no face', async () => {
    await analyseSample(AIBeautyDemo, item, { body: errors.beautyNoFace, status: 400, language: 'zh' });
    expect(await screen.findByText('未检测到人脸')).toBeTruthy();
    expect(screen.queryByTestId('before-after')).toBeNull();
  });

  it('names every setting in the three languages', () => {
    for (const messages of [en, zh, zhTw]) {
      const setting = (messages as { beautyDemo: { setting: Record<string, string> } }).beautyDemo.setting;
      for (const key of Object.keys(BEAUTY_DEFAULTS)) expect(setting[key]?.trim(), key).toBeTruthy();
    }
  });
});

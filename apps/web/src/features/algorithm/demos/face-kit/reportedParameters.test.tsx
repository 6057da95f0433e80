import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MenuItem } from '../../../../api/menu.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { DemoCallerContext, type DemoCaller } from '../../demo-kit/demoCaller.ts';
import { AIBeautyDemo, BEAUTY_DEFAULTS } from '../aibeauty/AIBeautyDemo.tsx';
import { FaceCharacterDemo } from '../facecharacter/FaceCharacterDemo.tsx';
import { FaceDetectDemo } from '../facedetect/FaceDetectDemo.tsx';
import { FacePointsDemo } from '../facepoints/FacePointsDemo.tsx';
import { faceItem, stubGateway } from './faceDemoTesting.ts';
import { answers } from './fixtures/index.ts';

/**
 * Renders a face demo inside a DemoCaller that records what the demo reports (the try-it panel's
 * code view listens so); the gateway answers `body` and records what was sent.
 */
async function renderReporting(Demo: ComponentType<{ item: MenuItem }>, item: MenuItem, body: unknown) {
  const reported: Array<{ endpoint: string; parameter: Record<string, unknown> }> = [];
  const caller: DemoCaller = {
    app: null,
    onParameters: (endpoint, parameter) => reported.push({ endpoint, parameter }),
  };
  const sent = stubGateway(item.endpoint, body);
  await renderWithProviders(
    <DemoCallerContext.Provider value={caller}>
      <Demo item={item} />
    </DemoCallerContext.Provider>,
  );
  return { sent, last: () => reported.at(-1) };
}

/** Picks the first sample and presses Analyse; waits until the call has gone out. */
async function analyse(sent: unknown[]) {
  fireEvent.click(await screen.findByTestId('demo-sample-0'));
  fireEvent.click(screen.getByTestId('demo-analyse'));
  await waitFor(() => expect(sent).toHaveLength(1));
}

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe(
  'the face demos report their parameters to the try-it code before any call',
  { timeout: 20_000 },
  () => {
    afterEach(() => vi.unstubAllGlobals());

    it('face detection: the most faces wanted under each endpoint’s own name, as the visitor sets it', async () => {
      const v1 = await renderReporting(
        FaceDetectDemo,
        faceItem('v1/facedetect', 'boxes'),
        answers.detectV1Sample1,
      );
      expect(v1.last()).toEqual({ endpoint: 'v1/facedetect', parameter: { nFront: 20 } });
      fireEvent.change(screen.getByTestId('facedetect-max-faces'), { target: { value: '3' } });
      await waitFor(() => expect(v1.last()?.parameter).toEqual({ nFront: 3 }));
      expect(v1.sent).toHaveLength(0);
      await analyse(v1.sent);
      expect(v1.sent[0]!.parameter).toEqual(v1.last()!.parameter);
    });

    it('face detection v2: max_face_num', async () => {
      const v2 = await renderReporting(
        FaceDetectDemo,
        faceItem('v2/facedetect', 'boxes'),
        answers.detectV2Astronaut,
      );
      expect(v2.last()).toEqual({ endpoint: 'v2/facedetect', parameter: { max_face_num: 20 } });
    });

    it('face key points: nothing for the mesh (the default), landmark_type once another layout is chosen', async () => {
      const item = faceItem('v2/facepoints', 'points');
      const { sent, last } = await renderReporting(FacePointsDemo, item, answers.points106Astronaut);
      expect(last()).toEqual({ endpoint: 'v2/facepoints', parameter: {} });
      fireEvent.click(screen.getByText('106 points'));
      await waitFor(() => expect(last()?.parameter).toEqual({ landmark_type: '106' }));
      expect(sent).toHaveLength(0);
      await analyse(sent);
      expect(sent[0]!.parameter).toEqual({ landmark_type: '106' });
    });

    it('facial feature analysis: return_attributes facial_analysis', async () => {
      const item = faceItem('v1/micro_facial_analysis', 'attributes');
      const { sent, last } = await renderReporting(FaceCharacterDemo, item, answers.characterAstronaut);
      expect(last()).toEqual({
        endpoint: 'v1/micro_facial_analysis',
        parameter: { return_attributes: 'facial_analysis' },
      });
      await analyse(sent);
      expect(sent[0]!.parameter).toEqual(last()!.parameter);
    });

    it('AI beauty: the four settings and the JPEG answer, updated as a slider moves', async () => {
      const item = faceItem('v3/AIBeauty', 'image', { sampleFigure: ['/samples/astronaut.jpg'] });
      const { sent, last } = await renderReporting(AIBeautyDemo, item, answers.beautyAstronaut192);
      expect(last()).toEqual({
        endpoint: 'v3/AIBeauty',
        parameter: { ...BEAUTY_DEFAULTS, rsp_media_type: 'jpg' },
      });
      const slim = screen.getByRole('slider', { name: 'Face slimming' });
      fireEvent.keyDown(slim, { key: 'ArrowRight', keyCode: 39 });
      fireEvent.keyUp(slim, { key: 'ArrowRight', keyCode: 39 });
      await waitFor(() =>
        expect(last()?.parameter).toEqual({
          ...BEAUTY_DEFAULTS,
          slim: BEAUTY_DEFAULTS.slim + 1,
          rsp_media_type: 'jpg',
        }),
      );
      // No result on screen yet: moving a setting reports it without calling.
      expect(sent).toHaveLength(0);
    });
  },
);

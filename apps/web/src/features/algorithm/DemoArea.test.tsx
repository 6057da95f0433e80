import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { DemoKind } from '@pixora/catalog';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { faceItem, staticSamples } from './demos/face-kit/faceDemoTesting.ts';
import { DemoArea } from './DemoArea.tsx';

// A whole demo with antd renders in jsdom; on a busy machine the first one takes seconds.
describe('DemoArea', { timeout: 20_000 }, () => {
  beforeEach(() => {
    const { fetchMock } = fakeFetch(
      (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
      staticSamples,
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['v2/facepoints', 'points', 'facepoints-demo'],
    ['v1/facedetect', 'boxes', 'facedetect-demo'],
    ['v2/facedetect', 'boxes', 'facedetect-demo'],
    ['v2/macro_facial_analysis', 'attributes', 'faceanalysis-demo'],
    ['v1/micro_facial_analysis', 'attributes', 'facecharacter-demo'],
    ['v1/face_compare', 'compare', 'facecompare-demo'],
    ['v1/baby_recognition', 'boxes', 'babyrecognition-demo'],
    ['v3/AIBeauty', 'image', 'aibeauty-demo'],
  ] as const)('presents %s (%s) with its demo', async (endpoint, kind, testId) => {
    await renderWithProviders(<DemoArea item={faceItem(endpoint, kind)} />);
    expect(await screen.findByTestId(testId, {}, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['v1/facedetect', 'attributes', true],
    ['v2/macro_facial_analysis', 'boxes', true],
    ['v1/facedetect', 'boxes', false],
  ] as const)('says the demo is not open for %s as %s (available %s)', async (endpoint, kind, available) => {
    await renderWithProviders(<DemoArea item={faceItem(endpoint, kind as DemoKind, { available })} />);
    expect(await screen.findByTestId('demo-unavailable')).toBeTruthy();
  });
});

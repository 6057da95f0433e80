import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { capabilities, demoControls } from '@pixora/catalog';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { faceItem, staticSamples } from './demos/face-kit/faceDemoTesting.ts';
import {
  apparel,
  bodyPose,
  objectDetect,
  personSplit,
  petLabels,
  servedItem,
  styleFilter,
} from './kinds/kindTesting.ts';
import { DemoArea, demoFor, overrides } from './DemoArea.tsx';

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
    ['facePoint', 'v2/facepoints', 'points', 'facepoints-demo'],
    ['faceDetect', 'v1/facedetect', 'boxes', 'facedetect-demo'],
    ['faceDetectServerVersion', 'v2/facedetect', 'boxes', 'facedetect-demo'],
    ['faceAnalysis', 'v2/macro_facial_analysis', 'attributes', 'faceanalysis-demo'],
    ['faceCharacter', 'v1/micro_facial_analysis', 'attributes', 'facecharacter-demo'],
    ['faceRecognition', 'v1/face_compare', 'compare', 'facecompare-demo'],
    ['babyRecognition', 'v1/baby_recognition', 'boxes', 'babyrecognition-demo'],
    ['aibeauty', 'v3/AIBeauty', 'image', 'aibeauty-demo'],
  ] as const)(
    'presents %s (%s) with its own demo, chosen by its key',
    async (key, endpoint, kind, testId) => {
      await renderWithProviders(<DemoArea item={faceItem(endpoint, kind, { key })} />);
      expect(await screen.findByTestId(testId, {}, { timeout: 5000 })).toBeTruthy();
    },
  );

  it('chooses by the key, whatever the endpoint and kind say', async () => {
    await renderWithProviders(<DemoArea item={faceItem('v9/elsewhere', 'labels', { key: 'faceDetect' })} />);
    expect(await screen.findByTestId('facedetect-demo', {}, { timeout: 5000 })).toBeTruthy();
  });

  it.each([
    ['boxes', objectDetect],
    ['points', bodyPose],
    ['mask', personSplit],
    ['labels', petLabels],
    ['attributes', apparel],
    ['image', styleFilter],
  ] as const)(
    'presents a served capability without a demo of its own with the %s demo',
    async (kind, contract) => {
      await renderWithProviders(<DemoArea item={servedItem('someCapability', contract)} />);
      expect(await screen.findByTestId(`kind-demo-${kind}`, {}, { timeout: 5000 })).toBeTruthy();
    },
  );

  it('prefers the demo of its own to the kind demo', async () => {
    await renderWithProviders(<DemoArea item={servedItem('aibeauty', styleFilter)} />);
    expect(await screen.findByTestId('aibeauty-demo', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('kind-demo-image')).toBeNull();
  });

  it('says the demo is not open for a kind capability that is not served', async () => {
    const item = servedItem('bodyPose', bodyPose);
    await renderWithProviders(<DemoArea item={{ ...item, available: false }} />);
    expect(await screen.findByTestId('demo-unavailable')).toBeTruthy();
  });

  it.each([
    [
      'a call of two images',
      {
        key: 'petCompare',
        demo: {
          images: 2,
          samples: [],
          view: { kind: 'boxes', list: 'pets', rectangle: 'box' },
          controls: [],
        },
      },
    ],
    [
      'a view of a kind this build has no demo for',
      { key: 'x', demo: { images: 1, samples: [], view: { kind: 'video' }, controls: [] } },
    ],
  ])('says the demo is not open for %s', async (_case, extension) => {
    await renderWithProviders(<DemoArea item={faceItem('v1/x', 'compare', extension)} />);
    expect(await screen.findByTestId('demo-unavailable')).toBeTruthy();
  });

  it.each([
    ['a capability not served', { key: 'faceDetect', available: false }],
    ['a served capability without a demo of its own or a view', { key: 'someServedKey' }],
    ['an entry without a key', {}],
  ])('says the demo is not open for %s', async (_case, extension) => {
    await renderWithProviders(<DemoArea item={faceItem('v1/facedetect', 'boxes', extension)} />);
    expect(await screen.findByTestId('demo-unavailable')).toBeTruthy();
  });
});

describe('every capability with an API written has a demo', () => {
  // The server serves exactly the capabilities whose API is written (apps/server contracts test);
  // here each of those must find a demo: its own by key, or its kind's through the contract's view.
  const written = capabilities.filter((c) => c.api);

  it.each(written.map((c) => [c.key, c] as const))('%s', (key, capability) => {
    const api = capability.api!;
    const demo = {
      images: api.images,
      samples: [],
      ...(api.view ? { view: api.view } : {}),
      controls: demoControls(api),
    };
    const item = faceItem(api.endpoint, capability.kind, { key, demo });
    expect(demoFor(item), key).not.toBeNull();
  });

  it('knows no override for a key that has no API', () => {
    for (const key of Object.keys(overrides)) expect(written.map((c) => c.key)).toContain(key);
  });
});

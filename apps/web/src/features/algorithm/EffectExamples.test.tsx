import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { EffectExamples } from './EffectExamples.tsx';

describe("a capability page's examples", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the sample photo and the platform’s result on it', async () => {
    const { fetchMock } = fakeFetch((url) =>
      url === '/api/v1/effect/byAlgorithm?id=186'
        ? json({
            code: 0,
            message: 'ok',
            data: {
              id: 186,
              status: 'ready',
              effects: [{ before: '/samples/astronaut.jpg', after: '/api/v1/effect/image/186-0.png' }],
            },
          })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<EffectExamples id={186} name="Portrait cut-out" />, 'zh_tw');
    const after = await screen.findByTestId('effect-after');
    expect(after.getAttribute('src')).toBe('/api/v1/effect/image/186-0.png');
    expect(after.getAttribute('alt')).toBe('Portrait cut-out：範例圖片的處理結果');
    expect(screen.getByText('處理前')).toBeTruthy();
  });

  it('shows nothing while there are no examples', async () => {
    const { fetchMock } = fakeFetch(() =>
      json({ code: 0, message: 'ok', data: { id: 5, status: 'pending', effects: [] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderWithProviders(<EffectExamples id={5} name="x" />, 'en');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="effect-examples"]')).toBeNull();
  });
});

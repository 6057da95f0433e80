import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import type { Language } from '../../i18n/language.ts';
import type { EffectView } from '../../api/effects.ts';
import { TechCardEffect } from './TechCardEffect.tsx';

const READY: EffectView = {
  id: 86,
  status: 'ready',
  effects: [{ before: '/samples/astronaut.jpg', after: '/api/v1/effect/image/86-0.png' }],
};

/** The menu and the examples API as the server answers them; answers the example requests made. */
async function renderEffect(path: string, view: EffectView | undefined, language: Language = 'en') {
  const asked: string[] = [];
  const { fetchMock } = fakeFetch(
    (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
    (url) => {
      if (!url.startsWith('/api/v1/effect/byAlgorithm')) return undefined;
      asked.push(url);
      return json({ code: 0, message: 'ok', data: view });
    },
  );
  vi.stubGlobal('fetch', fetchMock);
  const rendered = await renderWithProviders(<TechCardEffect path={path} name="Face Key Points" />, language);
  return { asked, container: rendered.container };
}

describe('the before/after example of a home technology card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the ready example of the card’s capability once both images have loaded, lazily, with alt texts', async () => {
    const { asked } = await renderEffect('/algorithm/faceTechnology/facepointdetect', READY);
    const pair = await screen.findByTestId('tech-card-effect');
    expect(asked).toEqual(['/api/v1/effect/byAlgorithm?id=86']);
    const [before, after] = screen.getAllByRole('img', { hidden: true }) as HTMLImageElement[];
    expect(before!.getAttribute('src')).toBe('/samples/astronaut.jpg');
    expect(after!.getAttribute('src')).toBe('/api/v1/effect/image/86-0.png');
    expect([before!.getAttribute('loading'), after!.getAttribute('loading')]).toEqual(['lazy', 'lazy']);
    expect(before!.alt).toBe('Face Key Points: the sample photo');
    expect(after!.alt).toBe('Face Key Points: the result on the sample photo');
    // Hidden until both pictures are in: never half a pair.
    expect(pair.getAttribute('data-shown')).toBe('false');
    expect(pair.getAttribute('aria-hidden')).toBe('true');
    fireEvent.load(before!);
    expect(pair.getAttribute('data-shown')).toBe('false');
    fireEvent.load(after!);
    expect(pair.getAttribute('data-shown')).toBe('true');
    expect(pair.getAttribute('aria-hidden')).toBeNull();
    expect(pair.textContent).toBe('BeforeAfter');
  });

  it.each([
    ['zh', 'Face Key Points：示例原图', 'Face Key Points：示例图片的处理结果', '处理前处理后'],
    ['zh_tw', 'Face Key Points：範例原圖', 'Face Key Points：範例圖片的處理結果', '處理前處理後'],
  ] as const)('speaks %s', async (language, beforeAlt, afterAlt, captions) => {
    await renderEffect('/algorithm/faceTechnology/facepointdetect', READY, language);
    const pair = await screen.findByTestId('tech-card-effect');
    const [before, after] = screen.getAllByRole('img', { hidden: true }) as HTMLImageElement[];
    expect([before!.alt, after!.alt]).toEqual([beforeAlt, afterAlt]);
    expect(pair.textContent).toBe(captions);
  });

  it('shows nothing while the examples are being made, or for a capability without any', async () => {
    for (const status of ['pending', 'none'] as const) {
      const { asked, container } = await renderEffect('/algorithm/faceTechnology/facepointdetect', {
        id: 86,
        status,
        effects: [],
      });
      await waitFor(() => expect(asked).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(container.querySelector('img')).toBeNull();
      vi.unstubAllGlobals();
    }
  });

  it('shows nothing, not a broken image, when a picture fails to load', async () => {
    await renderEffect('/algorithm/faceTechnology/facepointdetect', READY);
    await screen.findByTestId('tech-card-effect');
    const [before, after] = screen.getAllByRole('img', { hidden: true });
    fireEvent.load(before!);
    fireEvent.error(after!);
    expect(screen.queryByTestId('tech-card-effect')).toBeNull();
    expect(screen.queryAllByRole('img', { hidden: true })).toEqual([]);
  });

  it('asks nothing for a card whose capability is not served', async () => {
    const { asked, container } = await renderEffect('/algorithm/faceTechnology/faceDetect', READY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(container.querySelector('img')).toBeNull();
  });
});

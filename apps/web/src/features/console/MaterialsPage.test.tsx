import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '../account/testTimeouts.ts';
import { MemoryRouter } from 'react-router';
import type { MaterialView } from '@pixora/catalog';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { menuResponse } from '../../test/fixtures/menu.ts';
import { resetSessionForTests } from '../account/session.ts';
import { MaterialsPage } from './MaterialsPage.tsx';

const stamp = '2026-11-26T10:00:00.000Z';
const material = (id: number, value: string, en: string, more: Partial<MaterialView> = {}): MaterialView => ({
  id,
  type: 'sticker',
  value,
  name: { zh: en, zh_tw: en, en },
  bundled: false,
  enabled: true,
  sort_order: id,
  preview: `/api/v1/materials/${id}/file`,
  width: 120,
  height: 120,
  size: 2048,
  settings: { anchor: 'nose', scale: 2 },
  owner_id: 7,
  created_at: stamp,
  updated_at: stamp,
  ...more,
});

describe('the materials page', () => {
  beforeEach(() => resetSessionForTests({ domainChecked: true, token: 'tok', roles: ['material'] }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stickers with their pictures in order, switches one off, moves one, and refuses a file over 5 MB before sending it', async () => {
    const { fetchMock, calls } = fakeFetch(
      (url) => (url.startsWith('/api/v1/menu/') ? json(menuResponse) : undefined),
      (url, init) =>
        url.startsWith('/api/v1/admin/materials') && (!init?.method || init.method === 'GET')
          ? json({
              code: 0,
              message: 'ok',
              data: {
                materials: [
                  material(1, 'glasses', 'Round glasses', {
                    bundled: true,
                    preview: '/samples/stickers/glasses.png',
                    settings: {},
                    owner_id: null,
                    width: null,
                    height: null,
                  }),
                  material(12, 'm12', 'Green ring'),
                ],
              },
            })
          : undefined,
      (url) =>
        url.startsWith('/api/v1/admin/materials/') ? json({ code: 0, message: 'ok', data: null }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(
      <MemoryRouter>
        <MaterialsPage />
      </MemoryRouter>,
      'en',
    );
    const grid = await screen.findByTestId('material-grid');
    const cards = within(grid).getAllByTestId('material-card');
    expect(cards.map((c) => c.getAttribute('data-value'))).toEqual(['glasses', 'm12']);
    expect(within(cards[1]!).getByRole('img', { name: 'Green ring' }).getAttribute('src')).toBe(
      '/api/v1/materials/12/file',
    );
    expect(cards[1]!.textContent).toContain('On the nose, 2 eye distances wide');
    expect(screen.getByTestId('material-read-by').textContent).toContain('v1/EmojMaterialH5');

    fireEvent.click(within(cards[1]!).getByRole('switch', { name: 'Green ring offered' }));
    await waitFor(() =>
      expect(calls.find((c) => c.init?.method === 'PATCH')?.init?.body).toBe(
        JSON.stringify({ enabled: false }),
      ),
    );
    const up = within(cards[1]!).getByRole('button', { name: 'Move Green ring up' });
    await waitFor(() => expect(up).toHaveProperty('disabled', false));
    fireEvent.click(up);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/admin/materials/12/move')).toBe(true));
    // The first one cannot move up, the last not down.
    expect(within(cards[0]!).getByRole('button', { name: 'Move Round glasses up' })).toHaveProperty(
      'disabled',
      true,
    );

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('material-file'), { target: { files: [big] } });
    expect(await screen.findByText('File too large: a material file is at most 5 MB.')).toBeTruthy();
  });
});

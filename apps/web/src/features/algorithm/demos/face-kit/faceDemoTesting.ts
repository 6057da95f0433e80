import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { DemoKind } from '@pixora/catalog';
import { toMenuItem, type MenuItem } from '../../../../api/menu.ts';
import type { Language } from '../../../../i18n/language.ts';
import { fakeFetch, json, renderWithProviders } from '../../../../test/render.tsx';

/** Helpers of the face demo tests (imported by tests only). */

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../public');

/** The site's sample photos and their list, read from public/samples. */
export function staticSamples(url: string): Response | undefined {
  if (!url.startsWith('/samples/')) return undefined;
  const bytes = readFileSync(path.join(publicDir, url));
  return new Response(bytes, {
    headers: { 'Content-Type': url.endsWith('.json') ? 'application/json' : 'image/jpeg' },
  });
}

/** A menu entry of the face family as the menu API sends it. */
export function faceItem(
  endpoint: string,
  demoKind: DemoKind,
  extension: Record<string, unknown> = {},
): MenuItem {
  return toMenuItem({
    Id: 1,
    ParentId: 1001,
    Name: endpoint,
    NameI18N: '{}',
    Comment: '',
    CommentI18N: '{}',
    Extension: JSON.stringify({ demoKind, available: true, ...extension }),
    Url: `/algorithm/faceTechnology/${endpoint.replace(/\W/g, '')}`,
    Endpoint: endpoint,
    MenuType: 0,
    Display: 0,
    Status: 2,
    Children: [],
  });
}

export interface SentBody {
  parameter: Record<string, unknown>;
  media_info_list: Array<{ media_data: string; media_profiles: { media_data_type: string } }>;
}

/** Answers calls to `endpoint` with `body` (status 200, or the error's status) and records what was sent. */
export function stubGateway(endpoint: string, body: unknown, status = 200) {
  const sent: SentBody[] = [];
  const { fetchMock } = fakeFetch(staticSamples, (url, init) => {
    if (url !== `/${endpoint}`) return undefined;
    sent.push(JSON.parse(String(init?.body)) as SentBody);
    return json(body, status);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

/**
 * Renders a one-image face demo in `language`, picks a sample (the first by default), presses
 * Analyse, and returns what reached the gateway, which answers `body` with `status`.
 */
export async function analyseSample(
  Demo: ComponentType<{ item: MenuItem }>,
  item: MenuItem,
  options: { body: unknown; status?: number; language?: Language; sample?: number },
): Promise<SentBody[]> {
  const sent = stubGateway(item.endpoint, options.body, options.status);
  await renderWithProviders(createElement(Demo, { item }), options.language ?? 'en');
  fireEvent.click(await screen.findByTestId(`demo-sample-${options.sample ?? 0}`));
  fireEvent.click(screen.getByTestId('demo-analyse'));
  return sent;
}

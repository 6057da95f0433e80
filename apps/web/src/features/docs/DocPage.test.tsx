import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { DocPage } from './DocPage.tsx';
import type { DocNode } from './docsApi.ts';

const node = (Id: number, PId: number, Title: string, Children: DocNode[] = []): DocNode => ({
  Id,
  PId,
  Title,
  Children,
});

const tree = [
  node(100, 0, 'Getting started', [node(101, 100, 'Quick start'), node(102, 100, 'Authentication')]),
  node(110, 0, 'API reference', [node(1001, 110, 'Face Technology', [node(49, 1001, 'Face Key Points')])]),
  node(113, 0, 'FAQ'),
];

const docs: Record<string, string> = {
  '100': 'Start here.',
  '101': '## Steps\n\nRegister, then call.',
  '49': '## Example\n\n```sh\ncurl -s http://x/v2/facepoints\n```',
  '113': '## Accounts\n\n### Do I need an account?\n\nNo, the demos are open.',
};

function visit(path: string) {
  const router = createMemoryRouter([{ path: '/doc', Component: DocPage }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />).then(() => router);
}

describe('DocPage', () => {
  let calls: Array<{ url: string }>;
  beforeEach(() => {
    const fake = fakeFetch((url) => {
      if (url.startsWith('/api/v1/doc/?')) return json({ code: 0, data: { data: tree } });
      const id = /^\/api\/v1\/doc\/(\d+)/.exec(url)?.[1];
      if (id && docs[id] !== undefined) {
        const title = tree
          .flatMap(function all(n): DocNode[] {
            return [n, ...n.Children.flatMap(all)];
          })
          .find((n) => String(n.Id) === id)!.Title;
        return json({ code: 0, data: { Id: Number(id), PId: 0, Title: title, Content: docs[id] } });
      }
      if (id) return json({ ErrorCode: 21017, ErrorMsg: 'Not found' }, 404);
      return undefined;
    });
    calls = fake.calls;
    vi.stubGlobal('fetch', fake.fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the first document when no id is given', async () => {
    const router = await visit('/doc');
    await waitFor(() => expect(router.state.location.search).toBe('?id=100'), { timeout: 5000 });
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(
      'Getting started',
    );
  });

  it('shows the FAQ at id 113 and marks it as the current document in the tree', async () => {
    await visit('/doc?id=113');
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe('FAQ');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toContain('Do I need an account?');
    const current = within(screen.getByTestId('doc-tree')).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('FAQ');
    expect(calls.some((c) => c.url.startsWith('/api/v1/doc/113'))).toBe(true);
  });

  it('opens the ancestors of the current document and keeps the type query on links', async () => {
    await visit('/doc?id=49&type=api');
    await screen.findByTestId('code-block', {}, { timeout: 5000 });
    const treeView = screen.getByTestId('doc-tree');
    const current = within(treeView).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Face Key Points');
    expect(within(treeView).getByText('Quick start').getAttribute('href')).toBe('/doc?id=101&type=api');
    const toggle = within(treeView).getByRole('button', { name: 'Collapse Getting started' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(treeView).queryByText('Quick start')).toBeNull();
  });

  it('says so when a document does not exist', async () => {
    await visit('/doc?id=999');
    expect(await screen.findByTestId('doc-missing', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Document not found')).toBeTruthy();
  });
});

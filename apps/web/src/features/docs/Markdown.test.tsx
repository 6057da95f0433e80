import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '../../test/render.tsx';
import { Markdown } from './Markdown.tsx';
import { linkKind, outline, parseMarkdown } from './markdown.ts';

const render = (source: string) =>
  renderWithProviders(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );

describe('Markdown', () => {
  it('shows raw HTML as text and never creates script or event-handler elements', async () => {
    const { container } = await render(
      [
        '<script>window.hacked = true</script>',
        '',
        'Text <img src=x onerror="window.hacked = true"> and <b onclick="x()">bold</b>',
        '',
        '<iframe src="https://evil.example"></iframe>',
      ].join('\n'),
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.innerHTML).not.toMatch(/<[^>]+\sonerror=/i);
    expect(container.innerHTML).not.toMatch(/<[^>]+\sonclick=/i);
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect(container.textContent).toContain('onerror="window.hacked = true"');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('drops links to javascript: and data: addresses', async () => {
    const { container } = await render(
      '[one](javascript:alert(1)) [two](JAVASCRIPT:alert(1)) [three](data:text/html,<b>x</b>) ![four](javascript:x)',
    );
    for (const a of container.querySelectorAll('a'))
      expect(a.getAttribute('href')).not.toMatch(/^(javascript|data):/i);
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders headings with anchors, tables, code blocks and internal and external links', async () => {
    const { container } = await render(
      [
        '## Request parameters',
        '',
        '| Field | Type |',
        '| --- | :---: |',
        '| `api_key` | string |',
        '',
        '```sh',
        'curl -s http://localhost:8080/v2/facepoints',
        '```',
        '',
        'See the [FAQ](/doc?id=113), [the site](https://example.com) or [mail](mailto:a@b.example).',
        '',
        '## Request parameters',
      ].join('\n'),
    );
    const headings = container.querySelectorAll('h2');
    expect([...headings].map((h) => h.id)).toEqual(['request-parameters', 'request-parameters-2']);
    expect(container.querySelector('th')!.textContent).toBe('Field');
    expect((container.querySelectorAll('th')[1] as HTMLElement).style.textAlign).toBe('center');
    expect(container.querySelector('td code')!.textContent).toBe('api_key');
    const block = screen.getByTestId('code-block');
    expect(block.dataset.language).toBe('sh');
    expect(block.querySelector('code')!.textContent).toBe('curl -s http://localhost:8080/v2/facepoints');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByText('FAQ').getAttribute('href')).toBe('/doc?id=113');
    const external = screen.getByText('the site');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('mail').getAttribute('href')).toBe('mailto:a@b.example');
  });

  it('gives the outline the same ids as the rendered headings, Chinese included', () => {
    expect(outline(parseMarkdown('## 1. 鉴权认证\n\ntext\n\n### Sub part\n\n#### deep'))).toEqual([
      { level: 2, text: '1. 鉴权认证', id: '1-鉴权认证' },
      { level: 3, text: 'Sub part', id: 'sub-part' },
    ]);
  });

  it('classifies link targets', () => {
    expect(linkKind('/doc?id=1')).toBe('internal');
    expect(linkKind('//evil.example')).toBe('unsafe');
    expect(linkKind('#top')).toBe('hash');
    expect(linkKind('https://a.example')).toBe('external');
    expect(linkKind('mailto:x@y.z')).toBe('mail');
    expect(linkKind('vbscript:x')).toBe('unsafe');
  });
});

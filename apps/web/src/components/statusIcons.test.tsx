import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { statusIcons } from './statusIcons.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { renderWithProviders } from '../test/render.tsx';
import en from '../i18n/locales/en/index.ts';
import zh from '../i18n/locales/zh/index.ts';
import zhTw from '../i18n/locales/zh_tw/index.ts';

describe('status icons', () => {
  it('maps the five statuses to their icons', () => {
    expect([2, 3, 4, 5].map((status) => statusIcons(status, false))).toEqual([
      ['hot'],
      ['beta'],
      ['new'],
      ['hot', 'new'],
    ]);
    expect(statusIcons(0)).toEqual([]);
    expect(statusIcons(6, true)).toEqual([]);
  });

  it('shows the internal-test icon of status 1 on the internal domain only', () => {
    expect(statusIcons(1, true)).toEqual(['internal']);
    expect(statusIcons(1, false)).toEqual([]);
    expect(statusIcons(1)).toEqual([]);
    expect(statusIcons(5, true)).toEqual(['hot', 'new']);
  });

  it('has a label for every icon in the three languages', () => {
    for (const messages of [en, zh, zhTw]) {
      const labels = (messages as { status: Record<string, string> }).status;
      for (const icon of ['internal', 'hot', 'beta', 'new']) expect(labels[icon]).toBeTruthy();
    }
  });

  it('renders hot plus new for status 5, and the internal pill only when asked', async () => {
    await renderWithProviders(
      <>
        <StatusBadge status={5} />
        <StatusBadge status={1} />
        <StatusBadge status={1} internalDomain />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Hot' })).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getAllByText('Internal test')).toHaveLength(1);
  });
});

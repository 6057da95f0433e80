import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ToolBox } from './ToolBox.tsx';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { resetSessionForTests } from '../account/session.ts';

const config = {
  companyName: 'Pixora',
  contactEmail: 'help@pixora.example',
  legalEmail: 'law@pixora.example',
  businessEmail: 'biz@pixora.example',
  telecomLicence: 'ICP 1',
  cultureLicence: 'Culture 2',
  outbox: false,
};

function serve() {
  const { fetchMock } = fakeFetch((url) =>
    url === '/api/v1/site/config' ? json({ code: 0, message: 'ok', data: config }) : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
}

describe('tool box', () => {
  // The dialog is a lazy chunk (antd form and upload): loaded once here, not inside a test's time.
  beforeAll(async () => {
    await import('../feedback/FeedbackDialog.tsx');
  }, 30_000);

  afterEach(() => {
    vi.unstubAllGlobals();
    resetSessionForTests();
    window.scrollY = 0;
  });

  it('offers feedback on the internal domain when signed in, and opens the dialog', async () => {
    serve();
    resetSessionForTests({ token: 'tok', domain: 'IN', domainChecked: true });
    await renderWithProviders(<ToolBox />);
    fireEvent.click(screen.getByTestId('toolbox-feedback'));
    expect(await screen.findByTestId('feedback-dialog', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);

  it('offers no feedback outside, or inside when signed out', async () => {
    serve();
    for (const state of [
      { token: 'tok', domain: 'OUT' as const },
      { token: null, domain: 'IN' as const },
    ]) {
      resetSessionForTests({ ...state, domainChecked: true });
      const { unmount } = await renderWithProviders(<ToolBox />);
      expect(screen.getByTestId('toolbox-support')).toBeTruthy();
      expect(screen.queryByTestId('toolbox-feedback')).toBeNull();
      unmount();
    }
  });

  it('mails the address of the site settings and shows back to top from 200 px', async () => {
    serve();
    await renderWithProviders(<ToolBox />);
    await vi.waitFor(() =>
      expect(screen.getByTestId('toolbox-mail').getAttribute('href')).toBe('mailto:help@pixora.example'),
    );
    expect(screen.queryByTestId('toolbox-top')).toBeNull();
    act(() => {
      window.scrollY = 200;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByTestId('toolbox-top')).toBeTruthy();
  });
});

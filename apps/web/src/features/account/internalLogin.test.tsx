import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import './testTimeouts.ts';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { LoginDialog } from './LoginDialog.tsx';
import { closeLoginDialog, openLoginDialog } from './loginDialog.ts';
import { clearStoredRedirect, resetSessionForTests, storedRedirect } from './session.ts';
import { browserLocation, qrMessageTarget } from './workQr.ts';

const FRAME = {
  url: 'https://qr.example.com/sso/qrConnect?appid=corp1&agentid=1000002',
  origin: 'https://qr.example.com',
  redirect_uri: 'https://open.example.com/logining',
};

describe('messages of the work-account QR frame', () => {
  const target = (origin: string, data: unknown) => qrMessageTarget({ origin, data }, FRAME);

  it('follows an address of this site sent by the work-login origin', () => {
    expect(target('https://qr.example.com', 'https://open.example.com/logining?code=1&state=s')).toBe(
      'https://open.example.com/logining?code=1&state=s',
    );
  });

  it('ignores other origins, other sites, scripts and anything but text', () => {
    expect(target('https://evil.example', 'https://open.example.com/logining?code=1')).toBeNull();
    expect(target('https://qr.example.com', 'https://evil.example/phish')).toBeNull();
    expect(target('https://qr.example.com', 'javascript:alert(1)')).toBeNull();
    expect(target('https://qr.example.com', { url: 'https://open.example.com/' })).toBeNull();
    expect(target('https://qr.example.com', 'not an address')).toBeNull();
  });
});

describe('login dialog by network', () => {
  afterEach(() => {
    act(() => closeLoginDialog());
    vi.unstubAllGlobals();
  });

  const render = async () => {
    await renderWithProviders(
      <MemoryRouter initialEntries={['/algorithm/faceTechnology/facepointdetect?t=1']}>
        <LoginDialog />
      </MemoryRouter>,
      'en',
    );
    act(() => openLoginDialog('LOGIN'));
  };

  const captcha = (url: string) =>
    url === '/api/v1/user/captcha' ? json({ code: 0, message: 'ok', data: { captchaid: 'c1' } }) : undefined;

  describe('internal (IN), nothing configured', () => {
    beforeEach(() => {
      resetSessionForTests({ domain: 'IN', domainChecked: true });
      vi.stubGlobal(
        'fetch',
        fakeFetch(captcha, (url) =>
          url === '/api/v1/user/internalLogin'
            ? json({ code: 0, message: 'ok', data: { oa: false, qr: null } })
            : undefined,
        ).fetchMock,
      );
    });

    it('offers OA, QR-code and password login, saying which are not set up', async () => {
      await render();
      const tabs = await screen.findAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(['OA login', 'QR code login', 'Password login']);
      expect(
        await screen.findByText('OA login is not set up on this platform. Please use password login.'),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('tab', { name: 'QR code login' }));
      expect(
        await screen.findByText('QR code login is not set up on this platform. Please use password login.'),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('tab', { name: 'Password login' }));
      expect(await screen.findByTestId('login-form')).toBeTruthy();
    });
  });

  describe('internal (IN), OA and QR configured', () => {
    const frame = { ...FRAME, redirect_uri: `${window.location.origin}/logining` };
    beforeEach(() => {
      resetSessionForTests({ domain: 'IN', domainChecked: true });
      clearStoredRedirect();
      vi.stubGlobal(
        'fetch',
        fakeFetch(captcha, (url) =>
          url === '/api/v1/user/internalLogin'
            ? json({ code: 0, message: 'ok', data: { oa: true, qr: frame } })
            : undefined,
        ).fetchMock,
      );
    });
    afterEach(() => vi.restoreAllMocks());

    it('frames the OA start, which sends the provider back to /logining, or opens it in the window', async () => {
      await render();
      const oa = (await screen.findByTestId('oa-frame')) as HTMLIFrameElement;
      const src = new URL(oa.getAttribute('src')!, window.location.origin);
      expect(src.pathname).toBe('/api/v1/user/oauth/authorize');
      expect(src.searchParams.get('redirect_url')).toBe(`${window.location.origin}/logining`);

      // A provider that refuses framing: the whole window goes, keeping the page to come back to.
      const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
      fireEvent.click(screen.getByRole('button', { name: /Open OA login in this window/ }));
      expect(assign).toHaveBeenCalledWith(oa.getAttribute('src'));
      expect(storedRedirect()).toBe('/algorithm/faceTechnology/facepointdetect?t=1');
    });

    it('frames the QR page and follows only the work-login origin, keeping the page to come back to', async () => {
      const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
      await render();
      fireEvent.click(await screen.findByRole('tab', { name: 'QR code login' }));
      const qr = (await screen.findByTestId('qr-frame')) as HTMLIFrameElement;
      expect(qr.getAttribute('src')).toBe(FRAME.url);

      const back = `${window.location.origin}/logining?code=c1&state=s1`;
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: back }));
      });
      expect(assign).not.toHaveBeenCalled();
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { origin: FRAME.origin, data: back }));
      });
      expect(assign).toHaveBeenCalledWith(back);
      expect(storedRedirect()).toBe('/algorithm/faceTechnology/facepointdetect?t=1');
    });
  });

  describe('outside (OUT)', () => {
    beforeEach(() => {
      resetSessionForTests({ domain: 'OUT', domainChecked: true });
      vi.stubGlobal('fetch', fakeFetch(captcha).fetchMock);
    });

    it('offers password login only', async () => {
      await render();
      expect(await screen.findByTestId('login-form')).toBeTruthy();
      expect(screen.queryAllByRole('tab')).toHaveLength(0);
    });
  });
});

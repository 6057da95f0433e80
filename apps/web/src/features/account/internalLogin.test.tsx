import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { LoginDialog } from './LoginDialog.tsx';
import { closeLoginDialog, openLoginDialog } from './loginDialog.ts';
import { resetSessionForTests } from './session.ts';
import { qrMessageTarget, workQrFrame } from './workQr.ts';

describe('work-account QR login parameters', () => {
  it('builds the frame address from the build-time settings', () => {
    const frame = workQrFrame({
      url: 'https://qr.example.com/sso/qrConnect',
      appid: 'corp1',
      agentid: '1000002',
      redirectUri: 'https://open.example.com/logining',
      state: 'pixora',
      loginType: 'jssdk',
      style: 'black',
    });
    expect(frame?.origin).toBe('https://qr.example.com');
    const src = new URL(frame!.src);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      appid: 'corp1',
      agentid: '1000002',
      redirect_uri: 'https://open.example.com/logining',
      state: 'pixora',
      login_type: 'jssdk',
      style: 'black',
    });
  });

  it('is off until the address, appid, agentid and redirect_uri are all set', () => {
    expect(workQrFrame({})).toBeNull();
    expect(workQrFrame({ url: 'https://qr.example.com', appid: 'a', agentid: 'b' })).toBeNull();
    expect(workQrFrame({ url: 'not a url', appid: 'a', agentid: 'b', redirectUri: 'c' })).toBeNull();
  });

  it('follows only http(s) addresses sent by the frame', () => {
    expect(qrMessageTarget('https://open.example.com/logining?code=1&state=s')).toBe(
      'https://open.example.com/logining?code=1&state=s',
    );
    expect(qrMessageTarget('javascript:alert(1)')).toBeNull();
    expect(qrMessageTarget({ url: 'https://x' })).toBeNull();
  });
});

describe('login dialog by network', () => {
  afterEach(() => {
    act(() => closeLoginDialog());
    vi.unstubAllGlobals();
  });

  const render = async () => {
    await renderWithProviders(
      <MemoryRouter>
        <LoginDialog />
      </MemoryRouter>,
      'en',
    );
    act(() => openLoginDialog('LOGIN'));
  };

  describe('internal (IN)', () => {
    beforeEach(() => {
      resetSessionForTests({ domain: 'IN', domainChecked: true });
      // The OA start answers 400 (30008) while no provider is configured.
      vi.stubGlobal(
        'fetch',
        fakeFetch(
          (url) =>
            url === '/api/v1/user/captcha'
              ? json({ code: 0, message: 'ok', data: { captchaid: 'c1' } })
              : undefined,
          (url) =>
            url.startsWith('/api/v1/user/oauth/authorize')
              ? json({ code: 30008, message: 'Third-party login failed' }, 400)
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

  describe('outside (OUT)', () => {
    beforeEach(() => {
      resetSessionForTests({ domain: 'OUT', domainChecked: true });
      vi.stubGlobal(
        'fetch',
        fakeFetch((url) =>
          url === '/api/v1/user/captcha'
            ? json({ code: 0, message: 'ok', data: { captchaid: 'c1' } })
            : undefined,
        ).fetchMock,
      );
    });

    it('offers password login only', async () => {
      await render();
      expect(await screen.findByTestId('login-form')).toBeTruthy();
      expect(screen.queryAllByRole('tab')).toHaveLength(0);
    });
  });
});

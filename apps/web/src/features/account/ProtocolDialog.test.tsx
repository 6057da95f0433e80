import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import './testTimeouts.ts';
import type { Profile } from '../../api/account.ts';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import { ACCOUNT_EVENTS } from './events.ts';
import {
  PROTOCOL_COUNTDOWN_SECONDS,
  PROTOCOL_DIALOG_WIDTH,
  PROTOCOL_RESET_DELAY_MS,
  ProtocolDialog,
} from './ProtocolDialog.tsx';
import { closeProtocolReadOnly, openProtocolReadOnly } from './protocolView.ts';
import { resetSessionForTests, session } from './session.ts';

const VERSION = '1767225600';
const profile = (agreement: string): Profile => ({
  Addr: '',
  BusinessId: 0,
  Company: 'Pixora Labs',
  CreatedAt: '',
  LocationId: 0,
  RealName: 'Ada_L',
  UpdatedAt: '',
  agreement,
  Email: 'ada@example.com',
  Phone: '',
  Industry: '',
  CompanySize: 0,
});

const agreeButton = () => screen.getByTestId('protocol-agree') as HTMLButtonElement;
const logoutButton = () => screen.getByTestId('protocol-logout') as HTMLButtonElement;
const dialogShown = () => {
  const body = screen.queryByTestId('protocol-dialog');
  return (
    body !== null &&
    body.closest('.ant-modal-wrap')?.getAttribute('style')?.includes('display: none') !== true
  );
};
const tick = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('protocol acceptance dialog', () => {
  beforeEach(() => {
    resetSessionForTests({
      token: 'tok',
      roles: ['user'],
      name: 'Ada_L',
      profile: profile('1587312000'),
      protocolVersion: VERSION,
      protocolChanged: true,
      domainChecked: true,
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    closeProtocolReadOnly();
  });

  async function renderDialog() {
    // Languages load before the clock is frozen; the countdown then runs on fake timers.
    const view = await renderWithProviders(<ProtocolDialog />, 'en');
    return view;
  }

  it('keeps both buttons disabled for the 5-second countdown, showing the seconds', async () => {
    vi.useFakeTimers();
    await renderDialog();
    expect(dialogShown()).toBe(true);
    expect(agreeButton().disabled).toBe(true);
    expect(logoutButton().disabled).toBe(true);
    expect(agreeButton().textContent).toContain(`${PROTOCOL_COUNTDOWN_SECONDS}`);
    expect(screen.getByTestId('protocol-countdown').textContent).toBe('Please read for 5 more seconds.');

    await tick(1000);
    expect(agreeButton().textContent).toContain('4');
    await tick(3000);
    expect(agreeButton().disabled).toBe(true);
    await tick(1000);
    expect(agreeButton().disabled).toBe(false);
    expect(logoutButton().disabled).toBe(false);
    expect(agreeButton().textContent?.replace(/\s/g, '')).toBe('Agree');
    expect(screen.queryByTestId('protocol-countdown')).toBeNull();
  });

  it('cannot be dismissed by Escape or a click outside, and has no close button', async () => {
    vi.useFakeTimers();
    await renderDialog();
    const wrap = screen.getByTestId('protocol-dialog').closest('.ant-modal-wrap')!;
    fireEvent.keyDown(wrap, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.activeElement ?? document.body, {
      key: 'Escape',
      code: 'Escape',
      keyCode: 27,
    });
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    await tick(PROTOCOL_COUNTDOWN_SECONDS * 1000);
    expect(dialogShown()).toBe(true);
    expect(session.get().protocolChanged).toBe(true);
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    const modal = screen.getByTestId('protocol-dialog').closest('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe(`${PROTOCOL_DIALOG_WIDTH}px`);
  });

  it('agrees with the version in force, closes, clears the flag and fires the success event', async () => {
    const { fetchMock, calls } = fakeFetch((url, init) =>
      url === '/api/v1/user/profile' && init?.method === 'POST'
        ? json({
            code: 0,
            message: 'Saved',
            data: { profile: profile(VERSION), user: { Id: 1, Username: 'a', RolePermissions: '' } },
          })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const agreed = vi.fn();
    window.addEventListener(ACCOUNT_EVENTS.protocolAgreed, agreed);
    vi.useFakeTimers();
    await renderDialog();
    await tick(PROTOCOL_COUNTDOWN_SECONDS * 1000);
    fireEvent.click(agreeButton());
    await tick(0);
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ agreement: VERSION });
    expect(session.get()).toMatchObject({ protocolChanged: false, profile: { agreement: VERSION } });
    expect(agreed).toHaveBeenCalledTimes(1);
    await tick(PROTOCOL_RESET_DELAY_MS + 1000);
    expect(dialogShown()).toBe(false);
    window.removeEventListener(ACCOUNT_EVENTS.protocolAgreed, agreed);
  });

  it('shows the server message for 4 s when agreeing fails, stays open and reads the version again', async () => {
    const NEWER = '1767312000';
    const { fetchMock, calls } = fakeFetch((url, init) => {
      if (url !== '/api/v1/user/profile') return undefined;
      // The texts changed again while the dialog was open: the server refuses the old version.
      if (init?.method === 'POST')
        return json(
          {
            code: 30003,
            message: 'Invalid form: agreement: agreementRequired',
            errors: [
              {
                field: 'agreement',
                rule: 'agreementRequired',
                message: 'Please read and agree to the User Agreement and Privacy Policy',
              },
            ],
          },
          400,
        );
      return json({
        code: 0,
        message: 'ok',
        data: {
          profile: profile('1587312000'),
          user: { Id: 1, Username: 'ada@example.com', RolePermissions: '' },
          protocol_version: NEWER,
        },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
    await renderDialog();
    await tick(PROTOCOL_COUNTDOWN_SECONDS * 1000);
    fireEvent.click(agreeButton());
    await tick(0);
    const text = 'Please read and agree to the User Agreement and Privacy Policy';
    expect(screen.getByText(text)).toBeTruthy();
    expect(session.get()).toMatchObject({ protocolChanged: true, protocolVersion: NEWER });
    expect(dialogShown()).toBe(true);
    expect(agreeButton().disabled).toBe(false);
    // Still shown after 3.5 s, gone after 4 s (plus the closing animation).
    await tick(3500);
    expect(screen.queryByText(text)).toBeTruthy();
    await tick(1500);
    expect(screen.queryByText(text)).toBeNull();
    // The next agreement names the version now in force.
    fireEvent.click(agreeButton());
    await tick(0);
    const posts = calls.filter((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(posts[1]!.init!.body))).toEqual({ agreement: NEWER });
  });

  it('counts down again when it opens again after the 300 ms reset', async () => {
    vi.useFakeTimers();
    await renderDialog();
    await tick(PROTOCOL_COUNTDOWN_SECONDS * 1000);
    expect(agreeButton().disabled).toBe(false);
    act(() => session.set((state) => ({ ...state, protocolChanged: false })));
    await tick(PROTOCOL_RESET_DELAY_MS);
    act(() => session.set((state) => ({ ...state, protocolChanged: true })));
    await tick(0);
    expect(agreeButton().disabled).toBe(true);
    expect(agreeButton().textContent).toContain('5');
  });

  it('opens read-only from the personal information page with one back button', async () => {
    act(() => session.set((state) => ({ ...state, protocolChanged: false })));
    vi.useFakeTimers();
    await renderDialog();
    expect(dialogShown()).toBe(false);
    act(() => openProtocolReadOnly());
    await tick(0);
    expect(screen.getByTestId('protocol-dialog').getAttribute('data-readonly')).toBe('true');
    expect(screen.queryByTestId('protocol-agree')).toBeNull();
    expect(screen.queryByTestId('protocol-logout')).toBeNull();
    const back = screen.getByTestId('protocol-back') as HTMLButtonElement;
    expect(back.disabled).toBe(false);
    expect(screen.getByTestId('protocol-service-link').getAttribute('href')).toBe('/service-protocol');
    expect(screen.getByTestId('protocol-privacy-link').getAttribute('href')).toBe('/privacy-protocol');
    fireEvent.click(back);
    await tick(PROTOCOL_RESET_DELAY_MS + 1000);
    expect(dialogShown()).toBe(false);
  });
});

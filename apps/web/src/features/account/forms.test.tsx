import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import './testTimeouts.ts';
import { MemoryRouter } from 'react-router';
import type { RuleKey } from '@pixora/catalog';
import { fakeFetch, json, renderWithProviders } from '../../test/render.tsx';
import type { Language } from '../../i18n/language.ts';
import { LoginDialog } from './LoginDialog.tsx';
import { closeLoginDialog, loginDialog, openLoginDialog } from './loginDialog.ts';
import { RegisterPage } from './RegisterPage.tsx';
import { RULE_MESSAGE_KEYS } from './rules.ts';
import { resetSessionForTests } from './session.ts';
import en from '../../i18n/locales/en/index.ts';
import zh from '../../i18n/locales/zh/index.ts';
import zhTw from '../../i18n/locales/zh_tw/index.ts';

let captchas = 0;
const captchaHandler = (url: string, init: RequestInit | undefined) =>
  url === '/api/v1/user/captcha' && init?.method === 'POST'
    ? json({ code: 0, message: 'ok', data: { captchaid: `cap-${++captchas}` } })
    : undefined;

async function renderLogin(language: Language = 'en') {
  await renderWithProviders(
    <MemoryRouter initialEntries={['/index']}>
      <LoginDialog />
    </MemoryRouter>,
    language,
  );
  act(() => openLoginDialog('LOGIN'));
  return screen.findByTestId('login-form');
}

const captchaSrc = () => screen.getByTestId('captcha-image').getAttribute('src');

const locales = { zh, zh_tw: zhTw, en } as const;
const lookup = (messages: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('validation messages', () => {
  it('are the texts of the contract in every language, the same as the server sends', async () => {
    // The server's own table (apps/server), loaded at run time only: the web build never includes it.
    const serverFile = new URL('../../../../server/src/platform/messages.ts', import.meta.url).pathname;
    const server = (await import(/* @vite-ignore */ serverFile)) as {
      messages: Record<RuleKey, Record<Language, string>>;
    };
    for (const language of ['zh', 'zh_tw', 'en'] as const) {
      for (const [rule, key] of Object.entries(RULE_MESSAGE_KEYS) as Array<[RuleKey, string]>) {
        expect(lookup(locales[language], key), `${language} ${rule}`).toBe(server.messages[rule][language]);
      }
    }
    expect(lookup(en, RULE_MESSAGE_KEYS.passwordRange)).toBe(
      'Please use a password between 6 and 16 characters.',
    );
  });
});

describe('login dialog', () => {
  beforeEach(() => {
    resetSessionForTests({ domainChecked: true });
    vi.stubGlobal('fetch', fakeFetch(captchaHandler).fetchMock);
  });
  afterEach(() => {
    act(() => closeLoginDialog());
    vi.unstubAllGlobals();
  });

  it('checks e-mail, password and captcha before sending', async () => {
    const form = await renderLogin();
    await waitFor(() => expect(captchaSrc()).toMatch(/\/api\/v1\/user\/captcha\/cap-\d+$/));
    fireEvent.submit(form);
    expect(await within(form).findByText('Please input email')).toBeTruthy();
    expect(within(form).getByText('Please input password')).toBeTruthy();
    expect(within(form).getByText('Please input verification code')).toBeTruthy();

    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: '12345' } });
    expect(await within(form).findByText('Please input correct email')).toBeTruthy();
    expect(await within(form).findByText('Password length is incorrect')).toBeTruthy();
  });

  it('says the rules in the interface language', async () => {
    const form = await renderLogin('zh_tw');
    fireEvent.submit(form);
    expect(await within(form).findByText('請輸入郵箱')).toBeTruthy();
    expect(within(form).getByText('請輸入密碼')).toBeTruthy();
    expect(within(form).getByText('請輸入驗證碼')).toBeTruthy();
  });

  it('shows the server message and a new captcha after a failed login', async () => {
    const signin = vi.fn(() =>
      json({ code: 30001, message: 'The verification code is wrong or has expired', ErrorCode: 30001 }, 400),
    );
    vi.stubGlobal(
      'fetch',
      fakeFetch(captchaHandler, (url) => (url === '/api/v1/user/signin' ? signin() : undefined)).fetchMock,
    );
    const form = await renderLogin();
    await waitFor(() => expect(captchaSrc()).toBeTruthy());
    const first = captchaSrc();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } });
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'zzzz' } });
    fireEvent.submit(form);
    expect(await screen.findByText('The verification code is wrong or has expired')).toBeTruthy();
    // Stored too, under the error-info key.
    expect(JSON.parse(sessionStorage.getItem('errorInfo')!)).toMatchObject({
      status: 400,
      code: 30001,
      url: '/api/v1/user/signin',
    });
    await waitFor(() => expect(captchaSrc()).not.toBe(first));
    expect((screen.getByTestId('captcha-input') as HTMLInputElement).value).toBe('');
    expect(loginDialog.get().open).toBe(true);
  });

  it('goes to register and reset, and Return resets the fields back in LOGIN', async () => {
    await renderLogin();
    fireEvent.click(screen.getByTestId('to-register'));
    const register = await screen.findByTestId('register-form');
    fireEvent.change(within(register).getByTestId('mail-email'), { target: { value: 'x@example.com' } });
    fireEvent.click(screen.getByTestId('dialog-return'));
    expect(loginDialog.get().mode).toBe('LOGIN');
    fireEvent.click(await screen.findByTestId('to-changepwd'));
    const reset = await screen.findByTestId('changepwd-form');
    expect((within(reset).getByTestId('mail-email') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Reset your password')).toBeTruthy();
  });

  it('offers the remembered e-mails and fills in the last one', async () => {
    localStorage.setItem('pixora.loginEmails', JSON.stringify(['last@example.com', 'older@example.com']));
    await renderLogin();
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('last@example.com');
  });
});

/** The registration link of the page is still good. */
const linkValid = (url: string) =>
  url.startsWith('/api/v1/user/register/check')
    ? json({ code: 0, message: 'ok', data: { valid: true } })
    : undefined;

describe('full registration form', () => {
  beforeEach(() => {
    resetSessionForTests({ domainChecked: true });
    vi.stubGlobal('fetch', fakeFetch(linkValid).fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function renderRegister() {
    await renderWithProviders(
      <MemoryRouter>
        <RegisterPage token="tok" email="new@example.com" />
      </MemoryRouter>,
      'en',
    );
    return screen.findByTestId('register-page-form');
  }

  it('names every missing field with the contract messages', async () => {
    const form = await renderRegister();
    fireEvent.submit(form);
    for (const text of [
      'Please enter your real name',
      'Please enter a phone number.',
      'Please input verification code',
      'Please enter the company name',
      'Please enter the industry',
      'Please select the company size',
      'Please read and agree to the User Agreement and Privacy Policy',
    ])
      expect(await within(form).findByText(text), text).toBeTruthy();
    expect(within(form).getAllByText('Please input password')).toHaveLength(2);
  });

  it('follows the deployment: its phone regions, an international number, an optional company step', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(linkValid, (url) =>
        url.startsWith('/api/v1/user/registration_options')
          ? json({ code: 0, message: 'ok', data: { phone_regions: ['US', 'INTL'], company: 'optional' } })
          : undefined,
      ).fetchMock,
    );
    const form = await renderRegister();
    // The form starts on the first region offered: +86 is not one of them.
    await waitFor(() => expect(within(form).getByTestId('register-region').textContent).toContain('+1'));
    fireEvent.change(screen.getByTestId('register-phone'), { target: { value: '+4915112345678' } });
    expect(await within(form).findByText('Please enter a valid phone number.')).toBeTruthy();
    fireEvent.submit(form);
    expect(await within(form).findByText('Please enter your real name')).toBeTruthy();
    // The company step may be left empty here.
    for (const text of [
      'Please enter the company name',
      'Please enter the industry',
      'Please select the company size',
    ])
      expect(within(form).queryByText(text), text).toBeNull();
    expect(within(form).getByText('Company (optional)')).toBeTruthy();
  });

  it('checks characters, lengths, the phone pattern and the confirmation', async () => {
    const form = await renderRegister();
    const type = (testId: string, value: string) =>
      fireEvent.change(screen.getByTestId(testId), { target: { value } });
    type('register-real-name', 'Robert); DROP');
    type('register-password', '12345');
    type('register-confirm-password', '54321');
    type('register-phone', '123');
    type('register-company', 'ab');
    type('register-industry', 'x'.repeat(21));
    expect(
      await within(form).findByText(
        'Special characters detected. Only numbers, letters, Chinese characters and underlines are supported.',
      ),
    ).toBeTruthy();
    expect(await within(form).findByText('Please use a password between 6 and 16 characters.')).toBeTruthy();
    expect(await within(form).findByText('Inconsistent passwords. Please enter again.')).toBeTruthy();
    expect(await within(form).findByText('Please enter a valid phone number.')).toBeTruthy();
    expect(await within(form).findByText('No less than 3 characters.')).toBeTruthy();
    expect(await within(form).findByText('20 characters max')).toBeTruthy();
    type('register-company', 'c'.repeat(31));
    expect(await within(form).findByText('30 characters max')).toBeTruthy();
  });

  it('sends the whole form with the company size code, and says a wrong SMS code at its field', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      fakeFetch(linkValid, (url, init) => {
        if (url !== '/api/v1/user/register/step2') return undefined;
        posted.push(JSON.parse(String(init!.body)));
        return json(
          {
            code: 30005,
            message: 'The SMS verification code is wrong or has expired',
            ErrorCode: 30005,
            ErrorMsg: 'Wrong or expired SMS code',
          },
          400,
        );
      }).fetchMock,
    );
    const form = await renderRegister();
    const type = (testId: string, value: string) =>
      fireEvent.change(screen.getByTestId(testId), { target: { value } });
    type('register-real-name', '张三_Test');
    type('register-password', 'secret123');
    type('register-confirm-password', 'secret123');
    type('register-phone', '13800138000');
    type('register-code', '123456');
    type('register-company', 'Pixora Labs');
    type('register-industry', 'Photography');
    fireEvent.mouseDown(within(form).getAllByRole('combobox')[1]!);
    fireEvent.click(await screen.findByTitle('501-1000'));
    fireEvent.click(screen.getByTestId('register-agreement'));
    fireEvent.submit(form);
    expect(await within(form).findByText('The SMS verification code is wrong or has expired')).toBeTruthy();
    expect(posted).toEqual([
      {
        email: 'new@example.com',
        token: 'tok',
        region: 'CN',
        phone: '13800138000',
        code: '123456',
        real_name: '张三_Test',
        password: 'secret123',
        confirm_password: 'secret123',
        company: 'Pixora Labs',
        industry: 'Photography',
        company_size: -2,
        agreement: 'true',
      },
    ]);
  });

  it('asks for a valid phone before sending the SMS code, then counts down 60 s', async () => {
    const sent = vi.fn(() =>
      json({ code: 0, message: 'Verification code sent. Please notice your messages.', data: {} }),
    );
    vi.stubGlobal(
      'fetch',
      fakeFetch(linkValid, (url) => (url.startsWith('/api/v1/user/send_phone_code') ? sent() : undefined))
        .fetchMock,
    );
    const form = await renderRegister();
    fireEvent.click(screen.getByTestId('register-send-code'));
    expect(await within(form).findByText('Please enter a phone number.')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('register-phone'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByTestId('register-send-code'));
    expect(await screen.findByText('Verification code sent. Please notice your messages.')).toBeTruthy();
    expect(sent).toHaveBeenCalledTimes(1);
    const button = screen.getByTestId('register-send-code') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('60');
  });
});

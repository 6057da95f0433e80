import { expect, test, type Page } from '@playwright/test';
import {
  captchaIdIn,
  codeIn,
  latestMessage,
  registerThroughApi,
  signInThroughApi,
  solveCaptcha,
} from './support/account.ts';

/** Texts the journey expects in each language (and the server's messages). */
const LANGUAGES = {
  zh: {
    htmlLang: 'zh-CN',
    mailSent: '邮件已发送，请通过邮件中的链接继续操作。',
    codeSent: '验证码已发送。本机未配置短信网关，短信在本地发件箱（/outbox）中。',
    registerSuccess: '注册成功',
    loginSuccess: '登录成功',
    saved: '保存成功',
    captchaWrong: '图形验证码错误或已过期',
    companySize: '101-500 人',
    userInfo: '个人信息',
    logout: '退出登录',
    agree: '同意',
    user: '普通用户',
    emailRequired: '请输入邮箱',
  },
  zh_tw: {
    htmlLang: 'zh-TW',
    mailSent: '郵件已發送，請透過郵件中的連結繼續操作。',
    codeSent: '驗證碼已發送。本機未設定簡訊閘道，簡訊在本機寄件匣（/outbox）中。',
    registerSuccess: '註冊成功',
    loginSuccess: '登入成功',
    saved: '儲存成功',
    captchaWrong: '圖形驗證碼錯誤或已過期',
    companySize: '101-500 人',
    userInfo: '個人資訊',
    logout: '登出',
    agree: '同意',
    user: '一般用戶',
    emailRequired: '請輸入郵箱',
  },
  en: {
    htmlLang: 'en',
    mailSent: 'E-mail sent. Please continue from the link in the e-mail.',
    codeSent:
      'Verification code sent. No SMS gateway is set up here: the message is in the local outbox (/outbox).',
    registerSuccess: 'Register successful',
    loginSuccess: 'Login successful',
    saved: 'Saved',
    captchaWrong: 'The verification code is wrong or has expired',
    companySize: '101-500',
    userInfo: 'Personal information',
    logout: 'Logout',
    agree: 'Agree',
    user: 'User',
    emailRequired: 'Please input email',
  },
} as const;

const run = Date.now();
const PASSWORD = 'secret123';
const ADMIN = { email: 'admin@e2e.test', phone: `139${String(run).slice(-8)}`, password: 'admin-pass1' };
let adminToken = '';
let protocolVersion = Math.floor(run / 1000);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  // The admin (ADMIN_EMAILS of the e2e server) registers through the API, as a mail and SMS reader
  // would, unless a server kept from an earlier run knows it already.
  let token = await signInThroughApi(request, ADMIN.email, ADMIN.password);
  if (!token) {
    await registerThroughApi(request, { ...ADMIN, realName: 'Admin' });
    token = await signInThroughApi(request, ADMIN.email, ADMIN.password);
  }
  expect(token).toBeTruthy();
  adminToken = token!;
});

async function openUserMenuItem(page: Page, name: string) {
  await page.getByTestId('user-menu').click();
  const item = page.getByRole('menuitem', { name });
  await expect(item).toBeVisible();
  // A DOM click on the item: the menu is re-aligned while it animates in, and a pointer click at
  // coordinates taken a moment earlier sometimes lands beside it.
  await item.dispatchEvent('click');
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toHaveAttribute('data-mode', 'LOGIN');
  await dialog.getByTestId('login-email').fill(email);
  await dialog.getByTestId('login-password').fill(password);
  await solveCaptcha(dialog);
  await dialog.getByTestId('login-submit').click();
}

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`the account journey in ${language}: register, log in, edit the profile, agree to a new protocol, log out`, async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(180_000);
    const index = Object.keys(LANGUAGES).indexOf(language);
    const email = `journey-${language}-${run}@e2e.test`.toLowerCase().replace('_', '-');
    const phone = `138${String(run + index).slice(-8)}`;

    // Open the site and the register dialog.
    await page.goto(`/index?lang=${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', text.htmlLang);
    await page.getByTestId('nav-login').click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.getByTestId('to-register').click();
    await expect(dialog).toHaveAttribute('data-mode', 'REGISTER');

    // The form checks the e-mail before sending anything.
    await dialog.getByTestId('mail-submit').click();
    await expect(dialog.getByText(text.emailRequired)).toBeVisible();

    // E-mail and captcha: the mail goes out, the dialog closes, the notice says so.
    await dialog.getByTestId('mail-email').fill(email);
    await solveCaptcha(dialog);
    await dialog.getByTestId('mail-submit').click();
    const notice = page.getByTestId('mail-sent-notice');
    await expect(notice).toContainText(text.mailSent);
    await expect(dialog).toBeHidden();

    // Read the mail on the outbox page and open its link.
    await notice.getByTestId('mail-sent-outbox').click();
    await expect(page).toHaveURL(/\/outbox$/);
    const mail = page.getByTestId('outbox-message').filter({ hasText: email }).first();
    await expect(mail).toHaveAttribute('data-channel', 'mail');
    await mail.getByTestId('outbox-link').click();

    // The full registration form.
    await expect(page).toHaveURL(/\/register\?token=/);
    const form = page.getByTestId('register-page-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('register-email')).toHaveValue(email);
    await form.getByTestId('register-real-name').fill(`Tester_${language}`);
    await form.getByTestId('register-password').fill(PASSWORD);
    await form.getByTestId('register-confirm-password').fill(PASSWORD);
    await form.getByTestId('register-phone').fill(phone);
    await form.getByTestId('register-send-code').click();
    await expect(page.getByText(text.codeSent)).toBeVisible();
    await expect(form.getByTestId('register-send-code')).toBeDisabled();
    const sms = await latestMessage(request, 'sms', `+86 ${phone}`);
    await form.getByTestId('register-code').fill(codeIn(sms.text));
    await form.getByTestId('register-company').fill('Pixora Test Lab');
    await form.getByTestId('register-industry').fill('Photography');
    await form.getByTestId('register-company-size').click();
    await page.locator('.ant-select-item-option', { hasText: text.companySize }).click();
    await form.getByTestId('register-agreement').check();
    await form.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toContainText(text.registerSuccess);

    // Log in from the success page (captcha read from the database).
    await page.getByTestId('register-login-now').click();
    await expect(page.getByTestId('login-email')).toHaveValue(email);
    await logIn(page, email, PASSWORD);
    await expect(page.getByText(text.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'Admin-Token' && c.value)).toBe(true);

    // Edit the profile on the personal information page.
    await openUserMenuItem(page, text.userInfo);
    await expect(page).toHaveURL(/\/own-space\/userInfo$/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    const newName = `Renamed_${language}`;
    await page.getByTestId('profile-real-name').fill(newName);
    await page.getByTestId('profile-company').fill('Pixora Imaging Lab');
    await page.getByTestId('profile-addr').fill('1 Test Road, Xiamen');
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expect(page.getByTestId('profile-shown-name')).toHaveText(newName);
    await expect(page.getByTestId('profile-shown-addr')).toHaveText('1 Test Road, Xiamen');
    await expect(page.getByTestId('user-menu')).toContainText(newName);

    // The console shows the user's role; the admin-only page is not for this user.
    await page.goto('/open-admin/open-platform-admin');
    await expect(page.getByTestId('console-roles')).toContainText(text.user);
    await page.goto('/open-admin/users');
    await expect(page).toHaveURL(/\/404$/);

    // The agreement version changes; after a reload the acceptance dialog counts down, then agrees.
    protocolVersion += 1;
    const put = await request.put('/api/v1/admin/protocol-version', {
      data: { version: String(protocolVersion) },
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(put.status()).toBe(200);
    await page.goto('/own-space/userInfo');
    const protocol = page.getByTestId('protocol-dialog');
    await expect(protocol).toBeVisible();
    await expect(page.getByTestId('protocol-countdown')).toBeVisible();
    await expect(page.getByTestId('protocol-agree')).toBeDisabled();
    await expect(page.getByTestId('protocol-logout')).toBeDisabled();
    // Neither Escape nor a click outside dismisses it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 400);
    await expect(protocol).toBeVisible();
    await expect(page.getByTestId('protocol-agree')).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByTestId('protocol-logout')).toBeEnabled();
    // The seconds leave the labels once the countdown is over (antd spaces two-character CJK labels).
    await expect(page.getByTestId('protocol-agree')).toHaveText(
      new RegExp(`^${[...text.agree].join('\\s?')}$`),
    );
    await page.getByTestId('protocol-agree').click();
    await expect(protocol).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('protocol-dialog')).toHaveCount(0);

    // Log out: the page reloads signed out.
    await openUserMenuItem(page, text.logout);
    await expect(page.getByTestId('nav-login')).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'Admin-Token' && c.value)).toBe(false);
  });
}

test('Enter submits the login; a wrong captcha shows the error, stops loading and shows a new captcha image', async ({
  page,
}) => {
  await page.goto('/index?lang=en');
  await page.getByTestId('nav-login').click();
  const dialog = page.getByTestId('login-dialog');
  const first = await captchaIdIn(dialog);
  await dialog.getByTestId('login-email').fill(ADMIN.email);
  await dialog.getByTestId('login-password').fill(ADMIN.password);
  await dialog.getByTestId('captcha-input').fill('zzzz');
  // Enter submits the form.
  await dialog.getByTestId('captcha-input').press('Enter');
  await expect(page.getByText(LANGUAGES.en.captchaWrong)).toBeVisible();
  await expect.poll(() => captchaIdIn(dialog)).not.toBe(first);
  await expect(dialog.getByTestId('captcha-input')).toHaveValue('');
  await expect(dialog.getByTestId('login-submit')).not.toHaveClass(/ant-btn-loading/);
});

test('a protected path while signed out opens the login dialog on /index, then returns after login', async ({
  page,
  request,
}) => {
  protocolVersion += 1;
  const put = await request.put('/api/v1/admin/protocol-version', {
    data: { version: String(protocolVersion) },
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(put.status()).toBe(200);
  await page.goto('/open-admin/users?lang=en');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await logIn(page, ADMIN.email, ADMIN.password);
  // The admin has not agreed to the version just published: the dialog asks first.
  const agree = page.getByTestId('protocol-agree');
  await expect(agree).toBeEnabled({ timeout: 20_000 });
  await agree.click();
  await expect(page).toHaveURL(/\/open-admin\/users(\?lang=en)?$/);
  await expect(page.getByTestId('users-admin-page')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'journey-en-' }).first()).toBeVisible();
});

test('an ended session (401 from the console): cookie removed, the message, then the index with the login dialog', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const account = {
    email: `expired-${run}@e2e.test`,
    phone: `137${String(run).slice(-8)}`,
    password: PASSWORD,
    realName: 'Expiring',
  };
  await registerThroughApi(request, account);
  const token = (await signInThroughApi(request, account.email, account.password))!;
  await context.addCookies([{ name: 'Admin-Token', value: token, url: baseURL! }]);
  await page.goto('/own-space/userInfo?lang=en');
  await expect(page.getByTestId('profile-email')).toHaveText(account.email);

  // The session ends on the server (signed out elsewhere); the next console call answers 401.
  expect(
    (await request.post('/api/v1/user/signout', { headers: { Authorization: `Bearer ${token}` } })).ok(),
  ).toBe(true);
  // Saving the profile is a console call that now answers 401; a background console call (the
  // unread count, refetched when the window gains focus) may meet the 401 first and end the page
  // under the click. Either way the same ending must follow.
  const expired = page.getByText('login information expired, please log in again');
  await Promise.race([
    (async () => {
      await page.getByTestId('profile-real-name').fill('Still_Here');
      await page.getByTestId('profile-save').click();
    })().catch(() => undefined),
    expired.waitFor(),
  ]);
  await expect(expired).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === 'Admin-Token' && c.value)).toBe(false);
  // The error is kept in session storage.
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('errorInfo') ?? 'null'))).toMatchObject({
    status: 401,
  });
  // When the message closes (2 s), the visitor is sent to the index and asked to log in again.
  await expect(page).toHaveURL(/\/index$/, { timeout: 10_000 });
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await expect(page.getByTestId('nav-login')).toBeVisible();
});

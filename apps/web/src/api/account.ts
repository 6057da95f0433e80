import { request } from './http.ts';

/** Every console answer: `{ code: 0, message, data }`; `message` is already in the visitor's language. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** The profile as the server names its fields (spec point 3). */
export interface Profile {
  Addr: string;
  BusinessId: number;
  Company: string;
  CreatedAt: string;
  LocationId: number;
  RealName: string;
  UpdatedAt: string;
  /** Protocol version (ten-digit seconds) the user last agreed to. */
  agreement: string;
  Email: string;
  Phone: string;
  Industry: string;
  CompanySize: number;
}

/** The user record (spec point 3): RolePermissions is a comma-separated role list, empty for `user`. */
export interface UserRecord {
  Id: number;
  Username: string;
  RolePermissions: string;
}

export interface ProfileAnswer {
  profile: Profile;
  user: UserRecord;
  /** The protocol version in force, ten-digit seconds as text. */
  protocol_version: string;
}

export interface ProfileUpdate {
  addr?: string;
  business_id?: number;
  company?: string;
  location_id?: number;
  real_name?: string;
  agreement?: string;
}

export interface EmailAndCaptcha {
  email: string;
  captcha: string;
  captcha_id: string;
}

export interface Credentials extends EmailAndCaptcha {
  password: string;
}

export interface Registration {
  email: string;
  token: string;
  region: string;
  phone: string;
  code: string;
  real_name: string;
  password: string;
  confirm_password: string;
  company: string;
  industry: string;
  company_size: number;
  agreement: 'true';
}

export interface PasswordReset {
  email: string;
  token: string;
  password: string;
  confirm_password: string;
}

export interface OutboxMessage {
  id: number;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export interface AdminUser {
  id: number;
  email: string;
  real_name: string;
  role_permissions: string;
  created_at: string;
}

const USER = '/api/v1/user';

/** The image of a captcha (SVG). */
export const captchaImageUrl = (id: string) => `${USER}/captcha/${encodeURIComponent(id)}`;

/** The OA (third-party) login start; the provider sends the browser back to `redirectUrl` with `code` and `state`. */
export const oauthAuthorizeUrl = (redirectUrl: string) =>
  `${USER}/oauth/authorize?redirect_url=${encodeURIComponent(redirectUrl)}`;

export const accountApi = {
  createCaptcha: () =>
    request<Envelope<{ captchaid: string }>>(`${USER}/captcha`, { method: 'POST', body: {} }),
  signin: (body: Credentials) => request<Envelope<{ token: string }>>(`${USER}/signin`, { body }),
  signout: () => request<Envelope<unknown>>(`${USER}/signout`),
  profile: () => request<Envelope<ProfileAnswer>>(`${USER}/profile`),
  updateProfile: (body: ProfileUpdate) =>
    request<Envelope<{ profile: Profile; user: UserRecord }>>(`${USER}/profile`, { body }),
  registerStep1: (body: EmailAndCaptcha) => request<Envelope<unknown>>(`${USER}/register/step1`, { body }),
  checkRegisterLink: (token: string, email: string) =>
    request<Envelope<{ valid: boolean }>>(`${USER}/register/check`, { query: { token, email } }),
  sendPhoneCode: (region: string, phone: string) =>
    request<Envelope<unknown>>(`${USER}/send_phone_code`, { query: { region, phone } }),
  registerStep2: (body: Registration) => request<Envelope<unknown>>(`${USER}/register/step2`, { body }),
  resetStep1: (body: EmailAndCaptcha) => request<Envelope<unknown>>(`${USER}/resetPwd/step1`, { body }),
  resetStep2: (body: PasswordReset) => request<Envelope<unknown>>(`${USER}/resetPwd/step2`, { body }),
  checkOa: () => request<Envelope<{ code?: string }>>(`${USER}/checkOa`),
  exchangeCode: (body: { code: string; state: string; redirect_url: string }) =>
    request<Envelope<{ token: string }>>(`${USER}/token`, { body }),
  outbox: () => request<Envelope<{ messages: OutboxMessage[] }>>('/api/v1/dev/outbox'),
  adminUsers: () => request<Envelope<{ users: AdminUser[] }>>('/api/v1/admin/users'),
  setRoles: (id: number, roles: string[]) =>
    request<Envelope<unknown>>(`/api/v1/admin/users/${id}/roles`, { body: { roles } }),
  setProtocolVersion: (version: string) =>
    request<Envelope<{ protocol_version: string }>>('/api/v1/admin/protocol-version', {
      method: 'PUT',
      body: { version },
    }),
};

/** Whether the OA login is configured: its start answers a redirect (then the frame can load it), else 400. */
export async function isOauthConfigured(redirectUrl: string): Promise<boolean> {
  try {
    const response = await fetch(oauthAuthorizeUrl(redirectUrl), {
      redirect: 'manual',
      credentials: 'same-origin',
    });
    return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  } catch {
    return false;
  }
}

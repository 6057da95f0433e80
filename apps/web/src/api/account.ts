import type { AdminUserList, Envelope, OutboxList, RegistrationOptions } from '@pixora/catalog';
import { request } from './http.ts';

// Every console answer is an `Envelope`: `{ code: 0, message, data }`, `message` already in the visitor's language.
export type { AdminUser, Envelope, OutboxMessage } from '@pixora/catalog';

/** The profile as the server names its fields. */
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

/** The user record: RolePermissions is a comma-separated role list, empty for `user`. */
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
  /** Unread in-product messages of the user. */
  unread_count?: number;
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

/** The work-account QR login frame of the internal network, as the server configures it. */
export interface WorkQrFrame {
  /** The provider's QR page with appid, agentid, redirect_uri, state, login_type, style and href. */
  url: string;
  /** The work-login origin: only its messages are followed. */
  origin: string;
  /** Where the provider sends the browser after the scan. */
  redirect_uri: string;
}

/** What the internal network offers besides the password: OA login, and the QR frame when configured. */
export interface InternalLogin {
  oa: boolean;
  qr: WorkQrFrame | null;
}

const USER = '/api/v1/user';

/** The image of a captcha (SVG). */
export const captchaImageUrl = (id: string) => `${USER}/captcha/${encodeURIComponent(id)}`;

/** The OA (third-party) login start; the provider sends the browser back to `redirectUrl` with `code` and `state`. */
export const oauthAuthorizeUrl = (redirectUrl: string) =>
  `${USER}/oauth/authorize?redirect_url=${encodeURIComponent(redirectUrl)}`;

/** `redirect_url` of the code exchange: the current address without its query, encoded. */
export const exchangeRedirectUrl = (location: { origin: string; pathname: string }) =>
  encodeURIComponent(`${location.origin}${location.pathname}`);

export const accountApi = {
  createCaptcha: () =>
    request<Envelope<{ captchaid: string }>>(`${USER}/captcha`, { method: 'POST', body: {} }),
  signin: (body: Credentials) => request<Envelope<{ token: string }>>(`${USER}/signin`, { body }),
  // A POST: the server refuses a sign-out a cookie alone carries by GET (any page could send one).
  signout: () => request<Envelope<unknown>>(`${USER}/signout`, { method: 'POST', body: {} }),
  profile: () => request<Envelope<ProfileAnswer>>(`${USER}/profile`),
  updateProfile: (body: ProfileUpdate) =>
    request<Envelope<{ profile: Profile; user: UserRecord }>>(`${USER}/profile`, { body }),
  registerStep1: (body: EmailAndCaptcha) => request<Envelope<unknown>>(`${USER}/register/step1`, { body }),
  checkRegisterLink: (token: string, email: string) =>
    request<Envelope<{ valid: boolean }>>(`${USER}/register/check`, { query: { token, email } }),
  registrationOptions: () => request<Envelope<RegistrationOptions>>(`${USER}/registration_options`),
  sendPhoneCode: (region: string, phone: string) =>
    request<Envelope<unknown>>(`${USER}/send_phone_code`, { query: { region, phone } }),
  registerStep2: (body: Registration) => request<Envelope<unknown>>(`${USER}/register/step2`, { body }),
  resetStep1: (body: EmailAndCaptcha) => request<Envelope<unknown>>(`${USER}/resetPwd/step1`, { body }),
  resetStep2: (body: PasswordReset) => request<Envelope<unknown>>(`${USER}/resetPwd/step2`, { body }),
  /** The first internal-network probe: a code means IN; else `probe` names the second probe, if any. */
  checkOa: () =>
    request<Envelope<{ code?: string; probe?: string; probe_timeout_ms?: number }>>(`${USER}/checkOa`),
  internalLogin: () => request<Envelope<InternalLogin>>(`${USER}/internalLogin`),
  exchangeCode: (body: { code: string; state: string; redirect_url: string }) =>
    request<Envelope<{ token: string }>>(`${USER}/token`, { body }),
  outbox: () => request<Envelope<OutboxList>>('/api/v1/dev/outbox'),
  adminUsers: () => request<Envelope<AdminUserList>>('/api/v1/admin/users'),
  setRoles: (id: number, roles: string[]) =>
    request<Envelope<unknown>>(`/api/v1/admin/users/${id}/roles`, { body: { roles } }),
  setProtocolVersion: (version: string) =>
    request<Envelope<{ protocol_version: string }>>('/api/v1/admin/protocol-version', {
      method: 'PUT',
      body: { version },
    }),
};

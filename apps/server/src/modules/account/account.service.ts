import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  checkAgreement,
  checkCode,
  checkCompany,
  checkCompanySize,
  checkConfirmation,
  checkEmail,
  checkIndustry,
  checkLoginPassword,
  checkName,
  checkNewPassword,
  checkPhone,
  fullPhone,
  type RegistrationOptions,
  parseRoles,
  type RuleKey,
} from '@pixora/catalog';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Database, UsersTable } from '../../db/schema.ts';
import type { Config } from '../../platform/config.ts';
import { ApiError, tooFrequent, type FieldError } from '../../platform/error-catalogue.ts';
import type { Language } from '../../platform/messages.ts';
import type { Mailer, SmsSender } from '../../platform/messaging.ts';
import { enforceRateLimit, type RateLimiter } from '../../platform/rate-limit.ts';
import { settingSecret } from '../../platform/server-secret.ts';
import { accountMail, smsCode, type MailKind } from './mail-templates.ts';

const CAPTCHA_TTL_MS = 5 * 60_000;
const REGISTER_LINK_TTL_MS = 24 * 3600_000;
const RESET_LINK_TTL_MS = 3600_000;
const PHONE_CODE_TTL_MS = 10 * 60_000;
const PHONE_CODE_ATTEMPTS = 5;
/** Wrong passwords one address may try on one account before it is locked out of it for SIGNIN_LOCK_MS. */
const SIGNIN_FAILURES = 10;
const SIGNIN_LOCK_MS = 15 * 60_000;
const MINUTE = 60_000;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');
const now = () => new Date();
const iso = (d: Date) => d.toISOString();
const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type User = Omit<UsersTable, 'id'> & { id: number };

/** Collects failed rules and throws one 30003 answer naming every field, so forms can mark them all at once. */
function validate(checks: Record<string, RuleKey | undefined>): void {
  const fields: FieldError[] = Object.entries(checks)
    .filter((entry): entry is [string, RuleKey] => entry[1] !== undefined)
    .map(([field, rule]) => ({ field, rule }));
  if (fields.length)
    throw new ApiError(30003, fields.map((f) => `${f.field}: ${f.rule}`).join(', '), { fields });
}

export interface AccountDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  rateLimiter: RateLimiter;
}

export interface RequestInfo {
  ip: string;
  language: Language;
  /** Origin of the site as the visitor reached it, for links in mails. */
  origin: string;
}

/** Settings key of the SMS code key when SMS_CODE_SECRET is not set; made once per database. */
const SMS_CODE_SECRET_KEY = 'sms_code_secret';

/** The user of a live session token (not revoked, not expired), or undefined. */
export async function userForSessionToken(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<User | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', sha256(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', iso(now()))
    .executeTakeFirst();
  return row as User | undefined;
}

export class AccountService {
  /** Key of the SMS code hashes: SMS_CODE_SECRET, else one generated and kept in the database. */
  private readonly smsKey: () => Promise<Buffer>;

  constructor(private readonly deps: AccountDeps) {
    const configured = deps.config.SMS_CODE_SECRET;
    this.smsKey = configured
      ? () => Promise.resolve(Buffer.from(configured))
      : settingSecret(deps.db, SMS_CODE_SECRET_KEY);
  }

  /**
   * What is stored of an SMS code: HMAC-SHA256 under the server's key. A six-digit code has a
   * million values, so a plain hash of it is reversed by trying them all; a keyed one is not without
   * the key, which stays out of the database dumps when SMS_CODE_SECRET is set.
   */
  private async phoneCodeHash(phone: string, code: string): Promise<string> {
    return crypto
      .createHmac('sha256', await this.smsKey())
      .update(`${phone}:${code}`)
      .digest('hex');
  }

  private get db() {
    return this.deps.db;
  }

  private async limit(key: string, limit: number, windowMs: number) {
    const factor = this.deps.config.ACCOUNT_RATE_LIMIT_FACTOR;
    await enforceRateLimit(this.deps.rateLimiter, key, limit * factor, windowMs);
  }

  // Captchas -------------------------------------------------------------------------------------

  async createCaptcha(ip: string): Promise<string> {
    await this.limit(`captcha:${ip}`, 30, MINUTE);
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1ilI',
      color: true,
      background: '#f3f5fb',
    });
    const id = crypto.randomBytes(16).toString('hex');
    await this.db
      .insertInto('captchas')
      .values({
        id,
        answer: captcha.text.toLowerCase(),
        svg: captcha.data,
        expires_at: iso(new Date(Date.now() + CAPTCHA_TTL_MS)),
      })
      .execute();
    // Expired captchas are dropped as new ones are made, so the table stays small without a timer.
    await this.db.deleteFrom('captchas').where('expires_at', '<', iso(now())).execute();
    return id;
  }

  async captchaImage(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('captchas')
      .select(['svg', 'expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && row.expires_at > iso(now()) ? row.svg : undefined;
  }

  /** Single use: the captcha is gone after one attempt, right or wrong. */
  private async consumeCaptcha(id: string | undefined, answer: string | undefined): Promise<void> {
    if (!id || !answer) throw new ApiError(30001);
    const row = await this.db
      .deleteFrom('captchas')
      .where('id', '=', id)
      .returning(['answer', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at <= iso(now()) || row.answer !== answer.trim().toLowerCase())
      throw new ApiError(30001);
  }

  // Sessions -------------------------------------------------------------------------------------

  async createSession(userId: number, ip: string): Promise<string> {
    const token = randomToken();
    const created = now();
    await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        created_at: iso(created),
        expires_at: iso(new Date(created.getTime() + this.deps.config.SESSION_TTL_HOURS * 3600_000)),
        revoked_at: null,
        ip,
      })
      .execute();
    return token;
  }

  async userForToken(token: string | undefined): Promise<User | undefined> {
    return userForSessionToken(this.db, token);
  }

  async revokeSession(token: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: iso(now()) })
      .where('token_hash', '=', sha256(token))
      .execute();
  }

  // Sign-in --------------------------------------------------------------------------------------

  async signin(
    input: { email?: string; password?: string; captcha?: string; captcha_id?: string },
    info: RequestInfo,
  ): Promise<{ token: string; user: User }> {
    validate({
      email: checkEmail(input.email),
      password: checkLoginPassword(input.password),
      captcha: checkCode(input.captcha),
    });
    const email = normaliseEmail(input.email!);
    await this.limit(`signin-ip:${info.ip}`, 30, 10 * MINUTE);
    // Every attempt takes a solved captcha (the step-up is always on), and it is checked before the
    // lock: a loop of requests without one counts nothing against the account.
    await this.consumeCaptcha(input.captcha_id, input.captcha);
    // The lock counts failed attempts only, per account AND address: SIGNIN_FAILURES wrong passwords
    // from one address lock that address out of that account for the window, while the owner,
    // signing in from their own address with the right password and a captcha, is never locked out
    // by someone else's guesses.
    const failures = `signin-failures:${email}:${info.ip}`;
    const failed = await this.deps.rateLimiter.count(failures);
    if (failed.count >= SIGNIN_FAILURES) throw tooFrequent(failed.resetMs);
    const user = (await this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst()) as User | undefined;
    // The same answer for an unknown e-mail and a wrong password: the sign-in form reveals no accounts.
    const ok = user
      ? await verify(user.password_hash, input.password!)
      : await verify(DUMMY_HASH, input.password!);
    if (!user || !ok) {
      await this.deps.rateLimiter.hit(failures, SIGNIN_FAILURES, SIGNIN_LOCK_MS);
      throw new ApiError(30002);
    }
    return { token: await this.createSession(user.id, info.ip), user };
  }

  // Registration ---------------------------------------------------------------------------------

  private async issueEmailToken(
    purpose: 'register' | 'reset',
    email: string,
    ttlMs: number,
  ): Promise<string> {
    const token = randomToken();
    await this.db
      .insertInto('email_tokens')
      .values({
        purpose,
        email,
        token_hash: sha256(token),
        expires_at: iso(new Date(Date.now() + ttlMs)),
        used_at: null,
        created_at: iso(now()),
      })
      .execute();
    return token;
  }

  private link(info: RequestInfo, route: string, token: string, email: string) {
    const base = this.deps.config.PUBLIC_URL ?? info.origin;
    const url = new URL(route, base);
    url.searchParams.set('token', token);
    url.searchParams.set('email', email);
    return url.toString();
  }

  /** Mails `email` a single-use link to `route` (registration or reset, by `purpose`). */
  private async mailLink(
    kind: MailKind,
    purpose: 'register' | 'reset',
    email: string,
    info: RequestInfo,
  ): Promise<void> {
    const [ttl, route] =
      purpose === 'register' ? [REGISTER_LINK_TTL_MS, '/register'] : [RESET_LINK_TTL_MS, '/changePwd'];
    const token = await this.issueEmailToken(purpose, email, ttl);
    await this.deps.mailer.send(
      accountMail(kind, info.language, email, this.link(info, route, token, email)),
    );
  }

  /** Step 1 answers the same whether or not the e-mail has an account; the mail itself tells the owner. */
  async registerStep1(input: { email?: string; captcha?: string; captcha_id?: string }, info: RequestInfo) {
    validate({ email: checkEmail(input.email), captcha: checkCode(input.captcha) });
    const email = normaliseEmail(input.email!);
    await this.limit(`register-ip:${info.ip}`, 10, 10 * MINUTE);
    await this.consumeCaptcha(input.captcha_id, input.captcha);
    await this.limit(`register-email:${email}`, 3, 10 * MINUTE);
    const exists = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (exists) await this.mailLink('existing', 'reset', email, info);
    else await this.mailLink('register', 'register', email, info);
  }

  private async consumeEmailToken(purpose: 'register' | 'reset', email: string, token: string | undefined) {
    if (!token) throw new ApiError(30004);
    const row = await this.db
      .updateTable('email_tokens')
      .set({ used_at: iso(now()) })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .where('expires_at', '>', iso(now()))
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new ApiError(30004);
  }

  /** Whether a registration or reset link is still good, so the page can say so before the form is filled. */
  async checkEmailToken(purpose: 'register' | 'reset', email: string, token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('email_tokens')
      .select('id')
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', purpose)
      .where('email', '=', normaliseEmail(email))
      .where('used_at', 'is', null)
      .where('expires_at', '>', iso(now()))
      .executeTakeFirst();
    return Boolean(row);
  }

  async sendPhoneCode(input: { phone?: string; region?: string }, info: RequestInfo) {
    validate({ phone: checkPhone(input.region, input.phone, this.deps.config.PHONE_REGIONS) });
    const phone = fullPhone(input.region!, input.phone!);
    await this.limit(`phone:${phone}`, 1, MINUTE);
    await this.limit(`phone-ip:${info.ip}`, 10, 60 * MINUTE);
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.db.deleteFrom('phone_codes').where('phone', '=', phone).execute();
    await this.db
      .insertInto('phone_codes')
      .values({
        phone,
        code_hash: await this.phoneCodeHash(phone, code),
        attempts: 0,
        expires_at: iso(new Date(Date.now() + PHONE_CODE_TTL_MS)),
        created_at: iso(now()),
      })
      .execute();
    await this.deps.sms.send(phone, smsCode(info.language, code));
  }

  /**
   * Checks an SMS code: every attempt, right or wrong, first takes one of PHONE_CODE_ATTEMPTS in a
   * single conditional UPDATE (attempts < max … RETURNING), so attempts sent in parallel cannot all
   * read the same count and get more tries than allowed; a right code is then used up by one DELETE,
   * which only one of several parallel attempts wins.
   */
  private async consumePhoneCode(phone: string, code: string) {
    const row = await this.db
      .updateTable('phone_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('phone', '=', phone)
      .where('expires_at', '>', iso(now()))
      .where('attempts', '<', PHONE_CODE_ATTEMPTS)
      .returning(['id', 'code_hash'])
      .executeTakeFirst();
    if (!row) throw new ApiError(30005);
    const expected = Buffer.from(row.code_hash);
    const given = Buffer.from(await this.phoneCodeHash(phone, code.trim()));
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
      throw new ApiError(30005);
    const used = await this.db
      .deleteFrom('phone_codes')
      .where('id', '=', row.id)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw new ApiError(30005);
  }

  /**
   * The company step: required by default; where the deployment makes it optional
   * (REGISTRATION_COMPANY=optional), a field left empty is accepted and one filled in is checked.
   */
  private companyChecks(input: Record<string, string | undefined>) {
    const optional = this.deps.config.REGISTRATION_COMPANY === 'optional';
    const given = (v: string | undefined) => !optional || (v ?? '').trim() !== '';
    return {
      company: given(input.company) ? checkCompany(input.company) : undefined,
      industry: given(input.industry) ? checkIndustry(input.industry) : undefined,
      company_size: given(input.company_size) ? checkCompanySize(input.company_size) : undefined,
    };
  }

  /** What this deployment asks at registration (the form reads it). */
  registrationOptions(): RegistrationOptions {
    return {
      phone_regions: [...this.deps.config.PHONE_REGIONS],
      company: this.deps.config.REGISTRATION_COMPANY,
    };
  }

  async registerStep2(input: Record<string, string | undefined>, info: RequestInfo): Promise<User> {
    validate({
      email: checkEmail(input.email),
      phone: checkPhone(input.region, input.phone, this.deps.config.PHONE_REGIONS),
      code: checkCode(input.code),
      real_name: checkName(input.real_name),
      password: checkNewPassword(input.password),
      confirm_password: checkConfirmation(input.password, input.confirm_password),
      ...this.companyChecks(input),
      agreement: checkAgreement(input.agreement),
    });
    const email = normaliseEmail(input.email!);
    await this.limit(`register2-ip:${info.ip}`, 20, 10 * MINUTE);
    const phone = fullPhone(input.region!, input.phone!);
    await this.consumePhoneCode(phone, input.code!);
    await this.consumeEmailToken('register', email, input.token);
    const exists = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    if (exists) throw new ApiError(30004);
    const admins = this.deps.config.ADMIN_EMAILS.split(',').map(normaliseEmail).filter(Boolean);
    const stamp = iso(now());
    const inserted = await this.db
      .insertInto('users')
      .values({
        email,
        password_hash: await hash(input.password!),
        username: email,
        real_name: input.real_name!.trim(),
        phone,
        company: (input.company ?? '').trim(),
        industry: (input.industry ?? '').trim(),
        company_size: Number(input.company_size ?? 0) || 0,
        addr: '',
        business_id: 0,
        location_id: 0,
        role_permissions: admins.includes(email) ? 'admin' : '',
        agreement: await this.protocolVersion(),
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.userById(inserted.id))!;
  }

  // Password reset -------------------------------------------------------------------------------

  async resetStep1(input: { email?: string; captcha?: string; captcha_id?: string }, info: RequestInfo) {
    validate({ email: checkEmail(input.email), captcha: checkCode(input.captcha) });
    const email = normaliseEmail(input.email!);
    await this.limit(`reset-ip:${info.ip}`, 10, 10 * MINUTE);
    await this.consumeCaptcha(input.captcha_id, input.captcha);
    await this.limit(`reset-email:${email}`, 3, 10 * MINUTE);
    const exists = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    // A mail goes out either way (a reset link, or a registration link for an address without an
    // account), so neither the answer nor its timing tells whether the address is registered.
    if (exists) await this.mailLink('reset', 'reset', email, info);
    else await this.mailLink('noAccount', 'register', email, info);
  }

  async resetStep2(input: Record<string, string | undefined>, info: RequestInfo) {
    validate({
      email: checkEmail(input.email),
      password: checkNewPassword(input.password),
      confirm_password: checkConfirmation(input.password, input.confirm_password),
    });
    const email = normaliseEmail(input.email!);
    await this.limit(`reset2-ip:${info.ip}`, 20, 10 * MINUTE);
    await this.consumeEmailToken('reset', email, input.token);
    const user = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (!user) throw new ApiError(30004);
    await this.db
      .updateTable('users')
      .set({ password_hash: await hash(input.password!), updated_at: iso(now()) })
      .where('id', '=', user.id)
      .execute();
    // A new password ends every existing session.
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: iso(now()) })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  // Profile --------------------------------------------------------------------------------------

  async userById(id: number): Promise<User | undefined> {
    return (await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as
      User | undefined;
  }

  async protocolVersion(): Promise<string> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'protocol_version')
      .executeTakeFirst();
    return row?.value ?? this.deps.config.PROTOCOL_VERSION;
  }

  async setProtocolVersion(version: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key: 'protocol_version', value: version })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
      .execute();
  }

  async updateProfile(user: User, input: Record<string, unknown>): Promise<User> {
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : undefined);
    const changes: Partial<Omit<UsersTable, 'id'>> = {};
    const checks: Record<string, RuleKey | undefined> = {};
    if (input.real_name !== undefined) {
      checks.real_name = checkName(text(input.real_name));
      changes.real_name = text(input.real_name);
    }
    if (input.company !== undefined) {
      checks.company = checkCompany(text(input.company));
      changes.company = text(input.company);
    }
    if (input.addr !== undefined) changes.addr = (text(input.addr) ?? '').slice(0, 200);
    for (const key of ['business_id', 'location_id'] as const) {
      if (input[key] !== undefined) {
        const n = Number(input[key]);
        if (!Number.isInteger(n) || n < 0) checks[key] = 'codeRequired';
        else changes[key] = n;
      }
    }
    if (input.agreement !== undefined) {
      // Agreeing records the protocol version in force now; an older version (the texts changed
      // while the dialog was open) or an invented one is refused as "please read and agree".
      const version = await this.protocolVersion();
      if (String(input.agreement) === version) changes.agreement = version;
      else checks.agreement = 'agreementRequired';
    }
    validate(checks);
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: iso(now()) })
      .where('id', '=', user.id)
      .execute();
    return (await this.userById(user.id))!;
  }

  /** The account of a third-party (OA) identity, created on first sign-in; it has no usable password. */
  async userForExternalIdentity(identity: { email: string; name: string }): Promise<User> {
    const existing = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', identity.email)
      .executeTakeFirst();
    if (existing) return (await this.userById(existing.id))!;
    const stamp = iso(now());
    const inserted = await this.db
      .insertInto('users')
      .values({
        email: identity.email,
        password_hash: await hash(randomToken()),
        username: identity.email,
        real_name: checkName(identity.name) ? '' : identity.name,
        phone: '',
        company: '',
        industry: '',
        company_size: 0,
        addr: '',
        business_id: 0,
        location_id: 0,
        role_permissions: '',
        agreement: '',
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.userById(inserted.id))!;
  }

  roles(user: User): string[] {
    return parseRoles(user.role_permissions);
  }
}

// A real argon2id hash of a random string: verifying against it costs what a real check costs, so an
// unknown e-mail takes as long as a wrong password.
const DUMMY_HASH = await hash(crypto.randomBytes(16).toString('hex'));

import { type MessageParams, sendMessage } from '../messages/messages.service.ts';
import crypto from 'node:crypto';
import {
  FREE_DAILY_QUOTA,
  MAX_APPS_PER_USER,
  PACKAGE_PATTERN,
  SDK_MODULES,
  type AppInput,
  type AppWithSecret,
  type ConsoleApp,
  type ReviewedApp,
  type ReviewedSdkRequest,
  type ReviewInput,
  type SdkModule,
  type SdkRequest,
  type SdkRequestInput,
  type UsageReport,
} from '@pixora/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../platform/config.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import type { Language } from '../../platform/messages.ts';
import type { Mailer } from '../../platform/messaging.ts';
import type { User } from '../account/account.service.ts';
import {
  appStatusName,
  AppsRepository,
  AppStatus,
  type AppRow,
  type Owner,
} from '../apps/apps.repository.ts';
import { formatScopes, parseScopes } from '../apps/scopes.ts';
import { newSecret, SecretSealer, storedSecret } from '../apps/secrets.ts';
import { UsageRepository } from '../apps/usage.repository.ts';
import { shiftDay, usageDay, type UsageMeter } from '../apps/usage.ts';
import { consoleMail, factLabel, type ConsoleMailInput, type Facts } from './console.mail.ts';
import { apiCapability, grantedAtOnce, SDK_REQUESTS_PER_DAY } from './console.rules.ts';
import { SdkRequestsRepository, type SdkRequestRow } from './sdk-requests.repository.ts';

/** Console pages named in mails. */
export const CONSOLE_PAGES = {
  apps: '/admin/appManager',
  sdk: '/admin/sdkManager',
  review: '/admin/reviewManager',
} as const;

/** SDK module names in mails (the web app shows its own translations). */
const SDK_MODULE_NAMES: Record<SdkModule, Record<Language, string>> = {
  beautify: { zh: '美颜', zh_tw: '美顏', en: 'Beautify' },
  face: { zh: '人脸', zh_tw: '人臉', en: 'Face' },
  arFilter: { zh: 'AR 滤镜', zh_tw: 'AR 濾鏡', en: 'AR filter' },
  bodyPoints: { zh: '人体关键点', zh_tw: '人體關鍵點', en: 'Body points' },
  imageEnhance: { zh: '画质增强', zh_tw: '畫質增強', en: 'Image enhance' },
  imageRecognition: { zh: '图像识别', zh_tw: '圖像識別', en: 'Image recognition' },
  segmentation: { zh: '图像分割', zh_tw: '圖像分割', en: 'Segmentation' },
  intelligentRecognition: { zh: '智能识别', zh_tw: '智慧識別', en: 'Intelligent recognition' },
  skinDetect: { zh: '肤质检测', zh_tw: '膚質檢測', en: 'Skin detect' },
};

const asLanguage = (value: string): Language => (value === 'en' || value === 'zh_tw' ? value : 'zh');
const now = () => new Date().toISOString();
const newKey = () => crypto.randomBytes(16).toString('hex');
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Where a request came from: the language for mails and the site origin for links. */
export interface RequestInfo {
  language: Language;
  origin: string;
}

export interface ConsoleDeps {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  meter: UsageMeter;
  /** Reports mail failures: a request stays stored when its mail cannot be sent. */
  log: (err: unknown, what: string) => void;
}

/**
 * The rules of the developer console. An app is created at once with a key and a secret: the key
 * calls the capabilities this build serves within FREE_DAILY_QUOTA calls a day. Capabilities not
 * open yet and a higher daily quota are applied for, and an admin or business reviewer grants or
 * refuses them; the app keeps working meanwhile. SDK licences are requested and reviewed the same
 * way. Every decision is mailed to the developer in the language of the application.
 */
export class ConsoleService {
  private readonly apps: AppsRepository;
  private readonly sdk: SdkRequestsRepository;
  private readonly usage: UsageRepository;
  private readonly sealer: SecretSealer;

  constructor(private readonly deps: ConsoleDeps) {
    this.apps = new AppsRepository(deps.db);
    this.sealer = new SecretSealer(deps.db, deps.config.APP_SECRET_SEAL_KEY);
    this.sdk = new SdkRequestsRepository(deps.db);
    this.usage = new UsageRepository(deps.db);
  }

  // Views ------------------------------------------------------------------------------------------

  private async todayCalls(rows: readonly AppRow[]): Promise<Map<number, number>> {
    await this.deps.meter.flush();
    return this.usage.admittedCallsByApp(
      rows.map((r) => r.id),
      usageDay(),
    );
  }

  private view(row: AppRow, today: Map<number, number>): ConsoleApp {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      scenario: row.scenario,
      expected_daily_calls: row.expected_daily_calls,
      contact_phone: row.contact_phone,
      api_key: row.api_key,
      scopes: parseScopes(row.scopes),
      requested_scopes: parseScopes(row.requested_scopes),
      daily_quota: row.daily_quota,
      requested_quota: row.requested_quota,
      status: appStatusName(row.status),
      review_status: row.review_status,
      review_note: row.review_note,
      reviewed_at: row.reviewed_at,
      created_at: row.created_at,
      updated_at: row.updated_at || row.created_at,
      today_calls: today.get(row.id) ?? 0,
      can_sign: row.api_secret_sealed !== null,
      previous_secret_since: row.previous_secret_hash === null ? null : row.secret_rotated_at,
    };
  }

  private async views(rows: readonly AppRow[]): Promise<ConsoleApp[]> {
    const today = await this.todayCalls(rows);
    return rows.map((row) => this.view(row, today));
  }

  private async ownedOrThrow(user: User, id: number): Promise<AppRow> {
    const app = await this.apps.owned(user.id, id);
    if (!app) throw new ApiError(21017, `app ${id}`);
    return app;
  }

  // Mail -------------------------------------------------------------------------------------------

  private link(info: Pick<RequestInfo, 'origin'>, page: keyof typeof CONSOLE_PAGES) {
    return `${this.deps.config.PUBLIC_URL ?? info.origin}${CONSOLE_PAGES[page]}`;
  }

  private async mail(input: ConsoleMailInput) {
    try {
      await this.deps.mailer.send(consoleMail(input));
    } catch (err) {
      this.deps.log(err, `console mail ${input.kind} to ${input.to}`);
    }
  }

  private async notify(userId: number | null, params: MessageParams<'reviewResult'>) {
    if (userId === null) return;
    try {
      await sendMessage(this.deps.db, userId, { kind: 'reviewResult', params });
    } catch (err) {
      this.deps.log(err, `review message to user ${userId}`);
    }
  }

  private capabilityNames(ids: readonly number[], language: Language): string {
    const names = ids.map((id) => apiCapability(id)?.name[language] ?? String(id));
    return names.length ? names.join(', ') : factLabel('none', language);
  }

  private quotaText(quota: number | null, language: Language): string {
    return quota === null ? factLabel('unlimited', language) : String(quota);
  }

  private appFacts(app: AppRow, language: Language): Facts {
    const facts: Facts = [
      [factLabel('app', language), app.name],
      [factLabel('apiKey', language), app.api_key],
      [factLabel('granted', language), this.capabilityNames(parseScopes(app.scopes), language)],
      [factLabel('quota', language), this.quotaText(app.daily_quota, language)],
    ];
    const requested = parseScopes(app.requested_scopes);
    if (requested.length)
      facts.push([factLabel('requested', language), this.capabilityNames(requested, language)]);
    if (app.requested_quota !== null)
      facts.push([factLabel('requestedQuota', language), String(app.requested_quota)]);
    if (app.review_note) facts.push([factLabel('note', language), app.review_note]);
    return facts;
  }

  /** Tells the developer and the business mailbox that an app waits for review. */
  private async announcePending(app: AppRow, user: User, info: RequestInfo) {
    const language = asLanguage(app.language);
    await this.mail({
      kind: 'appPending',
      language,
      to: user.email,
      name: app.name,
      facts: this.appFacts(app, language),
      href: this.link(info, 'apps'),
    });
    await this.mail({
      kind: 'reviewWaiting',
      language: 'zh',
      to: this.deps.config.BUSINESS_EMAIL,
      name: app.name,
      facts: [...this.appFacts(app, 'zh'), [factLabel('applicant', 'zh'), user.email]],
      href: this.link(info, 'review'),
    });
  }

  // Apps -------------------------------------------------------------------------------------------

  async listApps(user: User): Promise<ConsoleApp[]> {
    return this.views(await this.apps.listOwned(user.id));
  }

  async getApp(user: User, id: number): Promise<ConsoleApp> {
    return (await this.views([await this.ownedOrThrow(user, id)]))[0]!;
  }

  /** Splits the wanted capabilities into those granted now and those applied for. */
  private scopesFor(wanted: readonly number[], granted: readonly number[]) {
    const ids = [...new Set(wanted)];
    const unknown = ids.filter((id) => !apiCapability(id));
    if (unknown.length) throw new ApiError(10000, `capabilities ${unknown.join(', ')} have no API`);
    const scopes = ids.filter((id) => granted.includes(id) || grantedAtOnce(id));
    const requested = ids.filter((id) => !scopes.includes(id));
    return { scopes, requested };
  }

  async createApp(user: User, input: AppInput, info: RequestInfo): Promise<AppWithSecret> {
    if ((await this.apps.countOwned(user.id)) >= MAX_APPS_PER_USER)
      throw new ApiError(10000, `at most ${MAX_APPS_PER_USER} apps per account`);
    const { scopes, requested } = this.scopesFor(input.capabilities, []);
    const requestedQuota = input.expected_daily_calls > FREE_DAILY_QUOTA ? input.expected_daily_calls : null;
    const pending = requested.length > 0 || requestedQuota !== null;
    const secret = newSecret();
    const stamp = now();
    const row = await this.apps.create({
      user_id: user.id,
      name: input.name,
      description: input.description,
      scenario: input.scenario,
      expected_daily_calls: input.expected_daily_calls,
      contact_phone: input.contact_phone,
      api_key: newKey(),
      ...(await storedSecret(this.sealer, secret)),
      scopes: formatScopes(scopes),
      requested_scopes: formatScopes(requested),
      daily_quota: FREE_DAILY_QUOTA,
      requested_quota: requestedQuota,
      review_status: pending ? 'pending' : 'none',
      status: AppStatus.enabled,
      language: info.language,
      created_at: stamp,
      updated_at: stamp,
    });
    if (pending) await this.announcePending(row, user, info);
    return { app: this.view(row, new Map()), api_secret: secret };
  }

  /**
   * Changes an app's details and the capabilities it wants: capabilities dropped are revoked at
   * once, served ones added are granted at once, others and a daily quota above the current one
   * are applied for (a new review replaces one still waiting).
   */
  async updateApp(user: User, id: number, input: AppInput, info: RequestInfo): Promise<ConsoleApp> {
    const app = await this.ownedOrThrow(user, id);
    const { scopes, requested } = this.scopesFor(input.capabilities, parseScopes(app.scopes));
    const current = app.daily_quota;
    const requestedQuota =
      current !== null && input.expected_daily_calls > current ? input.expected_daily_calls : null;
    const pending = requested.length > 0 || requestedQuota !== null;
    const changedRequest =
      formatScopes(requested) !== app.requested_scopes || requestedQuota !== app.requested_quota;
    const row = await this.apps.update(id, {
      name: input.name,
      description: input.description,
      scenario: input.scenario,
      expected_daily_calls: input.expected_daily_calls,
      contact_phone: input.contact_phone,
      scopes: formatScopes(scopes),
      requested_scopes: formatScopes(requested),
      requested_quota: requestedQuota,
      review_status: pending ? 'pending' : app.review_status === 'pending' ? 'none' : app.review_status,
      language: info.language,
      updated_at: now(),
    });
    if (pending && changedRequest) await this.announcePending(row, user, info);
    return (await this.views([row]))[0]!;
  }

  /**
   * A new secret, shown once; the old one stops working at once, and so does a previous one still
   * kept by a rotation (for a secret that leaked).
   */
  async resetSecret(user: User, id: number): Promise<AppWithSecret> {
    await this.ownedOrThrow(user, id);
    const secret = newSecret();
    const row = await this.apps.update(id, {
      ...(await storedSecret(this.sealer, secret)),
      previous_secret_hash: null,
      previous_secret_sealed: null,
      secret_rotated_at: null,
      updated_at: now(),
    });
    return { app: (await this.views([row]))[0]!, api_secret: secret };
  }

  /**
   * Rotation without downtime: a new secret, shown once, while the current one keeps working as
   * the previous secret until the owner revokes it (revokePreviousSecret), so clients can move
   * over one by one. Rotating again while a previous secret is kept is refused: an app holds two
   * secrets at most, and dropping one silently could cut off clients still using it.
   */
  async rotateSecret(user: User, id: number): Promise<AppWithSecret> {
    const app = await this.ownedOrThrow(user, id);
    if (app.previous_secret_hash !== null)
      throw new ApiError(10000, 'revoke the previous secret before rotating again', {
        messageKey: 'secretRotationPending',
      });
    const secret = newSecret();
    const row = await this.apps.update(id, {
      ...(await storedSecret(this.sealer, secret)),
      previous_secret_hash: app.api_secret_hash,
      previous_secret_sealed: app.api_secret_sealed,
      secret_rotated_at: now(),
      updated_at: now(),
    });
    return { app: (await this.views([row]))[0]!, api_secret: secret };
  }

  /** Ends a rotation: the previous secret stops working at once. */
  async revokePreviousSecret(user: User, id: number): Promise<ConsoleApp> {
    await this.ownedOrThrow(user, id);
    const row = await this.apps.update(id, {
      previous_secret_hash: null,
      previous_secret_sealed: null,
      secret_rotated_at: null,
      updated_at: now(),
    });
    return (await this.views([row]))[0]!;
  }

  /** The owner disables or enables an app; one suspended by an administrator stays suspended. */
  async setEnabled(user: User, id: number, enabled: boolean): Promise<ConsoleApp> {
    const app = await this.ownedOrThrow(user, id);
    if (app.status === AppStatus.suspended)
      throw new ApiError(30007, 'the app is suspended by an administrator');
    const row = await this.apps.update(id, {
      status: enabled ? AppStatus.enabled : AppStatus.disabled,
      updated_at: now(),
    });
    return (await this.views([row]))[0]!;
  }

  async deleteApp(user: User, id: number): Promise<void> {
    await this.ownedOrThrow(user, id);
    await this.apps.remove(id);
    this.deps.meter.forget(id);
  }

  // Usage ------------------------------------------------------------------------------------------

  /** Calls of the user's apps (or one of them) over the last `days` days, today included. */
  async usageOf(user: User, days: number, appId?: number): Promise<UsageReport> {
    const owned = await this.apps.listOwned(user.id);
    const apps = appId === undefined ? owned : owned.filter((a) => a.id === appId);
    if (appId !== undefined && !apps.length) throw new ApiError(21017, `app ${appId}`);
    await this.deps.meter.flush();
    const ids = apps.map((a) => a.id);
    const to = usageDay();
    const from = shiftDay(to, days - 1);
    const [byDay, byCapability, byApp, outcomes] = await Promise.all([
      this.usage.totals(ids, from, to, 'day'),
      this.usage.totals(ids, from, to, 'capability_id'),
      this.usage.totals(ids, from, to, 'app_id'),
      this.usage.outcomes(ids, from, to),
    ]);
    const totals = (t: { calls: number; errors: number; totalMs: number }) => ({
      calls: t.calls,
      errors: t.errors,
      avg_ms: t.calls ? round1(t.totalMs / t.calls) : 0,
    });
    const dayMap = new Map(byDay.map((d) => [d.key, d]));
    const names = new Map(apps.map((a) => [a.id, a.name]));
    return {
      from,
      to,
      days: Array.from({ length: days }, (_, i) => {
        const day = shiftDay(from, -i);
        return { day, ...totals(dayMap.get(day) ?? { calls: 0, errors: 0, totalMs: 0 }) };
      }),
      capabilities: byCapability
        .map((c) => ({ capability_id: c.key, ...totals(c) }))
        .sort((a, b) => b.calls - a.calls),
      apps: byApp
        .map((a) => ({ app_id: a.key, name: names.get(a.key) ?? '', ...totals(a) }))
        .sort((a, b) => b.calls - a.calls),
      outcomes,
    };
  }

  // SDK licence requests ---------------------------------------------------------------------------

  private sdkView(row: SdkRequestRow): SdkRequest {
    const modules = row.modules
      .split(',')
      .filter((m): m is SdkModule => (SDK_MODULES as readonly string[]).includes(m));
    return {
      id: row.id,
      platform: row.platform,
      modules,
      app_name: row.app_name,
      package_name: row.package_name,
      company: row.company,
      expected_mau: row.expected_mau,
      contact_name: row.contact_name,
      contact_phone: row.contact_phone,
      contact_email: row.contact_email,
      description: row.description,
      status: row.status,
      review_note: row.review_note,
      reviewed_at: row.reviewed_at,
      created_at: row.created_at,
    };
  }

  private sdkFacts(row: SdkRequestRow, language: Language): Facts {
    const modules = this.sdkView(row).modules.map((m) => SDK_MODULE_NAMES[m][language]);
    const facts: Facts = [
      [factLabel('product', language), row.app_name],
      [factLabel('platform', language), row.platform === 'ios' ? 'iOS' : 'Android'],
      [factLabel('packageName', language), row.package_name],
      [factLabel('modules', language), modules.join(', ')],
      [factLabel('company', language), row.company],
    ];
    if (row.review_note) facts.push([factLabel('note', language), row.review_note]);
    return facts;
  }

  async listSdkRequests(user: User): Promise<SdkRequest[]> {
    return (await this.sdk.listOwned(user.id)).map((row) => this.sdkView(row));
  }

  async createSdkRequest(user: User, input: SdkRequestInput, info: RequestInfo): Promise<SdkRequest> {
    if (!PACKAGE_PATTERN[input.platform].test(input.package_name))
      throw new ApiError(
        10000,
        `package_name is not a valid ${input.platform === 'ios' ? 'bundle id' : 'package name'}`,
      );
    const since = new Date(Date.now() - 24 * 3600_000).toISOString();
    if ((await this.sdk.countSince(user.id, since)) >= SDK_REQUESTS_PER_DAY) throw new ApiError(10029);
    const stamp = now();
    const row = await this.sdk.create({
      user_id: user.id,
      platform: input.platform,
      modules: [...new Set(input.modules)].join(','),
      app_name: input.app_name,
      package_name: input.package_name,
      company: input.company,
      expected_mau: input.expected_mau,
      contact_name: input.contact_name,
      contact_phone: input.contact_phone,
      contact_email: input.contact_email,
      description: input.description,
      status: 'pending',
      review_note: '',
      reviewer_id: null,
      reviewed_at: null,
      language: info.language,
      created_at: stamp,
      updated_at: stamp,
    });
    await this.mail({
      kind: 'sdkReceived',
      language: info.language,
      to: user.email,
      name: row.app_name,
      facts: this.sdkFacts(row, info.language),
      href: this.link(info, 'sdk'),
    });
    await this.mail({
      kind: 'reviewWaiting',
      language: 'zh',
      to: this.deps.config.BUSINESS_EMAIL,
      name: row.app_name,
      facts: [
        ...this.sdkFacts(row, 'zh'),
        [factLabel('applicant', 'zh'), `${user.email} (${input.contact_name}, ${input.contact_phone})`],
      ],
      href: this.link(info, 'review'),
    });
    return this.sdkView(row);
  }

  // Review (admin and business) --------------------------------------------------------------------

  /** Developers' apps for reviewers: those waiting for review, or all. */
  async appsForReview(onlyPending: boolean): Promise<ReviewedApp[]> {
    const apps = await this.apps.listForReview(onlyPending);
    const today = await this.todayCalls(apps);
    return apps.map((row: AppRow & Owner) => ({
      ...this.view(row, today),
      owner_email: row.owner_email,
      owner_name: row.owner_name,
      owner_company: row.owner_company,
    }));
  }

  async sdkRequestsForReview(onlyPending: boolean): Promise<ReviewedSdkRequest[]> {
    const requests = await this.sdk.listForReview(onlyPending);
    return requests.map((row) => ({ ...this.sdkView(row), owner_email: row.owner_email }));
  }

  /**
   * Grants (capabilities applied for are added; the quota becomes the one given, else the one
   * applied for) or refuses what an app applied for. The app keeps working either way.
   */
  async reviewApp(
    reviewer: User,
    id: number,
    input: ReviewInput,
    info: Pick<RequestInfo, 'origin'>,
  ): Promise<ConsoleApp> {
    const app = await this.apps.byId(id);
    if (!app || app.user_id === null) throw new ApiError(21017, `app ${id}`);
    const approve = input.decision === 'approve';
    const stamp = now();
    const row = await this.apps.decide(id, {
      ...(approve
        ? {
            scopes: formatScopes([...parseScopes(app.scopes), ...parseScopes(app.requested_scopes)]),
            daily_quota: input.daily_quota ?? app.requested_quota ?? app.daily_quota,
          }
        : {}),
      requested_scopes: '',
      requested_quota: null,
      review_status: approve ? 'approved' : 'rejected',
      review_note: input.note,
      reviewer_id: reviewer.id,
      reviewed_at: stamp,
      updated_at: stamp,
    });
    if (!row) throw new ApiError(10000, `app ${id} does not wait for review`);
    // The result also arrives as an in-product message (rendered in the reader's language).
    await this.notify(row.user_id, { subject: 'app', name: row.name, approved: approve, note: input.note });
    const owner = await this.apps.ownerOf(row);
    if (owner) {
      const language = asLanguage(row.language);
      // The mail lists what was applied for next to what the app holds now.
      const facts = this.appFacts(
        { ...row, requested_scopes: app.requested_scopes, requested_quota: app.requested_quota },
        language,
      );
      await this.mail({
        kind: approve ? 'appApproved' : 'appRejected',
        language,
        to: owner.email,
        name: row.name,
        facts,
        href: this.link(info, 'apps'),
      });
    }
    return (await this.views([row]))[0]!;
  }

  /** An administrator suspends an app (its key stops working) or lifts the suspension. */
  async suspendApp(id: number, suspended: boolean): Promise<ConsoleApp> {
    const app = await this.apps.byId(id);
    if (!app || app.user_id === null) throw new ApiError(21017, `app ${id}`);
    const row = await this.apps.update(id, {
      status: suspended ? AppStatus.suspended : AppStatus.enabled,
      updated_at: now(),
    });
    return (await this.views([row]))[0]!;
  }

  async reviewSdkRequest(
    reviewer: User,
    id: number,
    input: ReviewInput,
    info: Pick<RequestInfo, 'origin'>,
  ): Promise<SdkRequest> {
    const request = await this.sdk.byId(id);
    if (!request) throw new ApiError(21017, `SDK request ${id}`);
    const approve = input.decision === 'approve';
    const stamp = now();
    const decided = await this.sdk.decide(id, {
      status: approve ? 'approved' : 'rejected',
      review_note: input.note,
      reviewer_id: reviewer.id,
      reviewed_at: stamp,
      updated_at: stamp,
    });
    if (!decided) throw new ApiError(10000, `SDK request ${id} does not wait for review`);
    const row = (await this.sdk.byId(id))!;
    await this.notify(row.user_id, {
      subject: 'sdk',
      name: row.app_name,
      approved: approve,
      note: input.note,
    });
    const language = asLanguage(row.language);
    await this.mail({
      kind: approve ? 'sdkApproved' : 'sdkRejected',
      language,
      to: row.owner_email,
      name: row.app_name,
      facts: this.sdkFacts(row, language),
      href: this.link(info, 'sdk'),
    });
    return this.sdkView(row);
  }
}

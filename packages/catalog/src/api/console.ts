import { z } from 'zod';
import { APP_NAME, CONTACT_PHONE, MAX_DAILY_QUOTA, SDK_MODULES, SDK_PLATFORMS } from '../console-rules.ts';

// Requests and answers of the developer console API (/api/v1/apps, /api/v1/sdk-requests and their
// review under /api/v1/admin). The server validates, shapes its answers (nothing else leaves it, the
// secret hash included) and writes the OpenAPI document with them; the web app takes their types.
// An answer is serialised in the key order written here.

const text = (max: number) => z.string().trim().max(max);

/** An app as its owner creates or changes it. */
export const appInput = z.object({
  name: text(30).min(2).regex(APP_NAME),
  description: text(500).default(''),
  /** Capability ids wanted (catalogue ids with a gateway endpoint). */
  capabilities: z.array(z.number().int().positive()).min(1).max(100),
  /** How the app will use the capabilities. */
  scenario: text(500).min(5),
  expected_daily_calls: z.number().int().min(0).max(MAX_DAILY_QUOTA),
  contact_phone: z.string().trim().regex(CONTACT_PHONE),
});
export type AppInput = z.infer<typeof appInput>;

/** Enabled, disabled by its owner, or suspended by an administrator (its key stops working). */
export const appStatus = z.enum(['enabled', 'disabled', 'suspended']);
/** The state of what an app applied for: nothing, waiting, granted or refused. */
export const reviewStatus = z.enum(['none', 'pending', 'approved', 'rejected']);

/** An app of the developer console, as its owner sees it. */
export const consoleApp = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  scenario: z.string(),
  expected_daily_calls: z.number(),
  contact_phone: z.string(),
  api_key: z.string(),
  /** Capability ids the key may call now. */
  scopes: z.array(z.number()),
  /** Capability ids applied for, waiting for review. */
  requested_scopes: z.array(z.number()),
  /** Calls allowed per day (UTC+8); null is unlimited. */
  daily_quota: z.number().nullable(),
  requested_quota: z.number().nullable(),
  status: appStatus,
  review_status: reviewStatus,
  review_note: z.string(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Calls today that count against the quota. */
  today_calls: z.number(),
  /** Whether the secret can sign calls (secrets made before signed calls existed cannot: reset or rotate them). */
  can_sign: z.boolean(),
  /** While a secret is rotated, when the previous one was replaced: it keeps working until revoked. Null otherwise. */
  previous_secret_since: z.string().nullable(),
});
export type ConsoleApp = z.infer<typeof consoleApp>;

/** An app as reviewers (admin, business) see it: with its owner. */
export const reviewedApp = consoleApp.extend({
  owner_email: z.string().nullable(),
  owner_name: z.string().nullable(),
  owner_company: z.string().nullable(),
});
export type ReviewedApp = z.infer<typeof reviewedApp>;

/** An app with its secret: only in the answer that created the secret, the only time it is shown. */
export const appWithSecret = z.object({ app: consoleApp, api_secret: z.string() });
export type AppWithSecret = z.infer<typeof appWithSecret>;

/** The owner enables or disables an app. */
export const statusInput = z.object({ enabled: z.boolean() });
/** An administrator suspends an app or lifts the suspension. */
export const adminStatusInput = z.object({ suspended: z.boolean() });

/** A reviewer's decision on an app's application or an SDK licence request. */
export const reviewInput = z.object({
  decision: z.enum(['approve', 'reject']),
  note: text(500).default(''),
  /** API apps: the daily quota granted on approval (default: the quota applied for). */
  daily_quota: z.number().int().min(1).max(MAX_DAILY_QUOTA).optional(),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** Which applications reviewers list: those waiting for review, or all. */
export const reviewListQuery = z.object({
  status: z.enum(['pending', 'all']).default('pending'),
});
export type ReviewListQuery = z.infer<typeof reviewListQuery>;

export const usageQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
  app_id: z.coerce.number().int().positive().optional(),
});

export const usageTotals = z.object({
  calls: z.number(),
  /** Calls answered with an HTTP status of 400 or more. */
  errors: z.number(),
  avg_ms: z.number(),
});
export type UsageTotals = z.infer<typeof usageTotals>;

/** Calls of the owner's apps per day, capability, app and outcome. */
export const usageReport = z.object({
  from: z.string(),
  to: z.string(),
  /** One entry per day from `from` to `to`, days without calls included. */
  days: z.array(z.object({ day: z.string(), ...usageTotals.shape })),
  capabilities: z.array(z.object({ capability_id: z.number(), ...usageTotals.shape })),
  apps: z.array(z.object({ app_id: z.number(), name: z.string(), ...usageTotals.shape })),
  outcomes: z.array(z.object({ status: z.number(), error_code: z.number(), calls: z.number() })),
});
export type UsageReport = z.infer<typeof usageReport>;

/** An SDK licence request as the developer sends it. */
export const sdkRequestInput = z
  .object({
    platform: z.enum(SDK_PLATFORMS),
    /** SDK modules: the SDK page's tab keys. */
    modules: z.array(z.enum(SDK_MODULES)).min(1).max(SDK_MODULES.length),
    app_name: text(50).min(2).regex(APP_NAME),
    package_name: text(150).min(3),
    company: text(30).min(3),
    expected_mau: z.number().int().min(0).max(2_000_000_000),
    contact_name: text(30).min(1),
    contact_phone: z.string().trim().regex(CONTACT_PHONE),
    contact_email: z.string().trim().email().max(100),
    description: text(500).default(''),
  })
  .strict();
export type SdkRequestInput = z.infer<typeof sdkRequestInput>;

/** An SDK licence request as its sender sees it. */
export const sdkRequest = z.object({
  id: z.number(),
  platform: z.enum(SDK_PLATFORMS),
  modules: z.array(z.enum(SDK_MODULES)),
  app_name: z.string(),
  package_name: z.string(),
  company: z.string(),
  expected_mau: z.number(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  review_note: z.string(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type SdkRequest = z.infer<typeof sdkRequest>;

/** An SDK licence request as reviewers see it: with the sender's address. */
export const reviewedSdkRequest = sdkRequest.extend({ owner_email: z.string() });
export type ReviewedSdkRequest = z.infer<typeof reviewedSdkRequest>;

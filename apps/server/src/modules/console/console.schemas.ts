import { z } from 'zod';
import { APP_NAME, CONTACT_PHONE, MAX_DAILY_QUOTA, SDK_MODULES, SDK_PLATFORMS } from '@pixora/catalog';

// Request and answer schemas of the console API: they validate requests, shape answers (nothing
// else leaves the server, the secret hash included) and give the OpenAPI document.

const text = (max: number) => z.string().trim().max(max);

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

export const appStatus = z.enum(['enabled', 'disabled', 'suspended']);
export const reviewStatus = z.enum(['none', 'pending', 'approved', 'rejected']);

export const appView = z.object({
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
});
export type AppView = z.infer<typeof appView>;

export const adminAppView = appView.extend({
  owner_email: z.string().nullable(),
  owner_name: z.string().nullable(),
  owner_company: z.string().nullable(),
});
export type AdminAppView = z.infer<typeof adminAppView>;

/** An app with its secret: only in the answer that created the secret. */
export const appWithSecret = z.object({ app: appView, api_secret: z.string() });

export const idParams = z.object({ id: z.coerce.number().int().positive() });

export const statusInput = z.object({ enabled: z.boolean() });
export const adminStatusInput = z.object({ suspended: z.boolean() });

export const reviewInput = z.object({
  decision: z.enum(['approve', 'reject']),
  note: text(500).default(''),
  /** API apps: the daily quota granted on approval (default: the quota applied for). */
  daily_quota: z.number().int().min(1).max(MAX_DAILY_QUOTA).optional(),
});
export type ReviewInput = z.infer<typeof reviewInput>;

export const usageQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
  app_id: z.coerce.number().int().positive().optional(),
});

const totals = { calls: z.number(), errors: z.number(), avg_ms: z.number() };

export const usageView = z.object({
  from: z.string(),
  to: z.string(),
  /** One entry per day from `from` to `to`, days without calls included. */
  days: z.array(z.object({ day: z.string(), ...totals })),
  capabilities: z.array(z.object({ capability_id: z.number(), ...totals })),
  apps: z.array(z.object({ app_id: z.number(), name: z.string(), ...totals })),
  outcomes: z.array(z.object({ status: z.number(), error_code: z.number(), calls: z.number() })),
});
export type UsageView = z.infer<typeof usageView>;

export const sdkRequestInput = z
  .object({
    platform: z.enum(SDK_PLATFORMS),
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

export const sdkRequestView = z.object({
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
export type SdkRequestView = z.infer<typeof sdkRequestView>;

export const adminSdkRequestView = sdkRequestView.extend({ owner_email: z.string() });
export type AdminSdkRequestView = z.infer<typeof adminSdkRequestView>;

export const reviewListQuery = z.object({
  status: z.enum(['pending', 'all']).default('pending'),
});

/** The console's answer envelope: `{ code: 0, message, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(0), message: z.string(), data });

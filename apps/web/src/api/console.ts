import type { SdkPlatform } from '@pixora/catalog';
import type { Envelope } from './account.ts';
import { request } from './http.ts';

export type AppStatus = 'enabled' | 'disabled' | 'suspended';
export type ReviewStatus = 'none' | 'pending' | 'approved' | 'rejected';

/** An app of the developer console, as the server sends it. */
export interface ConsoleApp {
  id: number;
  name: string;
  description: string;
  scenario: string;
  expected_daily_calls: number;
  contact_phone: string;
  api_key: string;
  /** Capability ids the key may call now. */
  scopes: number[];
  /** Capability ids applied for, waiting for review. */
  requested_scopes: number[];
  /** Calls allowed per day (UTC+8); null is unlimited. */
  daily_quota: number | null;
  requested_quota: number | null;
  status: AppStatus;
  review_status: ReviewStatus;
  review_note: string;
  reviewed_at: string | null;
  created_at: string;
  updated_at: string;
  /** Calls today that count against the quota. */
  today_calls: number;
}

export interface ReviewedApp extends ConsoleApp {
  owner_email: string | null;
  owner_name: string | null;
  owner_company: string | null;
}

export interface AppInput {
  name: string;
  description: string;
  capabilities: number[];
  scenario: string;
  expected_daily_calls: number;
  contact_phone: string;
}

/** The answer that holds a secret: the only time it is shown. */
export interface AppWithSecret {
  app: ConsoleApp;
  api_secret: string;
}

export interface UsageTotals {
  calls: number;
  /** Calls answered with an HTTP status of 400 or more. */
  errors: number;
  avg_ms: number;
}

export interface UsageReport {
  from: string;
  to: string;
  days: Array<{ day: string } & UsageTotals>;
  capabilities: Array<{ capability_id: number } & UsageTotals>;
  apps: Array<{ app_id: number; name: string } & UsageTotals>;
  outcomes: Array<{ status: number; error_code: number; calls: number }>;
}

export interface SdkRequestInput {
  platform: SdkPlatform;
  /** SDK modules: the SDK page's tab keys (the nine of spec point 1). */
  modules: string[];
  app_name: string;
  package_name: string;
  company: string;
  expected_mau: number;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  description: string;
}

export interface SdkRequest extends SdkRequestInput {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  review_note: string;
  reviewed_at: string | null;
  created_at: string;
}

export interface ReviewedSdkRequest extends SdkRequest {
  owner_email: string;
}

export interface ReviewDecision {
  decision: 'approve' | 'reject';
  note: string;
  daily_quota?: number;
}

const data = <T>(answer: Promise<Envelope<T>>) => answer.then((a) => a.data);

/** The developer console API (apps/server/src/modules/console). */
export const consoleApi = {
  apps: () => data(request<Envelope<ConsoleApp[]>>('/api/v1/apps')),
  app: (id: number) => data(request<Envelope<ConsoleApp>>(`/api/v1/apps/${id}`)),
  createApp: (input: AppInput) => data(request<Envelope<AppWithSecret>>('/api/v1/apps', { body: input })),
  updateApp: (id: number, input: AppInput) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/apps/${id}`, { method: 'PUT', body: input })),
  deleteApp: (id: number) => data(request<Envelope<unknown>>(`/api/v1/apps/${id}`, { method: 'DELETE' })),
  resetSecret: (id: number) =>
    data(request<Envelope<AppWithSecret>>(`/api/v1/apps/${id}/secret`, { method: 'POST' })),
  setEnabled: (id: number, enabled: boolean) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/apps/${id}/status`, { body: { enabled } })),
  usage: (days: number, appId?: number) =>
    data(request<Envelope<UsageReport>>('/api/v1/apps/usage', { query: { days, app_id: appId } })),
  sdkRequests: () => data(request<Envelope<SdkRequest[]>>('/api/v1/sdk-requests')),
  createSdkRequest: (input: SdkRequestInput) =>
    data(request<Envelope<SdkRequest>>('/api/v1/sdk-requests', { body: input })),
  reviewApps: (status: 'pending' | 'all') =>
    data(request<Envelope<ReviewedApp[]>>('/api/v1/admin/apps', { query: { status } })),
  reviewApp: (id: number, decision: ReviewDecision) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/admin/apps/${id}/review`, { body: decision })),
  suspendApp: (id: number, suspended: boolean) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/admin/apps/${id}/suspension`, { body: { suspended } })),
  reviewSdkRequests: (status: 'pending' | 'all') =>
    data(request<Envelope<ReviewedSdkRequest[]>>('/api/v1/admin/sdk-requests', { query: { status } })),
  reviewSdkRequest: (id: number, decision: ReviewDecision) =>
    data(request<Envelope<SdkRequest>>(`/api/v1/admin/sdk-requests/${id}/review`, { body: decision })),
};

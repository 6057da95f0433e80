import type {
  AppInput,
  AppWithSecret,
  ConsoleApp,
  Envelope,
  ReviewedApp,
  ReviewedSdkRequest,
  ReviewInput,
  ReviewListQuery,
  SdkRequest,
  SdkRequestInput,
  UsageReport,
} from '@pixora/catalog';
import { request } from './http.ts';

// The shapes are the console API's contract (@pixora/catalog, api/console.ts), as the server sends them.
export type {
  AppInput,
  AppWithSecret,
  ConsoleApp,
  ReviewedApp,
  ReviewedSdkRequest,
  ReviewInput,
  ReviewListQuery,
  SdkRequest,
  SdkRequestInput,
  UsageReport,
  UsageTotals,
} from '@pixora/catalog';
export type AppStatus = ConsoleApp['status'];
export type ReviewStatus = ConsoleApp['review_status'];

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
  rotateSecret: (id: number) =>
    data(request<Envelope<AppWithSecret>>(`/api/v1/apps/${id}/secret/rotate`, { method: 'POST' })),
  revokePreviousSecret: (id: number) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/apps/${id}/secret/previous`, { method: 'DELETE' })),
  setEnabled: (id: number, enabled: boolean) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/apps/${id}/status`, { body: { enabled } })),
  usage: (days: number, appId?: number) =>
    data(request<Envelope<UsageReport>>('/api/v1/apps/usage', { query: { days, app_id: appId } })),
  sdkRequests: () => data(request<Envelope<SdkRequest[]>>('/api/v1/sdk-requests')),
  createSdkRequest: (input: SdkRequestInput) =>
    data(request<Envelope<SdkRequest>>('/api/v1/sdk-requests', { body: input })),
  reviewApps: (status: ReviewListQuery['status']) =>
    data(request<Envelope<ReviewedApp[]>>('/api/v1/admin/apps', { query: { status } })),
  reviewApp: (id: number, decision: ReviewInput) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/admin/apps/${id}/review`, { body: decision })),
  suspendApp: (id: number, suspended: boolean) =>
    data(request<Envelope<ConsoleApp>>(`/api/v1/admin/apps/${id}/suspension`, { body: { suspended } })),
  reviewSdkRequests: (status: ReviewListQuery['status']) =>
    data(request<Envelope<ReviewedSdkRequest[]>>('/api/v1/admin/sdk-requests', { query: { status } })),
  reviewSdkRequest: (id: number, decision: ReviewInput) =>
    data(request<Envelope<SdkRequest>>(`/api/v1/admin/sdk-requests/${id}/review`, { body: decision })),
};

import type { ConsoleApp } from '../../api/console.ts';

/** An app as the server answers it, for the console's page tests. */
export const sampleApp = (fields: Partial<ConsoleApp> = {}): ConsoleApp => ({
  id: 12,
  name: 'Selfie Studio',
  description: 'Face effects for our camera app',
  scenario: 'Stickers on the face key points of selfies',
  expected_daily_calls: 5000,
  contact_phone: '+86 13800138000',
  api_key: '0123456789abcdef0123456789abcdef',
  scopes: [86],
  requested_scopes: [63],
  daily_quota: 1000,
  requested_quota: 5000,
  status: 'enabled',
  review_status: 'pending',
  review_note: '',
  reviewed_at: null,
  created_at: '2026-05-04T02:00:00.000Z',
  updated_at: '2026-05-04T02:00:00.000Z',
  today_calls: 3,
  can_sign: true,
  previous_secret_since: null,
  ...fields,
});

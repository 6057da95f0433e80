/**
 * The site analytics report of the back office (`GET /api/v1/admin/analytics`, admin and business),
 * shared by the server and the web. Computed from what the platform records itself: visits,
 * accounts and api_usage.
 */
export interface SiteReport {
  days: number;
  from: string;
  to: string;
  /** One entry per UTC day of the period, oldest first; visitors are distinct addresses that day. */
  daily: { day: string; visits: number; visitors: number }[];
  totals: { visits: number; visitors: number };
  /** Pages by visits, the path without its query (algorithm links carry a timestamp query). */
  pages: { page: string; visits: number }[];
  /** Other sites that linked to this one, by origin; direct visits are not listed. */
  referrers: { referrer: string; visits: number }[];
  /** Visits per site language. */
  languages: { language: string; visits: number }[];
  /** Calls of the website's demo app per capability id (the demos visitors ran). */
  demo_calls: { capability_id: number; calls: number; errors: number }[];
  /**
   * Visit → registration → first API call in the period: distinct visitor addresses, accounts
   * registered, and those of them whose own apps (not the demo app) made at least one call.
   */
  funnel: { visitors: number; registrations: number; first_api_call: number };
}

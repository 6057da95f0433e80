/**
 * The site analytics report of the back office (`GET /api/v1/admin/analytics`, admin and business),
 * shared by the server and the web. Computed from what the platform records itself: visits,
 * accounts and api_usage.
 */
import { z } from 'zod';

const count = z.number().int();

export const siteReport = z.object({
  days: count,
  from: z.string(),
  to: z.string(),
  /** One entry per UTC day of the period, oldest first; visitors are distinct addresses that day. */
  daily: z.array(z.object({ day: z.string(), visits: count, visitors: count })),
  totals: z.object({ visits: count, visitors: count }),
  /** Pages by visits, the path without its query (algorithm links carry a timestamp query). */
  pages: z.array(z.object({ page: z.string(), visits: count })),
  /** Other sites that linked to this one, by origin; direct visits are not listed. */
  referrers: z.array(z.object({ referrer: z.string(), visits: count })),
  /** Visits per site language. */
  languages: z.array(z.object({ language: z.string(), visits: count })),
  /** Calls of the website's demo app per capability id (the demos visitors ran). */
  demo_calls: z.array(z.object({ capability_id: count, calls: count, errors: count })),
  /**
   * Visit → registration → first API call in the period: distinct visitor addresses, accounts
   * registered, and those of them whose own apps (not the demo app) made at least one call.
   */
  funnel: z.object({ visitors: count, registrations: count, first_api_call: count }),
});
export type SiteReport = z.infer<typeof siteReport>;

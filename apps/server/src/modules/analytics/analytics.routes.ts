import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';

/** Visit events one address may send per minute: generous for a person browsing, a wall for a flood. */
export const VISITS_PER_MINUTE = 240;

/**
 * A flag sent as JSON (`true`) or as text (`"true"`, `"1"`). `z.coerce.boolean()` would read the
 * text `"false"` as true, so the accepted spellings are listed.
 */
const flag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.union([z.boolean(), z.literal(1).transform(() => true), z.literal(0).transform(() => false)]),
);

// The navigation guard's visit event: stored by the platform itself, no third-party script.
export const visitEvent = z.object({
  /** The address of the page opened: path and query inside the site. */
  url: z.string().trim().min(1).max(2000),
  /** Time spent on the previous page, in milliseconds (0 for the first page of a visit). */
  duration_ms: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600_000)
    .default(0),
  logged_in: flag.default(false),
  /** When the page was opened, `YYYY-MM-DD HH:mm:ss` in the visitor's clock. */
  opened_at: z.string().trim().min(1).max(40),
  channel: z.enum(['mobile', 'web']),
  /** Where the visitor is, as the browser tells it without asking permission (its time zone). */
  location: z.string().trim().max(200).default(''),
  /** `document.referrer` of the first page of a visit; only another site's origin is kept. */
  referrer: z.string().trim().max(2000).default(''),
  /** The site language shown (zh, zh_tw, en); anything else is stored as ''. */
  language: z.string().trim().max(10).default(''),
});

const LANGUAGES = new Set(['zh', 'zh_tw', 'en']);

/** The origin of `referrer` when it is another site's http(s) page; '' otherwise (direct or internal). */
export function externalReferrer(referrer: string, ownHost: string): string {
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.host === ownHost ? '' : url.origin;
  } catch {
    return '';
  }
}

export type VisitEvent = z.infer<typeof visitEvent>;

export const analyticsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/analytics/visit',
      { schema: { tags: ['analytics'], summary: 'Record a page visit', body: visitEvent } },
      async (request) => {
        await enforceRateLimit(ctx.rateLimiter, `visit:${request.ip}`, VISITS_PER_MINUTE, 60_000);
        const v = request.body;
        await ctx.db.kysely
          .insertInto('visits')
          .values({
            url: v.url,
            duration_ms: v.duration_ms,
            logged_in: v.logged_in ? 1 : 0,
            opened_at: v.opened_at,
            channel: v.channel,
            location: v.location,
            ip: request.ip,
            created_at: new Date().toISOString(),
            referrer: externalReferrer(v.referrer, request.host),
            language: LANGUAGES.has(v.language) ? v.language : '',
          })
          .execute();
        return { code: 0, message: 'ok', data: {} };
      },
    );
  };

import { formatDateTime } from '../account/format.ts';
import { BREAKPOINTS } from '../../site/theme.ts';

/** The visit event of the navigation guard, as `POST /api/v1/analytics/visit` takes it. */
export interface VisitEvent {
  /** The page opened: path and query inside the site. */
  url: string;
  /** Time spent on the previous page, in milliseconds; 0 for the first page of a visit. */
  duration_ms: number;
  logged_in: boolean;
  /** When the page was opened, `YYYY-MM-DD HH:mm:ss` (the product's date format). */
  opened_at: string;
  channel: 'mobile' | 'web';
  /** The visitor's time zone: a location the browser gives without asking permission. */
  location: string;
  /** The page that linked here, for the first page of a visit ('' afterwards); the server keeps another site's origin only. */
  referrer: string;
  /** The site language shown (zh, zh_tw, en). */
  language: string;
}

export const VISIT_ENDPOINT = '/api/v1/analytics/visit';

/** The longest stay the server records; a tab left open for days is capped to it. */
export const MAX_DURATION_MS = 24 * 3600_000;

const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i;

/** Mobile for a phone or tablet browser, or any window of the mobile layout's width; web otherwise. */
export function channelOf(viewportWidth: number, userAgent: string): VisitEvent['channel'] {
  return viewportWidth <= BREAKPOINTS.mobile || MOBILE_AGENT.test(userAgent) ? 'mobile' : 'web';
}

/** The IANA time zone of the browser (`Asia/Shanghai`), or '' where it is not known. */
export function visitorLocation(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** The event for opening `url` at `openedAt` (ms), after the previous page opened at `previousOpenedAt`. */
export function visitEvent(input: {
  url: string;
  openedAt: number;
  previousOpenedAt: number | null;
  loggedIn: boolean;
  channel: VisitEvent['channel'];
  location: string;
  referrer?: string;
  language?: string;
}): VisitEvent {
  const stayed = input.previousOpenedAt === null ? 0 : input.openedAt - input.previousOpenedAt;
  return {
    url: input.url,
    duration_ms: Math.min(Math.max(0, Math.round(stayed)), MAX_DURATION_MS),
    logged_in: input.loggedIn,
    opened_at: formatDateTime(input.openedAt),
    channel: input.channel,
    location: input.location.slice(0, 200),
    referrer: input.previousOpenedAt === null ? (input.referrer ?? '').slice(0, 2000) : '',
    language: input.language ?? '',
  };
}

/**
 * Sends the event to the platform's own collection endpoint. `keepalive` lets it finish while the
 * page goes away; analytics never disturbs the visitor, so failures are dropped.
 */
export async function sendVisit(event: VisitEvent, send: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await send(VISIT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
      credentials: 'same-origin',
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { session } from '../account/session.ts';
import { channelOf, sendVisit, visitEvent, visitorLocation } from './visit.ts';

/**
 * After every navigation, sends the visit event of the page now shown with the time spent on the
 * one before. Used once, by the site layout.
 */
export function useVisitTracking(): void {
  const location = useLocation();
  const { i18n } = useTranslation();
  const previous = useRef<{ key: string; openedAt: number } | null>(null);

  useEffect(() => {
    // One event per navigation, also when React runs the effect twice in development.
    if (previous.current?.key === location.key) return;
    const openedAt = Date.now();
    const event = visitEvent({
      url: `${location.pathname}${location.search}`,
      openedAt,
      previousOpenedAt: previous.current?.openedAt ?? null,
      loggedIn: session.get().token !== null,
      channel: channelOf(window.innerWidth, navigator.userAgent),
      location: visitorLocation(),
      referrer: document.referrer,
      language: i18n.language,
    });
    previous.current = { key: location.key, openedAt };
    void sendVisit(event);
    // The language is read when the page opens; switching it is no new visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, location.pathname, location.search]);
}

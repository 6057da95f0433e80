import { lazy, Suspense, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { contentQuery, localize, useHomeContent, type ContentName } from './content.ts';
import { BannerCarousel } from './BannerCarousel.tsx';
import { HomeSection } from './HomeSection.tsx';
import { Loaded } from './Loaded.tsx';
import { TechCarousel } from './TechCarousel.tsx';
import { useDeferred } from './useDeferred.ts';
import styles from './HomePage.module.css';

/** Data of the lower sections: fetched with the page, so that only their code waits. */
const LOWER_CONTENT: readonly ContentName[] = ['advantages', 'achievements', 'sectors', 'access', 'cases'];

const MoreSections = lazy(() => import('./MoreSections.tsx').then((m) => ({ default: m.MoreSections })));

/**
 * The home page (/index). Everything it says comes from the content API; the locale
 * files hold only the interface words (section titles, buttons, labels). The first screen (banner,
 * figures, technologies) ships with the page; the sections below come as a second chunk when the
 * visitor scrolls towards them or first uses keyboard or pointer, which keeps the first load light.
 *
 * Banner height (the product gives "500 px (400 mobile, hidden on mobile)"): read against the
 * layout breakpoints the way the wrap width is (1200 / 1100 / full): 500 px above 1366 px, 400 px
 * from 1366 px down to 769 px, and no banner at 768 px or less, where the 1920 x 500 artwork would
 * lose its text. Phones get the page title as a short introduction instead.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const figures = useHomeContent('figures');
  const technology = useHomeContent('technology');
  const below = useRef<HTMLDivElement>(null);
  const showMore = useDeferred(below);
  const queryClient = useQueryClient();
  useEffect(() => {
    for (const name of LOWER_CONTENT) void queryClient.prefetchQuery(contentQuery(name));
  }, [queryClient]);

  return (
    <div className={styles.home}>
      <header className={styles.intro}>
        <div className="wrap">
          <h1 className={styles.introTitle}>{t('home.intro.title')}</h1>
          <p className={styles.introText}>{t('home.intro.text')}</p>
        </div>
      </header>

      <BannerCarousel />

      <section className={styles.figures} aria-label={t('home.figures.title')}>
        <div className="wrap">
          <Loaded query={figures} size={styles.figuresSize}>
            {(items) => (
              <dl className={styles.figureGrid}>
                {items.map((figure) => (
                  <div key={figure.id} className={styles.figure} data-testid="figure">
                    <dt className={styles.figureLabel}>{localize(figure.label, language)}</dt>
                    <dd className={styles.figureValue}>{localize(figure.value, language)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Loaded>
        </div>
      </section>

      <HomeSection id="tech" title={t('home.tech.title')} lead={t('home.tech.lead')}>
        <Loaded query={technology} size={styles.techSize}>
          {(categories) => <TechCarousel categories={categories} />}
        </Loaded>
      </HomeSection>

      <div ref={below}>
        {showMore ? (
          <Suspense fallback={<div className={styles.more} aria-busy="true" />}>
            <MoreSections technology={technology.data ?? []} />
          </Suspense>
        ) : (
          <div className={styles.more} />
        )}
      </div>
    </div>
  );
}

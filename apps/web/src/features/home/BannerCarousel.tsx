import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { localize, useHomeContent, type Banner } from './content.ts';
import { SiteLink } from './SiteLink.tsx';
import { BANNER_INTERVAL_MS, NARROW_QUERY } from './carousel/timing.ts';
import { useCarousel } from './carousel/useCarousel.ts';
import { useMediaQuery } from './carousel/useMediaQuery.ts';
import { useSwipe } from './carousel/useSwipe.ts';
import { RotationButton } from './carousel/CarouselButtons.tsx';
import { ChevronLeft, ChevronRight } from './carousel/CarouselIcons.tsx';
import styles from './BannerCarousel.module.css';

const SLIDES_ID = 'home-banner-slides';

/**
 * The top banner carousel: five banners whose images follow the interface language, rotating every
 * 5 s. Arrows appear on hover (and on keyboard focus); an indicator shows its banner on hover or
 * click. 500 px tall, 400 px at 1366 px or less, and not shown at all at 768 px or less.
 */
export function BannerCarousel() {
  const narrow = useMediaQuery(NARROW_QUERY);
  const banners = useHomeContent('banners', !narrow);
  if (narrow) return null;
  if (!banners.data) return <div className={styles.banner} data-testid="home-banner" aria-busy="true" />;
  return <BannerSlides banners={banners.data} />;
}

function BannerSlides({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const count = banners.length;
  const { index, go, next, previous, pause } = useCarousel({ count, interval: BANNER_INTERVAL_MS });
  const swipe = useSwipe(previous, next);

  // Images load when their banner is shown or is next, not all five up front.
  const [seen, setSeen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const wanted = [index, (index + 1) % Math.max(count, 1)];
  if (wanted.some((i) => !seen.has(i))) setSeen(new Set([...seen, ...wanted]));

  const position = (i: number) => t('home.carousel.position', { index: i + 1, total: count });

  return (
    <section
      className={styles.banner}
      aria-roledescription={t('home.carousel.carousel')}
      aria-label={t('home.banner.label')}
      data-testid="home-banner"
      {...pause.bind}
    >
      <RotationButton stopped={pause.stopped} onToggle={pause.toggle} className={styles.rotation} />
      <div id={SLIDES_ID} className={styles.slides} aria-live={pause.stopped ? 'polite' : 'off'} {...swipe}>
        {banners.map((banner, i) => {
          const active = i === index;
          const title = localize(banner.title, language);
          return (
            <div
              key={banner.id}
              role="group"
              aria-roledescription={t('home.carousel.slide')}
              aria-label={position(i)}
              aria-hidden={!active}
              inert={!active}
              className={`${styles.slide} ${active ? styles.active : ''}`}
              data-testid="banner-slide"
            >
              <SiteLink to={banner.path} className={styles.link}>
                {seen.has(i) && (
                  <img
                    className={styles.image}
                    src={localize(banner.image, language)}
                    alt={`${title}: ${localize(banner.subtitle, language)}`}
                    width={1920}
                    height={500}
                    draggable={false}
                    fetchPriority={i === 0 ? 'high' : 'auto'}
                  />
                )}
              </SiteLink>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className={`${styles.arrow} ${styles.previous}`}
        onClick={previous}
        aria-controls={SLIDES_ID}
        aria-label={t('home.carousel.previous')}
      >
        <ChevronLeft />
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        onClick={next}
        aria-controls={SLIDES_ID}
        aria-label={t('home.carousel.next')}
      >
        <ChevronRight />
      </button>
      <div className={styles.indicators}>
        {banners.map((banner, i) => (
          <button
            key={banner.id}
            type="button"
            className={styles.indicator}
            aria-controls={SLIDES_ID}
            aria-current={i === index}
            aria-label={`${position(i)}: ${localize(banner.title, language)}`}
            onMouseEnter={() => go(i)}
            onClick={() => go(i)}
            data-testid="banner-indicator"
          >
            <span className={styles.bar} />
          </button>
        ))}
      </div>
    </section>
  );
}

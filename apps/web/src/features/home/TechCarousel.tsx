import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@pixora/catalog';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { localize, type TechCategory, type TechSlide } from './content.ts';
import { LazyImage } from '../../components/LazyImage.tsx';
import { SiteLink } from './SiteLink.tsx';
import { TechCardEffect } from './TechCardEffect.tsx';
import { CardTrack } from './carousel/CardTrack.tsx';
import { RotationButton, StepButtons } from './carousel/CarouselButtons.tsx';
import { lastStart } from './carousel/timing.ts';
import { useSlidesPerView } from './carousel/useMediaQuery.ts';
import { useTechCarousel } from './carousel/useTechCarousel.ts';
import styles from './TechCarousel.module.css';

const TRACK_ID = 'home-tech-track';
const PANEL_ID = 'home-tech-panel';
const tabId = (index: number) => `home-tech-tab-${index}`;

/**
 * The core technologies: five category tabs over a card carousel (3 cards per view, 2 at 768 px or
 * less). Hovering or choosing a tab shows its list; autoplay steps every 5 s and moves to the next
 * category 4.5 s after the last card. Pointer over the block pauses it. A line under the tabs
 * slides to the chosen one.
 */
export function TechCarousel({ categories }: { categories: TechCategory[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const perView = useSlidesPerView();
  const counts = categories.map((c) => c.slides.length);
  const carousel = useTechCarousel(counts, perView);
  const current = categories[carousel.category];
  const slides = current?.slides ?? [];
  const last = lastStart(slides.length, perView);

  return (
    <div className={styles.block} {...carousel.pause.bind} data-testid="home-tech">
      <CategoryTabs
        categories={categories}
        selected={carousel.category}
        onSelect={carousel.select}
        language={language}
      />
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(carousel.category)}
        aria-roledescription={t('home.carousel.carousel')}
        className={styles.panel}
      >
        {current && <p className={styles.categoryDesc}>{localize(current.desc, language)}</p>}
        <CardTrack
          // A new list starts without sliding over from the previous one.
          key={carousel.category}
          id={TRACK_ID}
          className={styles.track}
          items={slides}
          start={carousel.start}
          perView={perView}
          itemKey={(slide) => slide.path}
          renderItem={(slide) => <TechCard slide={slide} language={language} />}
          onPrevious={() => carousel.slide(-1)}
          onNext={() => carousel.slide(1)}
          live={carousel.pause.stopped ? 'polite' : 'off'}
        />
        <div className={styles.controls}>
          <RotationButton stopped={carousel.pause.stopped} onToggle={carousel.pause.toggle} />
          <StepButtons
            controls={TRACK_ID}
            onPrevious={() => carousel.slide(-1)}
            onNext={() => carousel.slide(1)}
            previousDisabled={carousel.start <= 0}
            nextDisabled={carousel.start >= last}
          />
        </div>
      </div>
    </div>
  );
}

interface CategoryTabsProps {
  categories: TechCategory[];
  selected: number;
  onSelect: (index: number) => void;
  language: Language;
}

function CategoryTabs({ categories, selected, onSelect, language }: CategoryTabsProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const [line, setLine] = useState({ left: 0, width: 0 });

  // The line follows the chosen tab; tab widths change with the language and the window size.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return undefined;
    const measure = () => {
      const tab = element.querySelector<HTMLElement>(`#${tabId(selected)}`);
      if (!tab) return;
      setLine({ left: tab.offsetLeft, width: tab.offsetWidth });
      // On narrow screens the tabs scroll sideways: bring the chosen one into view, without
      // scrolling the page itself.
      const overflow = element.scrollWidth > element.clientWidth;
      if (overflow) element.scrollLeft = tab.offsetLeft - (element.clientWidth - tab.offsetWidth) / 2;
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [selected, language, categories]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: categories.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + categories.length) % categories.length;
    onSelect(index);
    list.current?.querySelector<HTMLElement>(`#${tabId(index)}`)?.focus();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t('home.tech.tabs')}
      className={styles.tabs}
      onKeyDown={onKeyDown}
    >
      {categories.map((category, i) => (
        <button
          key={category.key}
          id={tabId(i)}
          type="button"
          role="tab"
          aria-selected={i === selected}
          aria-controls={PANEL_ID}
          tabIndex={i === selected ? 0 : -1}
          className={styles.tab}
          onMouseEnter={() => onSelect(i)}
          onClick={() => onSelect(i)}
          data-testid="tech-tab"
        >
          {localize(category.title, language)}
        </button>
      ))}
      <span
        className={styles.line}
        style={{ transform: `translateX(${line.left}px)`, width: line.width }}
        aria-hidden
        data-testid="tech-line"
      />
    </div>
  );
}

function TechCard({ slide, language }: { slide: TechSlide; language: Language }) {
  const { t } = useTranslation();
  const title = localize(slide.title, language);
  return (
    <article className={styles.card} data-testid="tech-card">
      <div className={styles.artFrame}>
        <LazyImage src={slide.img} alt="" width={240} height={160} className={styles.art} />
        <TechCardEffect path={slide.path} name={title} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.desc}>{localize(slide.desc, language)}</p>
        <div className={styles.actions}>
          {slide.doc !== null && (
            <Link
              to={`/doc?id=${slide.doc}`}
              className={`${styles.button} ${styles.secondary}`}
              aria-label={`${t('home.tech.details')}: ${title}`}
            >
              {t('home.tech.details')}
            </Link>
          )}
          <SiteLink
            to={slide.path}
            className={`${styles.button} ${styles.primary}`}
            aria-label={`${t('home.tech.try')}: ${title}`}
          >
            {t('home.tech.try')}
          </SiteLink>
        </div>
      </div>
    </article>
  );
}

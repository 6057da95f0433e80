import { useTranslation } from 'react-i18next';
import type { Language } from '@pixora/catalog';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { achievementDescriptions, localize, type Achievement } from './content.ts';
import { HomeIcon } from './HomeIcons.tsx';
import { SiteLink } from './SiteLink.tsx';
import { CardTrack } from './carousel/CardTrack.tsx';
import { RotationButton, StepButtons } from './carousel/CarouselButtons.tsx';
import { ACHIEVEMENT_INTERVAL_MS } from './carousel/timing.ts';
import { useCarousel } from './carousel/useCarousel.ts';
import { useSlidesPerView } from './carousel/useMediaQuery.ts';
import styles from './Achievements.module.css';

const TRACK_ID = 'home-achievements-track';

/** Competition results: 3 cards per view (2 at 768 px or less), one step every 5 s, looping. */
export function Achievements({
  achievements,
  labelledBy,
}: {
  achievements: Achievement[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const perView = useSlidesPerView();
  const carousel = useCarousel({ count: achievements.length, perView, interval: ACHIEVEMENT_INTERVAL_MS });
  return (
    <div
      className={styles.carousel}
      aria-roledescription={t('home.carousel.carousel')}
      aria-labelledby={labelledBy}
      role="group"
      data-testid="home-achievements"
      {...carousel.pause.bind}
    >
      <CardTrack
        id={TRACK_ID}
        items={achievements}
        start={carousel.index}
        perView={perView}
        itemKey={(achievement) => achievement.id}
        renderItem={(achievement) => <AchievementCard achievement={achievement} language={language} />}
        onPrevious={carousel.previous}
        onNext={carousel.next}
        live={carousel.pause.stopped ? 'polite' : 'off'}
      />
      <div className={styles.controls}>
        <RotationButton stopped={carousel.pause.stopped} onToggle={carousel.pause.toggle} />
        <StepButtons controls={TRACK_ID} onPrevious={carousel.previous} onNext={carousel.next} />
      </div>
    </div>
  );
}

function AchievementCard({ achievement, language }: { achievement: Achievement; language: Language }) {
  const { t } = useTranslation();
  const competition = localize(achievement.competition, language);
  const description = achievementDescriptions(achievement, language);
  return (
    <article className={`${styles.card} ${styles[achievement.rank]}`} data-testid="achievement-card">
      <div className={styles.head}>
        <HomeIcon name="trophy" className={styles.trophy} />
        <span className={styles.rank}>{t(`home.achievements.rank.${achievement.rank}`)}</span>
      </div>
      <h3 className={styles.competition}>{competition}</h3>
      <p className={styles.background}>{localize(achievement.background, language)}</p>
      <p className={styles.desc}>{description.main}</p>
      <p className={styles.other} lang={description.otherLang}>
        {description.other}
      </p>
      <SiteLink
        to={achievement.link}
        className={styles.link}
        aria-label={`${t('home.achievements.more')}: ${competition}`}
      >
        {t('home.achievements.more')}
        <HomeIcon name="arrow" className={styles.arrow} />
      </SiteLink>
    </article>
  );
}

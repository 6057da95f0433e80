import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { localize, useHomeContent, type TechCategory } from './content.ts';
import { Achievements } from './Achievements.tsx';
import { AccessModes } from './AccessModes.tsx';
import { HomeIcon } from './HomeIcons.tsx';
import { HomeSection } from './HomeSection.tsx';
import { LazyImage } from '../../components/LazyImage.tsx';
import { Loaded } from './Loaded.tsx';
import { Sectors } from './Sectors.tsx';
import { NARROW_QUERY } from './carousel/timing.ts';
import { useMediaQuery } from './carousel/useMediaQuery.ts';
import styles from './MoreSections.module.css';

/**
 * The lower part of the home page (its own chunk): advantages, achievements, business sectors,
 * access modes and the cooperation-case image.
 */
export function MoreSections({ technology }: { technology: TechCategory[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const advantages = useHomeContent('advantages');
  const achievements = useHomeContent('achievements');
  const sectors = useHomeContent('sectors');
  const access = useHomeContent('access');
  const cases = useHomeContent('cases');
  const narrow = useMediaQuery(NARROW_QUERY);

  return (
    <>
      <HomeSection
        id="advantages"
        tone="tinted"
        title={t('home.advantages.title')}
        lead={t('home.advantages.lead')}
      >
        <Loaded query={advantages} size={styles.advantagesSize}>
          {(items) => (
            <ul className={styles.advantages}>
              {items.map((advantage) => (
                <li key={advantage.id} className={styles.advantage} data-testid="advantage">
                  <HomeIcon name={advantage.id} tile="soft" className={styles.icon} />
                  <h3 className={styles.title}>{localize(advantage.title, language)}</h3>
                  <p className={styles.text}>{localize(advantage.desc, language)}</p>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </HomeSection>

      {/* Shown only with results to show: the site claims no achievement it cannot point to. */}
      {achievements.data?.length !== 0 && (
        <HomeSection
          id="achievements"
          tone="dark"
          title={t('home.achievements.title')}
          lead={t('home.achievements.lead')}
        >
          <Loaded query={achievements} size={styles.achievementsSize}>
            {(items) => <Achievements achievements={items} labelledBy="home-achievements-title" />}
          </Loaded>
        </HomeSection>
      )}

      <HomeSection id="sectors" title={t('home.sectors.title')} lead={t('home.sectors.lead')}>
        <Loaded query={sectors} size={styles.sectorsSize}>
          {(items) => <Sectors sectors={items} technology={technology} />}
        </Loaded>
      </HomeSection>

      <HomeSection id="access" tone="tinted" title={t('home.access.title')} lead={t('home.access.lead')}>
        <Loaded query={access} size={styles.accessSize}>
          {(modes) => <AccessModes modes={modes} />}
        </Loaded>
      </HomeSection>

      <HomeSection id="cases" title={t('home.cases.title')} lead={t('home.cases.lead')}>
        <Loaded query={cases} size={styles.casesSize}>
          {(data) => (
            // Phones scroll the picture sideways rather than shrink its captions out of reading size.
            <div
              className={styles.casesScroll}
              role={narrow ? 'region' : undefined}
              aria-label={narrow ? t('home.cases.scroll') : undefined}
              tabIndex={narrow ? 0 : undefined}
            >
              <LazyImage
                src={localize(data.image, language)}
                alt={localize(data.alt, language)}
                width={data.width}
                height={data.height}
                className={styles.cases}
              />
            </div>
          )}
        </Loaded>
      </HomeSection>
    </>
  );
}

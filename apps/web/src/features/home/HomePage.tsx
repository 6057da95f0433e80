import { ApiOutlined, ArrowRightOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { CONTACT } from '../../app/site.ts';
import { ACCESS_MODES, CATEGORIES, FIGURES } from './homeContent.ts';
import { HeroArt } from './HeroArt.tsx';
import styles from './HomePage.module.css';

const ACCESS_ICONS = [ApiOutlined, MobileOutlined, MailOutlined];
const FEATURED_DEMO = '/algorithm/faceTechnology/facepointdetect';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className={styles.home}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`wrap ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('home.hero.eyebrow')}</p>
            <h1 id="home-title" className={styles.title}>
              {t('home.hero.title')}
            </h1>
            <p className={styles.subtitle}>{t('home.hero.subtitle')}</p>
            <div className={styles.ctas}>
              <AlgorithmLink to={FEATURED_DEMO} className={`${styles.cta} ${styles.primary}`}>
                {t('home.hero.tryDemo')}
                <ArrowRightOutlined aria-hidden />
              </AlgorithmLink>
              <AlgorithmLink to="/algorithm" className={`${styles.cta} ${styles.secondary}`}>
                {t('home.hero.browse')}
              </AlgorithmLink>
            </div>
          </div>
          <HeroArt className={styles.art} />
        </div>
      </section>

      <section className={styles.figures} aria-label={t('home.figures.title')}>
        <dl className={`wrap ${styles.figureGrid}`}>
          {FIGURES.map((figure) => (
            <div key={figure.labelKey} className={styles.figure}>
              <dt className={styles.figureLabel}>{t(figure.labelKey)}</dt>
              <dd className={styles.figureValue}>{t(figure.valueKey)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={`wrap ${styles.section}`} aria-labelledby="home-categories">
        <h2 id="home-categories" className={styles.sectionTitle}>
          {t('home.categories.title')}
        </h2>
        <p className={styles.sectionLead}>{t('home.categories.lead')}</p>
        <ul className={styles.categoryGrid}>
          {CATEGORIES.map((category) => (
            <li key={category.group} className={styles.category}>
              <h3 className={styles.categoryTitle}>{t(category.titleKey)}</h3>
              <p className={styles.categoryDesc}>{t(category.descKey)}</p>
              <div className={styles.categoryLinks}>
                <AlgorithmLink to={`/algorithm/${category.group}`} className={styles.textLink}>
                  {t('home.categories.details')}
                </AlgorithmLink>
                <AlgorithmLink to={category.tryUrl} className={styles.textLink}>
                  {t('home.categories.try')}
                  <ArrowRightOutlined aria-hidden />
                </AlgorithmLink>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.accessBand} aria-labelledby="home-access">
        <div className="wrap">
          <h2 id="home-access" className={styles.sectionTitle}>
            {t('home.access.title')}
          </h2>
          <ul className={styles.accessGrid}>
            {ACCESS_MODES.map((mode, index) => {
              const Icon = ACCESS_ICONS[index] ?? ApiOutlined;
              return (
                <li key={mode.titleKey} className={styles.access}>
                  <Icon className={styles.accessIcon} aria-hidden />
                  <h3 className={styles.categoryTitle}>{t(mode.titleKey)}</h3>
                  <p className={styles.categoryDesc}>{t(mode.descKey, { email: CONTACT.business })}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </div>
  );
}

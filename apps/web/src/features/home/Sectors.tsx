import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { localize, type Sector, type TechCategory } from './content.ts';
import { HomeIcon } from './HomeIcons.tsx';
import { SiteLink } from './SiteLink.tsx';
import styles from './Sectors.module.css';

/**
 * The five business sectors. One is active at a time: pointing at a sector or choosing it with a
 * click or the keyboard makes it active, with its alternate background, description, uses and
 * related demos. Related demos are named after the technology cards that link the same page.
 */
export function Sectors({ sectors, technology }: { sectors: Sector[]; technology: TechCategory[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [active, setActive] = useState(0);
  const demoTitle = new Map(technology.flatMap((c) => c.slides).map((s) => [s.path, s.title]));

  return (
    <ul className={styles.sectors}>
      {sectors.map((sector, i) => {
        const selected = i === active;
        const panelId = `home-sector-${sector.id}`;
        return (
          <li
            key={sector.id}
            className={`${styles.sector} ${selected ? styles.active : ''}`}
            onMouseEnter={() => setActive(i)}
            data-testid="sector"
            data-active={selected}
          >
            <h3 className={styles.heading}>
              <button
                type="button"
                className={styles.toggle}
                aria-expanded={selected}
                aria-controls={panelId}
                onClick={() => setActive(i)}
              >
                <HomeIcon name={sector.id} tile="soft" className={styles.icon} />
                <span>{localize(sector.title, language)}</span>
              </button>
            </h3>
            <div id={panelId} className={styles.details} hidden={!selected}>
              <p className={styles.desc}>{localize(sector.desc, language)}</p>
              <ul className={styles.uses}>
                {sector.uses.map((use) => (
                  <li key={use.en}>{localize(use, language)}</li>
                ))}
              </ul>
              <p className={styles.related}>
                <span className={styles.relatedLabel}>{t('home.sectors.related')}</span>
                {sector.related.map((path) => {
                  const title = demoTitle.get(path);
                  return title ? (
                    <SiteLink key={path} to={path} className={styles.demo}>
                      {localize(title, language)}
                    </SiteLink>
                  ) : null;
                })}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

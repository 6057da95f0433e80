import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { localize, type AccessMode } from './content.ts';
import { HomeIcon } from './HomeIcons.tsx';
import styles from './AccessModes.module.css';

/** At this width or less the access cards do not open the console. */
export const CONSOLE_MIN_QUERY = '(max-width: 769px)';

/**
 * The three ways to integrate. The web API and SDK cards open the console's application pages in
 * a new tab; at 769 px or less they stay on the page and say that applying needs a computer.
 * The third card writes an e-mail to the business address.
 */
export function AccessModes({ modes }: { modes: AccessMode[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [notice, setNotice] = useState<string | null>(null);

  const onConsoleClick = (event: MouseEvent, id: string) => {
    if (!window.matchMedia(CONSOLE_MIN_QUERY).matches) return;
    event.preventDefault();
    setNotice(id);
  };

  return (
    <ul className={styles.modes}>
      {modes.map((mode) => {
        const title = localize(mode.title, language);
        return (
          <li key={mode.id} className={styles.mode} data-testid={`access-${mode.id}`}>
            <HomeIcon name={mode.id} tile="solid" className={styles.icon} />
            <h3 className={styles.title}>{title}</h3>
            <p className={styles.desc}>{localize(mode.desc, language)}</p>
            {mode.newTab ? (
              <a
                href={mode.link}
                target="_blank"
                rel="noopener"
                className={styles.action}
                onClick={(event) => onConsoleClick(event, mode.id)}
              >
                {localize(mode.action, language)}
                <span className="visually-hidden">{t('home.opensInNewTab')}</span>
                <HomeIcon name="arrow" className={styles.arrow} />
              </a>
            ) : (
              <a href={mode.link} className={styles.action}>
                {localize(mode.action, language)}
                <HomeIcon name="arrow" className={styles.arrow} />
              </a>
            )}
            <p className={styles.notice} role="status">
              {notice === mode.id ? t('home.access.desktopOnly') : ''}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isDisplayed, pickText } from '../../api/menu.ts';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { useMenuData } from './useMenuData.ts';
import styles from './Algorithm.module.css';

/** The algorithm section: a bar of capability groups above every page of the section. */
export function AlgorithmLayout() {
  const { t } = useTranslation();
  const { group: current } = useParams();
  const { language, menu } = useMenuData();
  const groups = (menu.data ?? []).filter(isDisplayed);
  return (
    <div className={styles.section}>
      {groups.length > 0 && (
        <nav className={styles.groupBar} aria-label={t('algorithm.groupsNav')} data-testid="group-bar">
          <ul className={`wrap ${styles.groupList}`}>
            <li>
              <AlgorithmLink
                to="/algorithm"
                className={`${styles.groupLink} ${current ? '' : styles.groupActive}`}
              >
                {t('algorithm.all')}
              </AlgorithmLink>
            </li>
            {groups.map((group) => (
              <li key={group.id}>
                <AlgorithmLink
                  to={group.url}
                  className={`${styles.groupLink} ${current === group.slug ? styles.groupActive : ''}`}
                >
                  {pickText(group.name, language)}
                </AlgorithmLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}

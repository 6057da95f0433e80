import { useTranslation } from 'react-i18next';
import { isDisplayed, pickText } from '../../api/menu.ts';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { CapabilityCard } from './CapabilityCard.tsx';
import { MenuGate } from './MenuGate.tsx';
import { useMenuData } from './useMenuData.ts';
import { visibleItems } from './visibleItems.ts';
import { useSession } from '../account/session.ts';
import styles from './Algorithm.module.css';

/** /algorithm: every group with its capabilities. */
export function AlgorithmOverview() {
  const { t } = useTranslation();
  const { language } = useMenuData();
  const { domain } = useSession();
  return (
    <>
      <header className={styles.hero}>
        <div className="wrap">
          <h1 className={styles.heroTitle}>{t('algorithm.overviewTitle')}</h1>
          <p className={styles.heroDesc}>{t('algorithm.overviewDesc')}</p>
        </div>
      </header>
      <MenuGate>
        {(menu) => (
          <div className={`wrap ${styles.body}`}>
            {menu.filter(isDisplayed).map((group) => {
              const items = visibleItems(group, domain);
              if (items.length === 0) return null;
              return (
                <section key={group.id} className={styles.groupSection} aria-labelledby={`group-${group.id}`}>
                  <h2 id={`group-${group.id}`} className={styles.groupTitle}>
                    <AlgorithmLink to={group.url} className={styles.groupTitleLink}>
                      {pickText(group.name, language)}
                    </AlgorithmLink>
                  </h2>
                  <ul className={styles.cards}>
                    {items.map((item) => (
                      <CapabilityCard key={item.id} item={item} language={language} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
      </MenuGate>
    </>
  );
}

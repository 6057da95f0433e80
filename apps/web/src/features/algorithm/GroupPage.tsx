import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickText } from '../../api/menu.ts';
import { NOT_FOUND_PATH } from '../../routing/paths.ts';
import { CapabilityCard } from './CapabilityCard.tsx';
import { MenuGate } from './MenuGate.tsx';
import { useMenuData } from './useMenuData.ts';
import { visibleItems } from './visibleItems.ts';
import { useSession } from '../account/session.ts';
import styles from './Algorithm.module.css';

/** /algorithm/:group: the capabilities of one group as cards. */
export function GroupPage() {
  const { t } = useTranslation();
  const { group: slug = '' } = useParams();
  const { language } = useMenuData();
  const { domain } = useSession();
  return (
    <MenuGate>
      {(menu) => {
        const group = menu.find((candidate) => candidate.slug === slug);
        if (!group) return <Navigate to={NOT_FOUND_PATH} replace />;
        const items = visibleItems(group, domain);
        return (
          <>
            <header className={styles.hero}>
              <div className="wrap">
                <h1 className={styles.heroTitle}>{pickText(group.name, language)}</h1>
                <p className={styles.heroDesc}>{t('algorithm.groupDesc', { total: items.length })}</p>
              </div>
            </header>
            <div className={`wrap ${styles.body}`}>
              <ul className={styles.cards} data-testid="group-cards">
                {items.map((item) => (
                  <CapabilityCard key={item.id} item={item} language={language} headingLevel={2} />
                ))}
              </ul>
            </div>
          </>
        );
      }}
    </MenuGate>
  );
}

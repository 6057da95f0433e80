import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pickText, useMenu } from '../../api/menu.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { LightButton } from '../../components/LightButton.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useSession } from '../account/session.ts';
import { productSections, productTabs, type ProductTab } from './productSections.ts';
import styles from './ProductCatalog.module.css';

/** The content of the Product Service menu: tabs on the left, groups and their entries on the right. */
export function ProductCatalog({
  compact = false,
  onNavigate,
}: {
  compact?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const menu = useMenu(language);
  const { domain } = useSession();
  const tabs = productTabs(domain);
  const [chosen, setTab] = useState<ProductTab>('api');
  // A tab that is not offered (Internal test after the domain turned out to be OUT) falls back to API.
  const tab = tabs.includes(chosen) ? chosen : 'api';
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const sections = useMemo(() => productSections(menu.data ?? [], tab, domain), [menu.data, tab, domain]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const forward = event.key === 'ArrowDown' || event.key === 'ArrowRight';
    const backward = event.key === 'ArrowUp' || event.key === 'ArrowLeft';
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
    if (!forward && !backward && edge < 0) return;
    event.preventDefault();
    const next = edge >= 0 ? edge : (index + (forward ? 1 : -1) + tabs.length) % tabs.length;
    setTab(tabs[next]!);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={compact ? styles.compact : styles.catalog}>
      <div
        role="tablist"
        aria-label={t('nav.products')}
        aria-orientation={compact ? 'horizontal' : 'vertical'}
        className={styles.tabs}
      >
        {tabs.map((key, index) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              className={`${styles.tab} ${selected ? styles.selected : ''}`}
              onClick={() => setTab(key)}
              onMouseEnter={compact ? undefined : () => setTab(key)}
              onKeyDown={(event) => onTabKey(event, index)}
              data-testid={`product-tab-${key}`}
            >
              <span className={styles.tabTitle}>{t(`nav.tabs.${key}`)}</span>
              <span className={styles.tabHint}>{t(`nav.tabs.${key}Hint`)}</span>
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className={styles.groups}
        data-testid="product-menu-panel"
        data-tab={tab}
      >
        {menu.isPending && (
          <div className={styles.state}>
            <Spinner size="small" /> {t('common.loading')}
          </div>
        )}
        {menu.isError && !menu.data && (
          <div className={styles.state}>
            {t('menu.loadFailed')}
            <LightButton size="small" onClick={() => void menu.refetch()}>
              {t('common.retry')}
            </LightButton>
          </div>
        )}
        {menu.data && sections.length === 0 && <div className={styles.state}>{t('menu.empty')}</div>}
        {sections.map(({ group, items }) => (
          <section key={group.id} className={styles.group} aria-labelledby={`${baseId}-group-${group.id}`}>
            <h3 id={`${baseId}-group-${group.id}`} className={styles.groupTitle}>
              {pickText(group.name, language)}
            </h3>
            <ul className={styles.items}>
              {items.map((item) => (
                <li key={item.id}>
                  <AlgorithmLink to={item.url} className={styles.item} onNavigate={onNavigate}>
                    {pickText(item.name, language)}
                    <StatusBadge status={item.status} internalDomain={domain === 'IN'} />
                  </AlgorithmLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

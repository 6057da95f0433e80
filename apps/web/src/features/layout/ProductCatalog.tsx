import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickText, useMenu } from '../../api/menu.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { PRODUCT_TABS, productSections, type ProductTab } from './productSections.ts';
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
  const [tab, setTab] = useState<ProductTab>('api');
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const menuType = PRODUCT_TABS.find((candidate) => candidate.key === tab)!.menuType;
  const sections = useMemo(() => productSections(menu.data ?? [], menuType), [menu.data, menuType]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const forward = event.key === 'ArrowDown' || event.key === 'ArrowRight';
    const backward = event.key === 'ArrowUp' || event.key === 'ArrowLeft';
    if (!forward && !backward) return;
    event.preventDefault();
    const next = (index + (forward ? 1 : -1) + PRODUCT_TABS.length) % PRODUCT_TABS.length;
    setTab(PRODUCT_TABS[next]!.key);
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
        {PRODUCT_TABS.map((candidate, index) => {
          const selected = candidate.key === tab;
          return (
            <button
              key={candidate.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${candidate.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              className={`${styles.tab} ${selected ? styles.selected : ''}`}
              onClick={() => setTab(candidate.key)}
              onMouseEnter={compact ? undefined : () => setTab(candidate.key)}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              <span className={styles.tabTitle}>{t(`nav.tabs.${candidate.key}`)}</span>
              <span className={styles.tabHint}>{t(`nav.tabs.${candidate.key}Hint`)}</span>
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
      >
        {menu.isPending && (
          <div className={styles.state}>
            <Spin size="small" /> {t('common.loading')}
          </div>
        )}
        {menu.isError && !menu.data && (
          <div className={styles.state}>
            {t('menu.loadFailed')}
            <Button size="small" onClick={() => void menu.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
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
                    <StatusBadge status={item.status} />
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

import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pickText, type MenuItem } from '../../api/menu.ts';
import type { Language } from '../../i18n/language.ts';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import styles from './Algorithm.module.css';

export function CapabilityCard({ item, language }: { item: MenuItem; language: Language }) {
  const { t } = useTranslation();
  const name = pickText(item.name, language);
  return (
    <li className={styles.card} data-testid="capability-card">
      <h3 className={styles.cardTitle}>
        <AlgorithmLink to={item.url} className={styles.cardLink}>
          {name}
        </AlgorithmLink>
        <StatusBadge status={item.status} />
      </h3>
      <p className={styles.cardDesc}>{pickText(item.comment, language)}</p>
      <div className={styles.cardFooter}>
        <span className={item.available ? styles.live : styles.soon}>
          {t(item.available ? 'algorithm.demoOnline' : 'algorithm.demoSoon')}
        </span>
        <ArrowRightOutlined aria-hidden className={styles.cardArrow} />
      </div>
    </li>
  );
}

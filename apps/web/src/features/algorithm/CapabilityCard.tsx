import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pickText, type MenuItem } from '../../api/menu.ts';
import type { Language } from '../../i18n/language.ts';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import styles from './Algorithm.module.css';

/** A capability as a card; `headingLevel` keeps the page outline (2 under the page title, 3 under a group). */
export function CapabilityCard({
  item,
  language,
  headingLevel = 3,
}: {
  item: MenuItem;
  language: Language;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = pickText(item.name, language);
  return (
    <li className={styles.card} data-testid="capability-card">
      <Heading className={styles.cardTitle}>
        <AlgorithmLink to={item.url} className={styles.cardLink}>
          {name}
        </AlgorithmLink>
        <StatusBadge status={item.status} />
      </Heading>
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

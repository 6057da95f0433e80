import { Breadcrumb } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickText, type MenuItem } from '../../api/menu.ts';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { ShareButton } from '../../components/ShareButton.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { DemoArea } from './DemoArea.tsx';
import { EffectExamples } from './EffectExamples.tsx';
import { useMenuData } from './useMenuData.ts';
import styles from './Algorithm.module.css';

/** The generic page of a capability: title, description, doc link and the demo chosen by its demo kind. */
export function CapabilityView({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const { language, menu } = useMenuData();
  const group = menu.data?.find((candidate) => candidate.id === item.parentId);
  const name = pickText(item.name, language);
  const doc = item.extension.doc;

  return (
    <article data-testid="algorithm-page">
      <header className={styles.hero}>
        <div className="wrap">
          <Breadcrumb
            className={styles.breadcrumb}
            items={[
              { title: <AlgorithmLink to="/algorithm">{t('nav.products')}</AlgorithmLink> },
              ...(group
                ? [{ title: <AlgorithmLink to={group.url}>{pickText(group.name, language)}</AlgorithmLink> }]
                : []),
              { title: name },
            ]}
          />
          <h1 className={styles.heroTitle}>
            {name}
            <StatusBadge status={item.status} />
          </h1>
          <p className={styles.heroDesc}>{pickText(item.comment, language)}</p>
          <div className={styles.heroMeta}>
            {item.endpoint && (
              <span className={styles.endpoint}>
                <span className={styles.endpointMethod}>POST</span>/{item.endpoint}
              </span>
            )}
            {doc !== undefined && (
              <Link to={`/doc?id=${doc}`} className={styles.docLink}>
                <FileTextOutlined aria-hidden />
                {t('algorithm.docLink')}
              </Link>
            )}
            {/* The page's address without the navigation timestamp `t`. */}
            <ShareButton size="small" url={`${window.location.origin}${item.url}`} title={name} />
          </div>
        </div>
      </header>
      <div className={`wrap ${styles.body}`}>
        <DemoArea item={item} />
        <EffectExamples id={item.id} name={name} />
      </div>
    </article>
  );
}

import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from 'antd';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  ExpandOutlined,
  HighlightOutlined,
  PictureOutlined,
  SkinOutlined,
  SlidersOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { STUDIO_PATH } from '../account/adminRoutes.ts';
import { useSession } from '../account/session.ts';
import { textIn, useSiteContent } from '../pages/siteContent.ts';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { withSource } from './source.ts';
import styles from './SolutionPage.module.css';

/** An icon per feature id of content/site/solution.json. */
const FEATURE_ICONS: Record<string, ReactNode> = {
  skin: <SkinOutlined />,
  shape: <ExpandOutlined />,
  makeup: <HighlightOutlined />,
  color: <BgColorsOutlined />,
  background: <PictureOutlined />,
  quality: <SlidersOutlined />,
  batch: <ThunderboltOutlined />,
  styles: <AppstoreOutlined />,
};

/** Online demos of the capabilities the solution combines. */
const RELATED = [
  { path: '/algorithm/imageProcessing/beautify', key: 'solution.related.beautify' },
  { path: '/algorithm/imageProcessing/makeup', key: 'solution.related.makeup' },
  { path: '/algorithm/imageProcessing/shape_tuning', key: 'solution.related.shape' },
  { path: '/algorithm/bodyTechnology/segmentEx', key: 'solution.related.segment' },
  { path: '/algorithm/imageProcessing/imageEnhance', key: 'solution.related.enhance' },
] as const;

/** The reference page of the solution in the documentation. */
const SOLUTION_DOC = '/doc?id=233';

/**
 * /algorithm/solution/studioSolution: the smart photo-editing solution, from
 * content/site/solution.json. Opened with `source=miniprogram`, its internal links carry it on.
 */
export function SolutionPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const source = params.get('source');
  const { token } = useSession();
  const content = useSiteContent('solution');
  const data = content.data;
  useDocumentTitle(data ? textIn(data.title, language) : undefined);
  const link = (url: string) => withSource(url, source);

  if (content.isPending) return <PageLoading />;
  if (!data) return <Alert className="wrap" type="error" title={t('solution.loadFailed')} />;
  const tx = (text: Parameters<typeof textIn>[0]) => textIn(text, language);

  return (
    <div className={styles.page} data-testid="page-solution">
      <header className={styles.hero}>
        <div className="wrap">
          <p className={styles.eyebrow}>{t('solution.eyebrow')}</p>
          <h1 className={styles.title}>{tx(data.title)}</h1>
          <p className={styles.subtitle}>{tx(data.subtitle)}</p>
          <p className={styles.intro}>{tx(data.intro)}</p>
          <div className={styles.actions}>
            <a className={styles.primary} href={link(data.cta.apply)} target="_blank" rel="noopener">
              {t('solution.apply')}
            </a>
            <a className={styles.secondary} href={data.cta.email}>
              {t('solution.contact')}
            </a>
            {/* The studio page is for signed-in developers; signed out, the link asks to sign in and comes back. */}
            <Link className={styles.secondary} to={link(STUDIO_PATH)} data-testid="solution-studio">
              {t(token ? 'studio.solutionLink.open' : 'studio.solutionLink.signIn')}
            </Link>
          </div>
          <p className={styles.intro}>{t('studio.solutionLink.note')}</p>
        </div>
      </header>

      <section className={`wrap ${styles.section}`} aria-labelledby="solution-features">
        <h2 id="solution-features" className={styles.sectionTitle}>
          {tx(data.features.title)}
        </h2>
        <ul className={styles.features}>
          {data.features.items.map((item) => (
            <li key={item.id} className={styles.feature} data-feature={item.id}>
              <span className={styles.featureIcon} aria-hidden>
                {FEATURE_ICONS[item.id] ?? <AppstoreOutlined />}
              </span>
              <h3 className={styles.featureTitle}>{tx(item.title)}</h3>
              <p>{tx(item.desc)}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Not a landmark itself: the table's scrolling region below carries the name. */}
      <section className={styles.plansBand}>
        <div className="wrap">
          <h2 id="solution-plans" className={styles.sectionTitle}>
            {tx(data.plans.title)}
          </h2>
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="solution-plans">
            <table className={styles.plans} data-testid="plan-comparison">
              <thead>
                <tr>
                  <td />
                  {data.plans.columns.map((column) => (
                    <th key={column.id} scope="col" className={styles[`plan_${column.id}`]}>
                      {tx(column.name)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.plans.rows.map((row) => (
                  <tr key={row.id} data-row={row.id}>
                    <th scope="row">{tx(row.label)}</th>
                    {data.plans.columns.map((column) => (
                      <td key={column.id} data-plan={tx(column.name)}>
                        {tx(row[column.id])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <section className={`wrap ${styles.section}`} aria-labelledby="solution-scenes">
        <h2 id="solution-scenes" className={styles.sectionTitle}>
          {tx(data.scenes.title)}
        </h2>
        <ul className={styles.scenes}>
          {data.scenes.items.map((item, i) => (
            <li key={item.id} className={styles.scene}>
              <span className={styles.sceneIndex} aria-hidden>
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3 className={styles.featureTitle}>{tx(item.title)}</h3>
              <p>{tx(item.desc)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`wrap ${styles.section}`} aria-labelledby="solution-related">
        <h2 id="solution-related" className={styles.sectionTitle}>
          {t('solution.relatedTitle')}
        </h2>
        <ul className={styles.related} data-testid="solution-links">
          {RELATED.map((item) => (
            <li key={item.path}>
              <AlgorithmLink to={link(item.path)}>{t(item.key)}</AlgorithmLink>
            </li>
          ))}
          <li>
            <Link to={link(SOLUTION_DOC)}>{t('solution.docs')}</Link>
          </li>
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="solution-cta">
        <div className="wrap">
          <h2 id="solution-cta" className={styles.ctaTitle}>
            {tx(data.cta.title)}
          </h2>
          <p>{tx(data.cta.text)}</p>
          <div className={styles.actions}>
            <a className={styles.primaryInverse} href={link(data.cta.apply)} target="_blank" rel="noopener">
              {t('solution.apply')}
            </a>
            <a className={styles.secondaryInverse} href={data.cta.email}>
              {t('solution.contact')}
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}

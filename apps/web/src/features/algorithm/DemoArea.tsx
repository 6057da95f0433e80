import { lazy, Suspense } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickText, type MenuItem } from '../../api/menu.ts';
import { FACEPOINTS_ENDPOINT } from '../../api/gateway.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useMenuData } from './useMenuData.ts';
import styles from './Algorithm.module.css';

const FacePointsDemo = lazy(() =>
  import('./demos/facepoints/FacePointsDemo.tsx').then((m) => ({ default: m.FacePointsDemo })),
);

/** The demos this web app can present, by demo kind and endpoint. */
function demoFor(item: MenuItem) {
  if (item.demoKind === 'points' && item.endpoint === FACEPOINTS_ENDPOINT) return FacePointsDemo;
  return null;
}

function unavailableKey(item: MenuItem): string {
  if (item.demoKind === 'sdk' || item.menuType === 1) return 'algorithm.notAvailableSdk';
  if (item.demoKind === 'solution' || item.menuType === 2) return 'algorithm.notAvailableSolution';
  return 'algorithm.notAvailable';
}

/**
 * The demo of a capability, chosen by the demo kind of its Extension. Only capabilities the engine
 * serves get a demo; the others say honestly that the online demo is not open yet.
 */
export function DemoArea({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const { language } = useMenuData();
  const Demo = item.available ? demoFor(item) : null;
  if (Demo) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Demo item={item} />
      </Suspense>
    );
  }
  return (
    <section
      className={styles.unavailable}
      data-testid="demo-unavailable"
      aria-labelledby="demo-unavailable-title"
    >
      <Alert
        type="info"
        showIcon
        title={<span id="demo-unavailable-title">{t(unavailableKey(item))}</span>}
        description={t('algorithm.notAvailableHint')}
      />
      <h2 className={styles.aboutTitle}>{t('algorithm.about', { name: pickText(item.name, language) })}</h2>
      <p className={styles.aboutText}>{pickText(item.comment, language)}</p>
    </section>
  );
}

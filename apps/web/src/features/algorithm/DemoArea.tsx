import { lazy, Suspense, type ComponentType } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickText, type MenuItem } from '../../api/menu.ts';
import {
  AI_BEAUTY_ENDPOINT,
  BABY_RECOGNITION_ENDPOINT,
  FACE_ANALYSIS_ENDPOINT,
  FACE_CHARACTER_ENDPOINT,
  FACE_COMPARE_ENDPOINT,
  FACEDETECT_ENDPOINTS,
  FACEPOINTS_ENDPOINT,
} from '../../api/gateway.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useMenuData } from './useMenuData.ts';
import styles from './Algorithm.module.css';

type DemoComponent = ComponentType<{ item: MenuItem }>;

const FacePointsDemo = lazy(() =>
  import('./demos/facepoints/FacePointsDemo.tsx').then((m) => ({ default: m.FacePointsDemo })),
);
const FaceDetectDemo = lazy(() =>
  import('./demos/facedetect/FaceDetectDemo.tsx').then((m) => ({ default: m.FaceDetectDemo })),
);
const FaceAnalysisDemo = lazy(() =>
  import('./demos/faceanalysis/FaceAnalysisDemo.tsx').then((m) => ({ default: m.FaceAnalysisDemo })),
);
const FaceCharacterDemo = lazy(() =>
  import('./demos/facecharacter/FaceCharacterDemo.tsx').then((m) => ({ default: m.FaceCharacterDemo })),
);
const FaceRecognitionDemo = lazy(() =>
  import('./demos/facecompare/FaceRecognitionDemo.tsx').then((m) => ({ default: m.FaceRecognitionDemo })),
);
const BabyRecognitionDemo = lazy(() =>
  import('./demos/babyrecognition/BabyRecognitionDemo.tsx').then((m) => ({ default: m.BabyRecognitionDemo })),
);
const AIBeautyDemo = lazy(() =>
  import('./demos/aibeauty/AIBeautyDemo.tsx').then((m) => ({ default: m.AIBeautyDemo })),
);

/** The demos this web app can present: the demo kind a menu entry declares, and the endpoint it calls. */
const DEMOS: ReadonlyArray<{
  kind: MenuItem['demoKind'];
  endpoints: readonly string[];
  demo: DemoComponent;
}> = [
  { kind: 'points', endpoints: [FACEPOINTS_ENDPOINT], demo: FacePointsDemo },
  { kind: 'boxes', endpoints: FACEDETECT_ENDPOINTS, demo: FaceDetectDemo },
  { kind: 'boxes', endpoints: [BABY_RECOGNITION_ENDPOINT], demo: BabyRecognitionDemo },
  { kind: 'attributes', endpoints: [FACE_ANALYSIS_ENDPOINT], demo: FaceAnalysisDemo },
  { kind: 'attributes', endpoints: [FACE_CHARACTER_ENDPOINT], demo: FaceCharacterDemo },
  { kind: 'compare', endpoints: [FACE_COMPARE_ENDPOINT], demo: FaceRecognitionDemo },
  { kind: 'image', endpoints: [AI_BEAUTY_ENDPOINT], demo: AIBeautyDemo },
];

function demoFor(item: MenuItem): DemoComponent | null {
  return (
    DEMOS.find((entry) => entry.kind === item.demoKind && entry.endpoints.includes(item.endpoint))?.demo ??
    null
  );
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

import { lazy, Suspense, type ComponentType } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KindView } from '@pixora/catalog';
import { pickText, type MenuItem } from '../../api/menu.ts';
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

const BoxesDemo = lazy(() => import('./kinds/boxes/BoxesDemo.tsx').then((m) => ({ default: m.BoxesDemo })));
const PointsDemo = lazy(() =>
  import('./kinds/points/PointsDemo.tsx').then((m) => ({ default: m.PointsDemo })),
);
const MaskDemo = lazy(() => import('./kinds/mask/MaskDemo.tsx').then((m) => ({ default: m.MaskDemo })));
const LabelsDemo = lazy(() =>
  import('./kinds/labels/LabelsDemo.tsx').then((m) => ({ default: m.LabelsDemo })),
);
const AttributesDemo = lazy(() =>
  import('./kinds/attributes/AttributesDemo.tsx').then((m) => ({ default: m.AttributesDemo })),
);
const ImageDemo = lazy(() => import('./kinds/image/ImageDemo.tsx').then((m) => ({ default: m.ImageDemo })));
const TwoImageDemo = lazy(() =>
  import('./kinds/image/TwoImageDemo.tsx').then((m) => ({ default: m.TwoImageDemo })),
);

/** Demos of their own, by capability key (the menu entry's `Extension.key`): the face family. */
export const overrides: Readonly<Record<string, DemoComponent>> = {
  facePoint: FacePointsDemo,
  faceDetect: FaceDetectDemo,
  faceDetectServerVersion: FaceDetectDemo,
  faceAnalysis: FaceAnalysisDemo,
  faceCharacter: FaceCharacterDemo,
  faceRecognition: FaceRecognitionDemo,
  babyRecognition: BabyRecognitionDemo,
  aibeauty: AIBeautyDemo,
};

/**
 * The demo of each output kind, for every capability without a demo of its own: it reads the
 * answer through the entry's view. Comparing two images (`compare`) has no such demo yet.
 */
const kindDemos: Readonly<Record<KindView['kind'], DemoComponent>> = {
  boxes: BoxesDemo,
  points: PointsDemo,
  mask: MaskDemo,
  labels: LabelsDemo,
  attributes: AttributesDemo,
  image: ImageDemo,
};

/**
 * The demo of a served capability: its own, chosen by its key; else its kind's, when the entry
 * says how to read the answer (`demo.view`) of a one-image call (or of a two-image image call).
 */
export function demoFor(item: MenuItem): DemoComponent | null {
  if (!item.available) return null;
  const key = item.extension.key;
  if (key !== undefined && Object.hasOwn(overrides, key)) return overrides[key]!;
  const demo = item.extension.demo;
  // A two-photo call of the image kind (v1/facefusechild) has a two-photo image demo.
  if (demo?.view?.kind === 'image' && demo.images === 2) return TwoImageDemo;
  return (demo?.view && demo.images === 1 ? kindDemos[demo.view.kind] : undefined) ?? null;
}

function unavailableKey(item: MenuItem): string {
  if (item.demoKind === 'sdk' || item.menuType === 1) return 'algorithm.notAvailableSdk';
  if (item.demoKind === 'solution' || item.menuType === 2) return 'algorithm.notAvailableSolution';
  return 'algorithm.notAvailable';
}

/**
 * The demo of a capability. Only capabilities the engine serves get a demo; the others say
 * honestly that the online demo is not open yet.
 */
export function DemoArea({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const { language } = useMenuData();
  const Demo = demoFor(item);
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

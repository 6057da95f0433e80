import { useId, useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../../api/menu.ts';
import { useCallAlgorithm, useReportedParameters } from '../../demo-kit/demoCaller.ts';
import { AnalyseBar } from '../../demo-kit/AnalyseBar.tsx';
import { ImagePicker } from '../../demo-kit/ImagePicker.tsx';
import { PhotoStage } from '../../demo-kit/PhotoStage.tsx';
import { ResultPanel } from '../../demo-kit/ResultPanel.tsx';
import { useDemoRun, useImageSlot } from '../../demo-kit/useDemoRun.ts';
import { kindSpec, resultImage, type KindResponse } from '../answer.ts';
import { ParameterControls } from '../ParameterControls.tsx';
import { initialValues, parameterOf, type ControlValues } from '../controls.ts';
import styles from '../../demos/facecompare/FaceCompare.module.css';
import kindStyles from '../Kinds.module.css';
import ownStyles from './TwoImageDemo.module.css';

/** The samples each side offers first (the entry's own samples come before them). */
const SAMPLES = [['/samples/astronaut.jpg'], ['/samples/glasses-man.jpg']] as const;

/**
 * The image kind's demo for a call of two photos (v1/facefusechild): a photo on each side, the
 * entry's parameters as controls, and the new image with its download. The texts are the face
 * comparison's and the image kind's.
 */
export function TwoImageDemo({ item }: { item: MenuItem }) {
  const callAlgorithm = useCallAlgorithm();
  const { t } = useTranslation();
  const id = useId();
  const spec = kindSpec(item, 'image');
  const [values, setValues] = useState<ControlValues>(() => initialValues(spec?.controls ?? []));
  const parameter = parameterOf(spec?.controls ?? [], values);
  useReportedParameters(item.endpoint, parameter);
  const demo = useDemoRun<KindResponse>(item.endpoint);
  const slots = [useImageSlot(demo.reset), useImageSlot(demo.reset)] as const;
  const shown = demo.resultFor(slots.map((slot) => slot.source));
  const image = shown ? resultImage(shown.response) : null;
  const ready = slots.every((slot) => slot.source !== null && !slot.previewFailed);
  if (!spec) return null;

  const run = () => {
    const chosen = slots.map((slot) => slot.source);
    if (chosen.some((source) => source === null)) return;
    void demo.run(chosen as NonNullable<(typeof chosen)[number]>[], (media) =>
      callAlgorithm<KindResponse>(item.endpoint, media, { parameter }),
    );
  };

  return (
    <div className={styles.demo} data-testid="kind-demo-two-images">
      <div className={styles.pair}>
        {slots.map((slot, index) => {
          const title = t('faceDemo.compare.image', { index: index + 1 });
          return (
            <section
              key={index}
              className={styles.side}
              aria-labelledby={`${id}-side-${index}`}
              data-testid={`two-image-side-${index + 1}`}
            >
              <h2 id={`${id}-side-${index}`} className={styles.sideTitle}>
                {title}
              </h2>
              <PhotoStage
                source={slot.source}
                running={demo.running}
                onPreviewError={slot.onPreviewError}
                alt={title}
                emptyText={t('faceDemo.compare.empty')}
              />
              <ImagePicker
                current={slot.source}
                onSelect={slot.select}
                history={demo.history}
                onClearHistory={demo.clearHistory}
                preferredSamples={[...spec.samples, ...SAMPLES[index]!]}
                disabled={demo.running}
                showCredits={index === 0}
              />
            </section>
          );
        })}
      </div>
      <ParameterControls
        controls={spec.controls}
        values={values}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
        disabled={demo.running}
      />
      <div className={styles.bottom}>
        <div className={styles.action}>
          <AnalyseBar ready={ready} running={demo.running} onAnalyse={run} error={demo.silentError} />
          {!ready && <p className={styles.hint}>{t('faceDemo.compare.chooseBoth')}</p>}
        </div>
        <ResultPanel response={shown?.response ?? null}>
          {image && (
            <>
              <img src={image} alt={t('kindDemo.image.resultAlt')} className={ownStyles.result} />
              <div className={kindStyles.downloads}>
                <Button
                  type="primary"
                  icon={<DownloadOutlined aria-hidden />}
                  href={image}
                  download={`pixora-${item.extension.key ?? item.slug}.jpg`}
                  data-testid="image-download"
                >
                  {t('kindDemo.image.download')}
                </Button>
              </div>
            </>
          )}
        </ResultPanel>
      </div>
    </div>
  );
}

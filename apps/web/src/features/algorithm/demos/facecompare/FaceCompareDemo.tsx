import { useId } from 'react';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FaceCompareAnswer } from '@pixora/catalog';
import { type GatewayResponse } from '../../../../api/gateway.ts';
import { useCallAlgorithm } from '../../demo-kit/demoCaller.ts';

type FaceCompareResponse = GatewayResponse<FaceCompareAnswer>;
import type { MenuItem } from '../../../../api/menu.ts';
import { AnalyseBar } from '../../demo-kit/AnalyseBar.tsx';
import { ImagePicker } from '../../demo-kit/ImagePicker.tsx';
import { PhotoStage } from '../../demo-kit/PhotoStage.tsx';
import { ResultPanel } from '../../demo-kit/ResultPanel.tsx';
import { useDemoRun, useImageSlot } from '../../demo-kit/useDemoRun.ts';
import { FaceOverlay } from '../face-kit/FaceOverlay.tsx';
import styles from './FaceCompare.module.css';

/** The samples each side offers first: the astronaut, and her mirrored, smaller copy. */
export const COMPARE_SAMPLES = [['/samples/astronaut.jpg'], ['/samples/astronaut-mirrored.jpg']] as const;

/**
 * Face comparison (v1/face_compare): two photos side by side, each with its face boxed, the
 * similarity of the two faces and whether they are the same person.
 */
export function FaceCompareDemo({ item }: { item: MenuItem }) {
  const callAlgorithm = useCallAlgorithm();
  const { t } = useTranslation();
  const id = useId();
  const demo = useDemoRun<FaceCompareResponse>(item.endpoint);
  const slots = [useImageSlot(demo.reset), useImageSlot(demo.reset)] as const;
  const sources = slots.map((slot) => slot.source);
  const shown = demo.resultFor(sources);
  const result = shown?.response.media_info_list[0]?.media_extra;
  const ready = slots.every((slot) => slot.source !== null && !slot.previewFailed);

  const compare = () => {
    const chosen = slots.map((slot) => slot.source);
    if (chosen.some((source) => source === null)) return;
    void demo.run(chosen as NonNullable<(typeof chosen)[number]>[], (media) =>
      callAlgorithm<FaceCompareResponse>(item.endpoint, media),
    );
  };

  return (
    <div className={styles.demo} data-testid="facecompare-demo">
      <div className={styles.pair}>
        {slots.map((slot, index) => {
          const face = result?.faces.find((candidate) => candidate.image === index);
          const title = t('faceDemo.compare.image', { index: index + 1 });
          return (
            <section
              key={index}
              className={styles.side}
              aria-labelledby={`${id}-side-${index}`}
              data-testid={`compare-side-${index + 1}`}
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
                // The answer gives each image's size, so the box is drawn without measuring the photo.
                overlay={() =>
                  face ? (
                    <FaceOverlay
                      width={face.image_width}
                      height={face.image_height}
                      label={t('faceDemo.compare.overlayLabel', { index: index + 1 })}
                      faces={[{ rectangle: face.face_rectangle, caption: String(index + 1), title }]}
                    />
                  ) : null
                }
              />
              <ImagePicker
                current={slot.source}
                onSelect={slot.select}
                history={demo.history}
                onClearHistory={demo.clearHistory}
                preferredSamples={[...(item.extension.sampleFigure ?? []), ...COMPARE_SAMPLES[index]!]}
                disabled={demo.running}
                showCredits={index === 0}
              />
            </section>
          );
        })}
      </div>

      <div className={styles.bottom}>
        <div className={styles.action}>
          <AnalyseBar
            ready={ready}
            running={demo.running}
            onAnalyse={compare}
            error={demo.silentError}
            label={t('faceDemo.compare.analyse')}
          />
          {!ready && <p className={styles.hint}>{t('faceDemo.compare.chooseBoth')}</p>}
        </div>
        <ResultPanel response={shown?.response ?? null}>
          {result && (
            <>
              <p
                className={`${styles.decision} ${result.is_same_person ? styles.same : styles.different}`}
                data-testid="compare-decision"
              >
                {result.is_same_person ? (
                  <CheckCircleFilled aria-hidden />
                ) : (
                  <CloseCircleFilled aria-hidden />
                )}
                {t(result.is_same_person ? 'faceDemo.compare.same' : 'faceDemo.compare.different')}
              </p>
              <dl className={styles.figures}>
                <div>
                  <dt>{t('faceDemo.compare.similarity')}</dt>
                  <dd data-testid="compare-similarity">{result.similarity.toFixed(2)}</dd>
                </div>
                <div>
                  <dt>{t('faceDemo.compare.threshold')}</dt>
                  <dd>{result.threshold}</dd>
                </div>
              </dl>
              <p className={styles.hint}>
                {t('faceDemo.compare.thresholdNote', { threshold: result.threshold })}
              </p>
            </>
          )}
        </ResultPanel>
      </div>
    </div>
  );
}

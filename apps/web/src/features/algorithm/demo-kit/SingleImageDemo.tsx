import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaInput } from '../../../api/gateway.ts';
import type { MenuItem } from '../../../api/menu.ts';
import { AnalyseBar } from './AnalyseBar.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { PhotoStage, type ImageSize } from './PhotoStage.tsx';
import { ResultPanel } from './ResultPanel.tsx';
import { useDemoRun, useImageSlot } from './useDemoRun.ts';
import styles from './Demo.module.css';

/** What a one-image demo draws: `active` is the result item the visitor points at (hover or focus). */
export interface ResultView<R> {
  response: R;
  active: number | null;
  setActive: (index: number | null) => void;
}

interface SingleImageDemoProps<R> {
  item: MenuItem;
  /** Calls the gateway with the chosen image. */
  call: (media: MediaInput) => Promise<R>;
  /** Drawn over the photo once the answer is there. */
  overlay: (view: ResultView<R>, size: ImageSize | null) => ReactNode;
  /** The result column, above the raw JSON. */
  result: (view: ResultView<R>) => ReactNode;
  /** Settings of the call, shown under the image inputs. */
  options?: ReactNode;
  /** The answer as the JSON view shows it (long base64 images shortened); default the answer itself. */
  json?: (response: R) => unknown;
  /** Samples shown first, after those the menu entry names. */
  preferredSamples?: readonly string[];
  testId: string;
}

/**
 * The frame of every demo that analyses one image: the image inputs (upload, URL, samples,
 * history), the photo with the result drawn over it, the analyse button, the result column.
 */
export function SingleImageDemo<R>(props: SingleImageDemoProps<R>) {
  const { t } = useTranslation();
  const inputsId = useId();
  const demo = useDemoRun<R>(props.item.endpoint);
  const [active, setActive] = useState<number | null>(null);
  const slot = useImageSlot(() => {
    demo.reset();
    setActive(null);
  });
  const shown = demo.resultFor([slot.source]);
  const view = shown ? { response: shown.response, active, setActive } : null;

  const analyse = () => {
    if (!slot.source) return;
    setActive(null);
    void demo.run([slot.source], ([media]) => props.call(media!));
  };

  return (
    <div className={styles.demo} data-testid={props.testId}>
      <aside className={styles.inputs} aria-labelledby={inputsId}>
        {/* The page's outline: h1 the capability, h2 the image inputs and the results. */}
        <h2 id={inputsId} className="visually-hidden">
          {t('demo.inputsLabel')}
        </h2>
        <ImagePicker
          current={slot.source}
          onSelect={slot.select}
          history={demo.history}
          onClearHistory={demo.clearHistory}
          preferredSamples={[...(props.item.extension.sampleFigure ?? []), ...(props.preferredSamples ?? [])]}
          disabled={demo.running}
        />
        {props.options && <div className={styles.options}>{props.options}</div>}
      </aside>

      <div className={styles.stage}>
        <PhotoStage
          source={slot.source}
          running={demo.running}
          onPreviewError={slot.onPreviewError}
          overlay={view ? (size) => props.overlay(view, size) : undefined}
        />
        <AnalyseBar
          ready={slot.source !== null && !slot.previewFailed}
          running={demo.running}
          onAnalyse={analyse}
          error={demo.silentError}
        />
      </div>

      <div className={styles.results}>
        <ResultPanel response={view ? (props.json?.(view.response) ?? view.response) : null}>
          {view && props.result(view)}
        </ResultPanel>
      </div>
    </div>
  );
}

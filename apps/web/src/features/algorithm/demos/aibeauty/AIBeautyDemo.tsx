import { useId, useState } from 'react';
import { Alert, Button, Slider } from 'antd';
import { DownloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AIBeautyAnswer, BEAUTY } from '@pixora/catalog';
import { type GatewayResponse, type MediaInput } from '../../../../api/gateway.ts';
import { useCallAlgorithm, useReportedParameters } from '../../demo-kit/demoCaller.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { AnalyseBar } from '../../demo-kit/AnalyseBar.tsx';
import { BeforeAfter } from '../../demo-kit/BeforeAfter.tsx';
import { ImagePicker } from '../../demo-kit/ImagePicker.tsx';
import { PhotoStage } from '../../demo-kit/PhotoStage.tsx';
import { ResultPanel } from '../../demo-kit/ResultPanel.tsx';
import { useDemoRun, useImageSlot } from '../../demo-kit/useDemoRun.ts';
import demoStyles from '../../demo-kit/Demo.module.css';
import styles from './AIBeauty.module.css';

type AIBeautyResponse = GatewayResponse<AIBeautyAnswer>;
/** v3/AIBeauty settings, each 0-100, as the answer reports those applied. */
type BeautySettings = AIBeautyAnswer['beauty'];

/**
 * The contract's defaults (visible retouch, small shape changes), written out so that the page
 * does not load the contract's schemas; `satisfies` fails the build if they ever differ.
 */
export const BEAUTY_DEFAULTS: BeautySettings = {
  smooth: 60,
  whiten: 30,
  slim: 20,
  eye: 20,
} as const satisfies typeof BEAUTY;
const SETTINGS = ['smooth', 'whiten', 'slim', 'eye'] as const;

/** The answer as the page shows it in the JSON view: the base64 image replaced by its size. */
export function withoutImageData(response: AIBeautyResponse): AIBeautyResponse {
  return {
    ...response,
    media_info_list: response.media_info_list.map((item) =>
      item.media_data
        ? { ...item, media_data: `<base64 JPEG, ${Math.round((item.media_data.length * 3) / 4 / 1024)} KB>` }
        : item,
    ),
  };
}

/**
 * AI Beauty (v3/AIBeauty): the photo retouched on every face, shown before/after with a split the
 * visitor drags, four settings (smoothing, brightening, slimming, eye enlarging) and a download.
 * Moving a setting after a result re-runs the retouch with it.
 */
export function AIBeautyDemo({ item }: { item: MenuItem }) {
  const callAlgorithm = useCallAlgorithm();
  const { t } = useTranslation();
  const id = useId();
  const demo = useDemoRun<AIBeautyResponse>(item.endpoint);
  const slot = useImageSlot(demo.reset);
  const [settings, setSettings] = useState<BeautySettings>(BEAUTY_DEFAULTS);
  const shown = demo.resultFor([slot.source]);
  const answer = shown?.response.media_info_list[0];
  const result = answer?.media_extra;
  const image = answer?.media_data ? `data:image/jpeg;base64,${answer.media_data}` : null;
  // The retouched photo comes back as base64 JPEG, drawn in the before/after view.
  const parameterOf = (chosen: BeautySettings) => ({ ...chosen, rsp_media_type: 'jpg' });
  useReportedParameters(item.endpoint, parameterOf(settings));

  const beautify = (next: BeautySettings = settings) => {
    if (!slot.source) return;
    void demo.run([slot.source], ([media]) =>
      callAlgorithm<AIBeautyResponse>(item.endpoint, [media as MediaInput], {
        parameter: parameterOf(next),
      }),
    );
  };
  // With a result on screen, a released slider applies at once.
  const settle = (next: BeautySettings) => {
    if (shown && !demo.running) beautify(next);
  };

  return (
    <div className={demoStyles.demo} data-testid="aibeauty-demo">
      <aside className={demoStyles.inputs} aria-labelledby={`${id}-inputs`}>
        <h2 id={`${id}-inputs`} className="visually-hidden">
          {t('demo.inputsLabel')}
        </h2>
        <ImagePicker
          current={slot.source}
          onSelect={slot.select}
          history={demo.history}
          onClearHistory={demo.clearHistory}
          preferredSamples={item.extension.sampleFigure ?? []}
          disabled={demo.running}
        />
      </aside>

      <div className={demoStyles.stage}>
        <PhotoStage
          source={slot.source}
          running={demo.running}
          onPreviewError={slot.onPreviewError}
          overlay={() => (image ? <BeforeAfter after={image} alt={t('beautyDemo.resultAlt')} /> : null)}
        />
        <AnalyseBar
          ready={slot.source !== null && !slot.previewFailed}
          running={demo.running}
          onAnalyse={() => beautify()}
          error={demo.silentError}
          label={t('beautyDemo.analyse')}
        />
      </div>

      <div className={demoStyles.results}>
        <section className={`${demoStyles.panel} ${styles.settings}`} aria-labelledby={`${id}-settings`}>
          <h2 id={`${id}-settings`} className={demoStyles.panelTitle}>
            {t('beautyDemo.settings')}
          </h2>
          {SETTINGS.map((key) => (
            <div key={key} className={styles.setting}>
              <div className={styles.settingHead}>
                <span id={`${id}-${key}`}>{t(`beautyDemo.setting.${key}`)}</span>
                <output className={styles.settingValue} htmlFor={`${id}-${key}-slider`}>
                  {settings[key]}
                </output>
              </div>
              <Slider
                id={`${id}-${key}-slider`}
                min={0}
                max={100}
                value={settings[key]}
                disabled={demo.running}
                onChange={(value) => setSettings((current) => ({ ...current, [key]: value }))}
                onChangeComplete={(value) => settle({ ...settings, [key]: value })}
                ariaLabelledByForHandle={`${id}-${key}`}
                data-testid={`beauty-${key}`}
              />
            </div>
          ))}
          <Button
            size="small"
            icon={<UndoOutlined aria-hidden />}
            onClick={() => {
              setSettings(BEAUTY_DEFAULTS);
              settle(BEAUTY_DEFAULTS);
            }}
            disabled={demo.running}
          >
            {t('beautyDemo.reset')}
          </Button>
          <p className={styles.note}>{t('beautyDemo.method')}</p>
        </section>
        <ResultPanel response={shown ? withoutImageData(shown.response) : null}>
          {result && (
            <>
              <p className={styles.count} data-testid="beauty-face-count">
                {t('beautyDemo.faces', { count: result.face_num })}
              </p>
              <dl className={styles.applied}>
                {SETTINGS.map((key) => (
                  <div key={key}>
                    <dt>{t(`beautyDemo.setting.${key}`)}</dt>
                    <dd data-testid={`beauty-applied-${key}`}>{result.beauty[key]}</dd>
                  </div>
                ))}
              </dl>
              {image ? (
                <>
                  <p className={styles.note}>{t('beautyDemo.dragHint')}</p>
                  <Button
                    type="primary"
                    icon={<DownloadOutlined aria-hidden />}
                    href={image}
                    download="pixora-ai-beauty.jpg"
                    data-testid="beauty-download"
                  >
                    {t('beautyDemo.download')}
                  </Button>
                </>
              ) : (
                <Alert type="warning" showIcon title={t('beautyDemo.noImage')} />
              )}
            </>
          )}
        </ResultPanel>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { analyseFacePoints, type FacePointsResponse } from '../../../../api/gateway.ts';
import { MESSAGE_DURATION_MS } from '../../../../api/errors.ts';
import { isApiError } from '../../../../api/http.ts';
import type { MenuItem } from '../../../../api/menu.ts';
import { useMessage } from '../../../../components/MessageProvider.tsx';
import { useNotifyError } from '../../../../components/useNotifyError.ts';
import { addToHistory, clearHistory, loadHistory, type HistoryItem } from '../../demo-kit/history.ts';
import {
  historyCopy,
  previewOf,
  sameSource,
  sourceToMedia,
  type ImageSource,
} from '../../demo-kit/imageSource.ts';
import { ImagePicker } from '../../demo-kit/ImagePicker.tsx';
import { FaceOverlay } from './FaceOverlay.tsx';
import { FaceResultPanel } from './FaceResultPanel.tsx';
import styles from './FacePoints.module.css';

interface Analysis {
  source: ImageSource;
  response: FacePointsResponse;
}

/** The face key points demo: pick an image, analyse, see every face boxed with its mesh and iris points. */
export function FacePointsDemo({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const message = useMessage();
  const notifyError = useNotifyError();
  const endpoint = item.endpoint;
  const [source, setSource] = useState<ImageSource | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [running, setRunning] = useState(false);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  // An error the catalogue only records (no message shown) is said on the page instead.
  const [silentError, setSilentError] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryItem[]>(() => loadHistory(endpoint));
  const [hovered, setHovered] = useState<number | null>(null);

  const select = (next: ImageSource) => {
    setSource(next);
    setPreviewFailed(false);
    setAnalysis(null);
    setSilentError(null);
    setHovered(null);
  };

  const analyse = async () => {
    if (!source || running) return;
    const current = source;
    setRunning(true);
    setSilentError(null);
    setAnalysis(null);
    try {
      const response = await analyseFacePoints(await sourceToMedia(current));
      setAnalysis({ source: current, response });
      void historyCopy(current).then((copy) => {
        if (copy) setHistory(addToHistory(endpoint, copy));
      });
    } catch (caught) {
      if (isApiError(caught)) {
        const notified = notifyError(caught, { url: `/${endpoint}` });
        if (!notified.shown) setSilentError(notified.text);
      } else {
        const text = t(current.kind === 'url' ? 'demo.errors.urlLoadFailed' : 'demo.errors.loadFailed');
        void message.error({ content: text, duration: MESSAGE_DURATION_MS / 1000 });
      }
    } finally {
      setRunning(false);
    }
  };

  const onPreviewError = () => {
    if (source?.kind !== 'url') return;
    setPreviewFailed(true);
    void message.error({ content: t('demo.errors.urlLoadFailed'), duration: MESSAGE_DURATION_MS / 1000 });
  };

  const shown = analysis && sameSource(analysis.source, source) ? analysis : null;
  const media = shown?.response.media_info_list[0]?.media_extra;
  const faces = media?.faces ?? [];
  const faceLabel = (index: number) =>
    index < 0
      ? t('demo.facepoints.overlayLabel', { total: faces.length })
      : t('demo.facepoints.face', { index: index + 1 });

  return (
    <div className={styles.demo} data-testid="facepoints-demo">
      <aside className={styles.inputs} aria-label={t('demo.inputsLabel')}>
        <ImagePicker
          current={source}
          onSelect={select}
          history={history}
          onClearHistory={() => {
            clearHistory(endpoint);
            setHistory([]);
          }}
          preferredSamples={item.extension.sampleFigure ?? []}
          disabled={running}
        />
      </aside>

      <div className={styles.stage}>
        <div className={styles.canvas}>
          {source ? (
            <Spin spinning={running} description={t('demo.analysing')}>
              <figure className={styles.frame}>
                <img
                  src={previewOf(source)}
                  alt={t('demo.previewAlt')}
                  className={styles.photo}
                  onError={onPreviewError}
                  referrerPolicy="no-referrer"
                  data-testid="demo-preview"
                />
                {media && (
                  <FaceOverlay
                    width={media.image_width}
                    height={media.image_height}
                    faces={faces}
                    activeFace={hovered}
                    label={faceLabel}
                  />
                )}
              </figure>
            </Spin>
          ) : (
            <div className={styles.empty}>
              <ScanOutlined className={styles.emptyIcon} aria-hidden />
              <p>{t('demo.empty')}</p>
            </div>
          )}
        </div>
        <div className={styles.actions}>
          <Button
            type="primary"
            size="large"
            onClick={() => void analyse()}
            disabled={!source || previewFailed || running}
            loading={running}
            data-testid="demo-analyse"
          >
            {running ? t('demo.analysing') : t('demo.analyse')}
          </Button>
          <span className={styles.privacy}>{t('demo.privacyNote')}</span>
        </div>
        {silentError && (
          <Alert
            type="error"
            showIcon
            title={silentError}
            className={styles.error}
            data-testid="demo-error"
          />
        )}
      </div>

      <div className={styles.results}>
        {shown && media ? (
          <FaceResultPanel response={shown.response} faces={faces} onHover={setHovered} />
        ) : (
          <section className={styles.panel} aria-labelledby="facepoints-result-title">
            <h2 id="facepoints-result-title" className={styles.panelTitle}>
              {t('demo.result.title')}
            </h2>
            <p className={styles.placeholder}>{t('demo.result.placeholder')}</p>
          </section>
        )}
      </div>
    </div>
  );
}

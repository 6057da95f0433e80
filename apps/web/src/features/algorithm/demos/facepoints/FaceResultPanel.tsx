import { Button } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FacePointsFace, FacePointsResponse } from '../../../../api/gateway.ts';
import { MESSAGE_DURATION_MS } from '../../../../api/errors.ts';
import { useMessage } from '../../../../components/MessageProvider.tsx';
import { formatJson } from '../../demo-kit/formatJson.ts';
import styles from './FacePoints.module.css';

interface FaceResultPanelProps {
  response: FacePointsResponse;
  faces: readonly FacePointsFace[];
  onHover: (index: number | null) => void;
}

/** The numbers of a facepoints answer: face count, score and box per face, the raw JSON with a copy button. */
export function FaceResultPanel({ response, faces, onHover }: FaceResultPanelProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const json = formatJson(response);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      void message.success({ content: t('demo.result.copySuccess'), duration: MESSAGE_DURATION_MS / 1000 });
    } catch {
      void message.error({ content: t('demo.result.copyFailure'), duration: MESSAGE_DURATION_MS / 1000 });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="facepoints-result-title" aria-live="polite">
      <h2 id="facepoints-result-title" className={styles.panelTitle}>
        {t('demo.result.title')}
      </h2>
      <p className={styles.count} data-testid="demo-result-count">
        {t('demo.facepoints.count', { total: faces.length })}
      </p>
      <ol className={styles.faces}>
        {faces.map((face, index) => {
          const { left, top, width, height } = face.face_rectangle;
          const points =
            face.face_landmark.mesh.length +
            face.face_landmark.iris_left.length +
            face.face_landmark.iris_right.length;
          return (
            <li
              key={index}
              className={styles.face}
              onMouseEnter={() => onHover(index)}
              onMouseLeave={() => onHover(null)}
              data-testid="demo-face-item"
            >
              <div className={styles.faceHead}>
                <span className={styles.faceIndex}>{t('demo.facepoints.face', { index: index + 1 })}</span>
                <span>
                  {t('demo.facepoints.score')} <strong>{face.score.toFixed(3)}</strong>
                </span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('demo.facepoints.left')}</dt>
                  <dd>{Math.round(left)}</dd>
                </div>
                <div>
                  <dt>{t('demo.facepoints.top')}</dt>
                  <dd>{Math.round(top)}</dd>
                </div>
                <div>
                  <dt>{t('demo.facepoints.width')}</dt>
                  <dd>{Math.round(width)}</dd>
                </div>
                <div>
                  <dt>{t('demo.facepoints.height')}</dt>
                  <dd>{Math.round(height)}</dd>
                </div>
              </dl>
              <p className={styles.pointsNote}>{t('demo.facepoints.points', { total: points })}</p>
            </li>
          );
        })}
      </ol>
      <details className={styles.json}>
        <summary>{t('demo.result.json')}</summary>
        <div className={styles.jsonBar}>
          <Button
            size="small"
            icon={<CopyOutlined aria-hidden />}
            onClick={() => void copy()}
            data-testid="demo-copy-json"
          >
            {t('demo.result.copy')}
          </Button>
        </div>
        <pre className={styles.jsonText} tabIndex={0} data-testid="demo-result-json">
          {json}
        </pre>
      </details>
    </section>
  );
}

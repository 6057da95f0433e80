import { useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { previewOf, type ImageSource } from './imageSource.ts';
import styles from './Demo.module.css';

/** Pixel size of the displayed photo as the browser decoded it. */
export interface ImageSize {
  width: number;
  height: number;
}

interface PhotoStageProps {
  source: ImageSource | null;
  running: boolean;
  onPreviewError: () => void;
  /** What is drawn over the photo; it gets the photo's natural size once the browser knows it. */
  overlay?: (size: ImageSize | null) => ReactNode;
  /** Accessible name of the preview image. */
  alt?: string;
  /** What the empty stage invites the visitor to do, instead of "Choose an image, then press Analyse." */
  emptyText?: string;
  testId?: string;
}

/** The chosen photo, with the result drawn over it, a spinner while it is analysed, or an invitation to choose one. */
export function PhotoStage(props: PhotoStageProps) {
  const { source, running, onPreviewError, overlay, alt, emptyText, testId } = props;
  const { t } = useTranslation();
  const src = source ? previewOf(source) : '';
  const [size, setSize] = useState<{ src: string; size: ImageSize } | null>(null);
  const measure = (image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0 && size?.src !== src) {
      setSize({ src, size: { width: image.naturalWidth, height: image.naturalHeight } });
    }
  };
  const known = size?.src === src ? size.size : null;

  return (
    <div className={styles.canvas} data-testid={testId}>
      {source ? (
        <Spin spinning={running} description={t('demo.analysing')}>
          <figure className={styles.frame}>
            <img
              ref={measure}
              src={src}
              alt={alt ?? t('demo.previewAlt')}
              className={styles.photo}
              onLoad={(event) => measure(event.currentTarget)}
              onError={onPreviewError}
              referrerPolicy="no-referrer"
              data-testid="demo-preview"
            />
            {overlay?.(known)}
          </figure>
        </Spin>
      ) : (
        <div className={styles.empty}>
          <ScanOutlined className={styles.emptyIcon} aria-hidden />
          <p>{emptyText ?? t('demo.empty')}</p>
        </div>
      )}
    </div>
  );
}

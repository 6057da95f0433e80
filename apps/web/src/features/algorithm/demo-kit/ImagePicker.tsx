import { useId, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { Button, Input, Space } from 'antd';
import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { megabytes } from '@pixora/catalog';
import { MESSAGE_DURATION_MS } from '../../../api/errors.ts';
import { useMessage } from '../../../components/MessageProvider.tsx';
import type { HistoryItem } from './history.ts';
import {
  ACCEPT_ATTRIBUTE,
  checkImageFile,
  MAX_UPLOAD_BYTES,
  fileToDataUrl,
  parseImageUrl,
  previewOf,
  sameSource,
  type ImageSource,
} from './imageSource.ts';
import { samplePath, sampleThumbPath, useSamples } from './samples.ts';
import styles from './ImagePicker.module.css';

interface ImagePickerProps {
  current: ImageSource | null;
  onSelect: (source: ImageSource) => void;
  history: HistoryItem[];
  onClearHistory: () => void;
  /** Paths of the samples the menu entry names first (Extension.sampleFigure). */
  preferredSamples?: readonly string[];
  disabled?: boolean;
  /** Credits of the samples (author, licence); a second picker of the same page leaves them out. */
  showCredits?: boolean;
}

/** The four ways to give a demo an image: upload, image URL, sample, history. */
export function ImagePicker(props: ImagePickerProps) {
  const { t } = useTranslation();
  const message = useMessage();
  const id = useId();
  const [url, setUrl] = useState('');
  const [dragging, setDragging] = useState(false);
  const samples = useSamples(props.preferredSamples);

  const size = megabytes(MAX_UPLOAD_BYTES);
  const fail = (key: string) =>
    void message.error({ content: t(key, { size }), duration: MESSAGE_DURATION_MS / 1000 });

  const takeFile = async (file: File | undefined) => {
    if (!file) return;
    const check = checkImageFile(file);
    if (!check.ok) {
      fail(check.errorKey);
      return;
    }
    try {
      props.onSelect({ kind: 'data', dataUrl: await fileToDataUrl(file) });
    } catch {
      fail('demo.errors.loadFailed');
    }
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    void takeFile(file);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!props.disabled) void takeFile(event.dataTransfer.files[0]);
  };

  const onUrlSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      fail('demo.errors.urlEmpty');
      return;
    }
    const address = parseImageUrl(url);
    if (!address) {
      fail('demo.errors.urlInvalid');
      return;
    }
    props.onSelect({ kind: 'url', url: address });
  };

  return (
    <div className={styles.picker}>
      <label
        className={`${styles.drop} ${dragging ? styles.dragging : ''} ${props.disabled ? styles.disabled : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="visually-hidden"
          onChange={onFileChange}
          disabled={props.disabled}
          data-testid="demo-upload-input"
          aria-describedby={`${id}-upload-hint`}
        />
        <InboxOutlined className={styles.dropIcon} aria-hidden />
        <span className={styles.dropTitle}>{t('demo.upload.title')}</span>
        <span id={`${id}-upload-hint`} className={styles.hint}>
          {t('demo.upload.hint', { size })}
        </span>
      </label>

      <form className={styles.urlForm} onSubmit={onUrlSubmit} noValidate>
        <label htmlFor={`${id}-url`} className={styles.label}>
          {t('demo.url.label')}
        </label>
        <Space.Compact className={styles.urlRow}>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder={t('demo.url.placeholder')}
            disabled={props.disabled}
            data-testid="demo-url-input"
          />
          <Button htmlType="submit" disabled={props.disabled} data-testid="demo-url-submit">
            {t('demo.url.submit')}
          </Button>
        </Space.Compact>
      </form>

      <section aria-labelledby={`${id}-samples`}>
        <h3 id={`${id}-samples`} className={styles.label}>
          {t('demo.samples.title')}
        </h3>
        {samples.isError && <p className={styles.hint}>{t('demo.errors.loadFailed')}</p>}
        <ul className={styles.thumbs}>
          {(samples.data ?? []).map((sample, index) => {
            const path = samplePath(sample);
            const selected = sameSource(props.current, { kind: 'sample', path });
            return (
              <li key={sample.file}>
                <button
                  type="button"
                  className={`${styles.thumb} ${selected ? styles.selected : ''}`}
                  onClick={() => props.onSelect({ kind: 'sample', path })}
                  disabled={props.disabled}
                  aria-pressed={selected}
                  data-testid={`demo-sample-${index}`}
                  data-sample={sample.file}
                >
                  <img src={sampleThumbPath(sample)} alt={t(sample.titleKey)} loading="lazy" />
                </button>
              </li>
            );
          })}
        </ul>
        {props.showCredits !== false && samples.data && samples.data.length > 0 && (
          <ul
            className={styles.credits}
            aria-label={t('demo.samples.creditsLabel')}
            data-testid="demo-sample-credits"
          >
            {samples.data.map((sample) => (
              <li key={sample.file}>
                {t('demo.samples.credit', {
                  title: t(sample.titleKey),
                  author: sample.author,
                  licence: t(`samples.licence.${sample.licence}`),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      {props.history.length > 0 && (
        <section aria-labelledby={`${id}-history`}>
          <div className={styles.historyHead}>
            <h3 id={`${id}-history`} className={styles.label}>
              {t('demo.history.title')}
            </h3>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined aria-hidden />}
              onClick={props.onClearHistory}
              disabled={props.disabled}
            >
              {t('demo.history.clear')}
            </Button>
          </div>
          <ul className={styles.thumbs}>
            {props.history.map((item, index) => {
              const selected = sameSource(props.current, item.source);
              return (
                <li key={`${item.time}-${index}`}>
                  <button
                    type="button"
                    className={`${styles.thumb} ${selected ? styles.selected : ''}`}
                    onClick={() => props.onSelect(item.source)}
                    disabled={props.disabled}
                    aria-pressed={selected}
                    data-testid={`demo-history-${index}`}
                  >
                    <img
                      src={previewOf(item.source)}
                      alt={t('demo.history.item', { index: index + 1 })}
                      loading="lazy"
                      referrerPolicy="no-referrer"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}

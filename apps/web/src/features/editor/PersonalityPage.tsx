import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Input, Segmented, Select, Skeleton, Tag } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { ContentForEditor } from '@pixora/catalog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { editorApi } from '../../api/editor.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import accountStyles from '../account/Account.module.css';
import { ConsoleShell, LoadError } from '../console/parts.tsx';
import { contentFields, getAt, setAt } from './contentFields.ts';
import styles from './Editor.module.css';
import { VersionsCard } from './VersionsCard.tsx';
import { EDITOR_LANGUAGES, useEditorAction, type EditorLanguage } from './useEditorAction.ts';

/** What this page's writes make stale: its own data and every cached site content answer. */
const STALE = ['admin-content', 'content'] as const;

const IMAGE = /\.(svg|png|jpe?g|webp)$/i;

/** A served value, read as the site would show it: texts, and images for image paths. */
function PreviewValue({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return IMAGE.test(value) ? <img src={value} alt="" className={styles.previewImage} /> : <p>{value}</p>;
  if (Array.isArray(value))
    return (
      <ol className={styles.previewList}>
        {value.map((item, i) => (
          <li key={i}>
            <PreviewValue value={item} />
          </li>
        ))}
      </ol>
    );
  if (value !== null && typeof value === 'object')
    return (
      <>
        {Object.entries(value)
          .filter(([key]) => key !== 'id')
          .map(([key, v]) => (
            <PreviewValue key={key} value={v} />
          ))}
      </>
    );
  return null;
}

/** The texts of one entry: three languages side by side; facts the platform fills in are locked. */
function EntryEditor({ entry }: { entry: ContentForEditor }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { run, busy } = useEditorAction();
  const [value, setValue] = useState<unknown>(entry.value);
  const [previewLang, setPreviewLang] = useState<EditorLanguage>(language);
  const [shown, setShown] = useState<{ value: unknown; lang: EditorLanguage }>({ value, lang: previewLang });
  // The preview follows the texts half a second after the last keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setShown({ value, lang: previewLang }), 500);
    return () => clearTimeout(timer);
  }, [value, previewLang]);
  const preview = useQuery({
    queryKey: ['admin-content-preview', entry.name, shown],
    queryFn: () => editorApi.previewContent(entry.name, shown.value, shown.lang),
    placeholderData: (previous) => previous,
  });
  const locked = new Set(entry.locked);
  const input = (path: string, label: string, testId: string) =>
    locked.has(path) ? (
      <div key={path}>
        <span className={styles.locked}>{label}</span>
        <Input
          value={String(getAt(value, path))}
          readOnly
          aria-readonly
          aria-label={`${label} (${t('editor.personality.locked')})`}
          prefix={<LockOutlined aria-hidden />}
          title={t('editor.personality.lockedHelp')}
        />
      </div>
    ) : (
      <label key={path} className={styles.field}>
        <span className={styles.locked}>{label}</span>
        <Input.TextArea
          value={String(getAt(value, path))}
          autoSize={{ minRows: 1, maxRows: 6 }}
          onChange={(e) => setValue(setAt(value, path, e.target.value))}
          data-testid={testId}
        />
      </label>
    );
  return (
    <>
      <Card className={accountStyles.panel} title={t('editor.personality.texts')}>
        {entry.locked.length > 0 && (
          <Alert
            type="info"
            showIcon
            className={styles.fieldPath}
            title={t('editor.personality.lockedHelp')}
          />
        )}
        <div className={styles.fieldGrid} data-testid="content-fields">
          {contentFields(entry.value).map((field) =>
            field.kind === 'i18n' ? (
              <div key={field.path} className={styles.fieldRow}>
                <p className={styles.fieldPath}>{field.path}</p>
                {EDITOR_LANGUAGES.filter((l) => typeof getAt(value, `${field.path}.${l}`) === 'string').map(
                  (l) =>
                    input(
                      `${field.path}.${l}`,
                      `${field.path} · ${t(`editor.languages.${l}`)}`,
                      `content-${field.path}.${l}`,
                    ),
                )}
              </div>
            ) : (
              <div key={field.path} className={styles.fieldRow}>
                {input(field.path, field.path, `content-${field.path}`)}
              </div>
            ),
          )}
        </div>
        <Button
          type="primary"
          loading={busy}
          onClick={() => void run(() => editorApi.saveContent(entry.name, value), t('editor.saved'), STALE)}
          data-testid="content-save"
        >
          {t('editor.save')}
        </Button>
      </Card>
      <Card
        className={accountStyles.panel}
        title={t('editor.personality.preview', { language: t(`editor.languages.${previewLang}`) })}
        extra={
          <Segmented
            value={previewLang}
            onChange={(v) => setPreviewLang(v as EditorLanguage)}
            options={EDITOR_LANGUAGES.map((l) => ({ value: l, label: t(`editor.languages.${l}`) }))}
          />
        }
      >
        <div
          className={styles.preview}
          data-testid="content-preview"
          tabIndex={0}
          role="region"
          aria-label={t('editor.personality.preview', { language: t(`editor.languages.${previewLang}`) })}
        >
          {preview.isError ? (
            <LoadError error={preview.error} />
          ) : preview.data === undefined ? (
            <Skeleton active />
          ) : Array.isArray(preview.data) && preview.data.length === 0 ? (
            <Empty description={t('editor.personality.previewEmpty')} />
          ) : (
            <PreviewValue value={preview.data} />
          )}
        </div>
      </Card>
    </>
  );
}

type Version = ContentForEditor['history'][number];

function HistoryCard({ entry }: { entry: ContentForEditor }) {
  const { t } = useTranslation();
  return (
    <VersionsCard<Version>
      title={t('editor.personality.history')}
      versions={entry.history}
      restore={(version) => editorApi.restoreContent(entry.name, version.id)}
      restored={t('editor.personality.restored')}
      stale={STALE}
    />
  );
}

/**
 * The site's personalised content for admins and the personality role (/admin/personality): the
 * home banners, technology cards, case studies, figures and the other home entries, edited in three
 * languages with a preview served exactly as the site serves it; the measured figures read-only.
 */
export function PersonalityPage() {
  const { t } = useTranslation();
  const overview = useQuery({ queryKey: ['admin-content', 'overview'], queryFn: editorApi.contentOverview });
  const [name, setName] = useState('banners');
  const entry = useQuery({ queryKey: ['admin-content', name], queryFn: () => editorApi.content(name) });

  let body;
  if (entry.isPending) body = <Skeleton active />;
  else if (entry.isError) body = <LoadError error={entry.error} />;
  else
    body = (
      <>
        <EntryEditor key={`${name}-${entry.dataUpdatedAt}`} entry={entry.data} />
        <HistoryCard entry={entry.data} />
      </>
    );
  const measured = overview.data?.measured;
  return (
    <ConsoleShell
      title={t('editor.personality.title')}
      subtitle={t('editor.personality.subtitle')}
      testId="personality-editor"
    >
      <div className={accountStyles.stack}>
        <Card className={accountStyles.panel}>
          <label className={styles.field}>
            {t('editor.personality.entry')}
            <Select
              style={{ width: 'min(320px, 80vw)' }}
              value={name}
              onChange={setName}
              data-testid="content-select"
              options={(overview.data?.names ?? ['banners']).map((n) => ({
                value: n,
                label: t(`editor.personality.names.${n}`, { defaultValue: n }),
              }))}
            />
          </label>
        </Card>
        {body}
        <Card
          className={accountStyles.panel}
          title={
            <>
              <LockOutlined aria-hidden /> {t('editor.personality.measured')}
            </>
          }
          data-testid="measured-card"
        >
          <p className={styles.measured}>{t('editor.personality.measuredWhy')}</p>
          {measured ? (
            <Descriptions
              size="small"
              column={1}
              items={Object.entries(measured).map(([key, v]) => ({
                key,
                label: key,
                children: <Tag>{String(v)}</Tag>,
              }))}
            />
          ) : (
            <Empty description={t('editor.personality.measuredNone')} />
          )}
        </Card>
      </div>
    </ConsoleShell>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Button, Card, Input, InputNumber, Segmented, Select, Skeleton, Space, Tag } from 'antd';
import { docLinkIds, type DocForEditor } from '@pixora/catalog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { editorApi } from '../../api/editor.ts';
import { isApiError } from '../../api/http.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import accountStyles from '../account/Account.module.css';
import { ConsoleShell, LoadError } from '../console/parts.tsx';
import { flattenTree, useDocTree } from '../docs/docsApi.ts';
import { Markdown } from '../docs/Markdown.tsx';
import docStyles from '../docs/DocPage.module.css';
import styles from './Editor.module.css';
import { VersionsCard } from './VersionsCard.tsx';
import { EDITOR_LANGUAGES, useEditorAction, type EditorLanguage } from './useEditorAction.ts';

/** What this page's writes make stale: its own data and the docs centre's cached tree and pages. */
const STALE = ['admin-docs', 'admin-doc', 'docTree', 'doc'] as const;

type History = DocForEditor['history'][number];

/** The editor of one page in one language: source and preview side by side, draft and publish. */
function DocForm({
  id,
  lang,
  doc,
  knownIds,
}: {
  id: number;
  lang: EditorLanguage;
  doc: DocForEditor | undefined;
  knownIds: ReadonlySet<number>;
}) {
  const { t } = useTranslation();
  const { run, busy } = useEditorAction();
  const start = doc?.languages[lang].draft ?? doc?.languages[lang].published;
  const [title, setTitle] = useState(start?.title ?? '');
  const [body, setBody] = useState(start?.body ?? '');
  const [pid, setPid] = useState(start?.pid ?? 100);
  const [sort, setSort] = useState(start?.sort ?? 0);
  const [serverBroken, setServerBroken] = useState<number[]>([]);
  // Flagged as the editor types (against the docs centre's tree) and by the server's answer on save.
  const broken = [...new Set([...docLinkIds(body).filter((n) => !knownIds.has(n)), ...serverBroken])];
  const draft = () => ({ lang, title, body, pid, sort });
  const saveDraft = () =>
    run(
      async () => setServerBroken((await editorApi.saveDraft(id, draft())).broken_links),
      t('editor.docs.draftSaved'),
      STALE,
    );
  const publish = () =>
    run(
      async () => {
        await editorApi.saveDraft(id, draft());
        await editorApi.publishDoc(id, lang);
      },
      t('editor.docs.published'),
      STALE,
    );
  const state = doc?.languages[lang];
  return (
    <div className={accountStyles.stack}>
      <Space wrap>
        {state?.published ? (
          <Tag color="green">{t('editor.docs.isPublished')}</Tag>
        ) : (
          <Tag>{t('editor.docs.notPublished')}</Tag>
        )}
        {state?.draft && <Tag color="orange">{t('editor.docs.hasDraft')}</Tag>}
      </Space>
      <div className={styles.toolbar}>
        <label className={styles.field}>
          {t('editor.docs.docTitle')}
          <Input
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="doc-title-input"
          />
        </label>
        <label className={styles.field}>
          {t('editor.docs.parent')}
          <InputNumber min={0} value={pid} onChange={(v) => setPid(v ?? 0)} />
        </label>
        <label className={styles.field}>
          {t('editor.docs.sort')}
          <InputNumber min={0} value={sort} onChange={(v) => setSort(v ?? 0)} />
        </label>
      </div>
      {broken.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="doc-broken-links"
          title={t('editor.docs.brokenLinks', { ids: broken.join(', ') })}
        />
      )}
      <div className={styles.split}>
        <label className={styles.field}>
          {t('editor.docs.body')}
          <Input.TextArea
            className={styles.source}
            value={body}
            onChange={(e) => {
              setBody(e.target.value);
              setServerBroken([]);
            }}
            autoSize={{ minRows: 16, maxRows: 32 }}
            data-testid="doc-body-input"
          />
        </label>
        <section aria-label={t('editor.docs.preview')}>
          <p className={styles.fieldPath}>{t('editor.docs.preview')}</p>
          <div
            className={styles.preview}
            data-testid="doc-preview"
            tabIndex={0}
            role="region"
            aria-label={t('editor.docs.preview')}
          >
            <h1 className={docStyles.title}>{title}</h1>
            <Markdown source={body} />
          </div>
        </section>
      </div>
      <Space wrap>
        <Button
          onClick={() => void saveDraft()}
          loading={busy}
          disabled={!title.trim()}
          data-testid="doc-save"
        >
          {t('editor.docs.saveDraft')}
        </Button>
        <Button
          type="primary"
          onClick={() => void publish()}
          loading={busy}
          disabled={!title.trim() || broken.length > 0}
          data-testid="doc-publish"
        >
          {t('editor.docs.publish')}
        </Button>
      </Space>
    </div>
  );
}

/** Published versions of the page, newest first, each with its restore. */
function HistoryCard({ id, history }: { id: number; history: History[] }) {
  const { t } = useTranslation();
  return (
    <VersionsCard<History>
      title={t('editor.docs.history')}
      versions={history}
      testId="doc-history"
      columns={[
        {
          title: t('editor.docs.language'),
          dataIndex: 'lang',
          width: 120,
          render: (v: string) => t(`editor.languages.${v}`),
        },
        { title: t('editor.docs.docTitle'), dataIndex: 'title' },
      ]}
      restore={(version) => editorApi.restoreDoc(id, version.id)}
      restored={t('editor.docs.restored')}
      stale={STALE}
    />
  );
}

/**
 * The docs centre's pages for admins and editors (/admin/docs): pick a page (or a new id) and a
 * language, write markdown beside a preview rendered by the docs centre's own renderer and
 * sanitiser, save a draft (the public site keeps the published text), publish, restore a version.
 */
export function DocsEditorPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const list = useQuery({ queryKey: ['admin-docs'], queryFn: editorApi.docs });
  const tree = useDocTree(language);
  const [id, setId] = useState<number | null>(null);
  const [newId, setNewId] = useState<number | null>(null);
  const [lang, setLang] = useState<EditorLanguage>(language);
  const doc = useQuery({
    queryKey: ['admin-doc', id],
    queryFn: () => editorApi.doc(id!),
    enabled: id !== null,
    retry: false,
  });
  const knownIds = useMemo(() => new Set(flattenTree(tree.data ?? []).map((n) => n.Id)), [tree.data]);

  let editor = null;
  const missing = doc.isError && isApiError(doc.error) && doc.error.status === 404;
  if (id !== null) {
    if (doc.isPending) editor = <Skeleton active />;
    else if (doc.isError && !missing) editor = <LoadError error={doc.error} />;
    else {
      const data = doc.isSuccess ? doc.data : undefined;
      editor = (
        <>
          <Card className={accountStyles.panel}>
            <Segmented
              value={lang}
              onChange={(v) => setLang(v as EditorLanguage)}
              options={EDITOR_LANGUAGES.map((l) => ({ value: l, label: t(`editor.languages.${l}`) }))}
              data-testid="doc-language"
            />
            <DocForm
              key={`${id}-${lang}-${doc.dataUpdatedAt}`}
              id={id}
              lang={lang}
              doc={data}
              knownIds={knownIds}
            />
          </Card>
          <HistoryCard id={id} history={data?.history ?? []} />
        </>
      );
    }
  }

  return (
    <ConsoleShell title={t('editor.docs.title')} subtitle={t('editor.docs.subtitle')} testId="docs-editor">
      <div className={accountStyles.stack}>
        <Card className={accountStyles.panel}>
          {list.isError ? (
            <LoadError error={list.error} />
          ) : (
            <div className={styles.toolbar}>
              <label className={styles.field}>
                {t('editor.docs.page')}
                <Select
                  showSearch
                  optionFilterProp="label"
                  style={{ width: 'min(360px, 80vw)' }}
                  value={id}
                  loading={list.isPending}
                  onChange={(v: number) => setId(v)}
                  data-testid="doc-select"
                  options={(list.data ?? []).map((row) => ({
                    value: row.id,
                    label: `${row.id} · ${row.titles[language] ?? row.titles.zh ?? ''}`,
                  }))}
                />
              </label>
              <label className={styles.field}>
                {t('editor.docs.newId')}
                <InputNumber min={1} max={1_000_000} value={newId} onChange={(v) => setNewId(v)} />
              </label>
              <Button disabled={!newId} onClick={() => newId && setId(newId)}>
                {t('editor.docs.newPage')}
              </Button>
            </div>
          )}
          <p className={styles.locked}>{t('editor.docs.generated')}</p>
        </Card>
        {editor}
      </div>
    </ConsoleShell>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/http.ts';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { useDocumentTitle } from '../pages/useDocumentTitle.ts';
import { flattenTree, pathTo, useDoc, useDocTree } from './docsApi.ts';
import { DocTree, docHref } from './DocTree.tsx';
import { Markdown } from './Markdown.tsx';
import { outline, parseMarkdown } from './markdown.ts';
import { Toc } from './Toc.tsx';
import { TryItPanel } from './TryItPanel.tsx';
import styles from './DocPage.module.css';

/** Scrolls to the heading named by the address's hash once the text is there, else to the top. */
export function useScrollToHash(ready: boolean, key: unknown) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [ready, key, hash]);
}

/**
 * /doc?id=&type=: the documentation centre. The tree comes from GET api/v1/doc/, the document
 * from GET api/v1/doc/{id}; without an id the first document opens. `type` is kept on every link.
 */
export function DocPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get('type');
  const rawId = params.get('id');
  const id = rawId !== null && /^\d+$/.test(rawId) ? Number(rawId) : null;
  const tree = useDocTree(language);
  const doc = useDoc(id, language);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const first = tree.data?.[0];
  useEffect(() => {
    if (id === null && first) void navigate(docHref(first.Id, type), { replace: true });
  }, [id, first, type, navigate]);

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const trail = useMemo(() => (id === null ? [] : pathTo(nodes, id)), [nodes, id]);
  const openIds = useMemo(() => new Set(trail.map((node) => node.Id)), [trail]);
  const order = useMemo(() => flattenTree(nodes), [nodes]);
  const index = order.findIndex((node) => node.Id === id);
  const previous = index > 0 ? order[index - 1] : undefined;
  const next = index >= 0 ? order[index + 1] : undefined;
  const headings = useMemo(() => (doc.data ? outline(parseMarkdown(doc.data.Content)) : []), [doc.data]);

  useDocumentTitle(doc.data?.Title ?? t('pages.doc.title'), t('pages.doc.body'));
  useScrollToHash(doc.isSuccess, id);

  const treeView = (idPrefix: string, onNavigate?: () => void) =>
    tree.isError ? (
      <Alert type="error" title={t('docs.treeFailed')} />
    ) : (
      <DocTree
        nodes={nodes}
        currentId={id}
        openIds={openIds}
        type={type}
        idPrefix={idPrefix}
        onNavigate={onNavigate}
      />
    );

  return (
    <div className={styles.page} data-testid="page-doc">
      <div className={`wrap ${styles.layout}`}>
        <nav className={styles.sidebar} aria-label={t('docs.treeLabel')}>
          <p className={styles.sidebarTitle}>{t('pages.doc.title')}</p>
          {tree.isPending ? <PageLoading /> : treeView('doc-side')}
        </nav>
        <div className={styles.main}>
          <div className={styles.mobileBar}>
            <Button icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} data-testid="doc-tree-open">
              {t('docs.browse')}
            </Button>
          </div>
          {trail.length > 1 && (
            <nav aria-label={t('docs.breadcrumb')} className={styles.breadcrumb}>
              <ol>
                {trail.slice(0, -1).map((node) => (
                  <li key={node.Id}>
                    <Link to={docHref(node.Id, type)}>{node.Title}</Link>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {id === null || doc.isPending ? (
            <PageLoading />
          ) : doc.isError ? (
            isApiError(doc.error) && doc.error.status === 404 ? (
              <div className={styles.missing} data-testid="doc-missing">
                <h1 className={styles.title}>{t('docs.notFound')}</h1>
                <p>{t('docs.notFoundHint')}</p>
                {first && (
                  <Link to={docHref(first.Id, type)} className={styles.missingLink}>
                    {first.Title}
                  </Link>
                )}
              </div>
            ) : (
              <Alert type="error" title={t('docs.loadFailed')} />
            )
          ) : (
            <article className={styles.article} data-testid="doc-article" data-doc-id={doc.data.Id}>
              <h1 className={styles.title}>{doc.data.Title}</h1>
              <Markdown source={doc.data.Content} />
              <TryItPanel docId={doc.data.Id} />
            </article>
          )}
          {(previous || next) && doc.isSuccess && (
            <nav className={styles.pager} aria-label={t('docs.pager')}>
              {previous ? (
                <Link to={docHref(previous.Id, type)} className={styles.pagerLink} rel="prev">
                  <span>{t('docs.previous')}</span>
                  {previous.Title}
                </Link>
              ) : (
                <span />
              )}
              {next && (
                <Link
                  to={docHref(next.Id, type)}
                  className={`${styles.pagerLink} ${styles.pagerNext}`}
                  rel="next"
                >
                  <span>{t('docs.next')}</span>
                  {next.Title}
                </Link>
              )}
            </nav>
          )}
        </div>
        <aside className={styles.toc}>
          <Toc headings={headings} levels={2} />
        </aside>
      </div>
      <Drawer
        open={drawerOpen}
        placement="left"
        title={t('pages.doc.title')}
        onClose={() => setDrawerOpen(false)}
        size={300}
        styles={{ body: { padding: 12 } }}
      >
        {treeView('doc-drawer', () => setDrawerOpen(false))}
      </Drawer>
    </div>
  );
}

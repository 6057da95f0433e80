import { useCallback, useId, useMemo, useState } from 'react';
import { Select, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../api/console.ts';
import type { MenuItem } from '../../api/menu.ts';
import { useSession } from '../account/session.ts';
import { DemoArea } from '../algorithm/DemoArea.tsx';
import { DemoCallerContext, type DemoCaller } from '../algorithm/demo-kit/demoCaller.ts';
import { useMenuData } from '../algorithm/useMenuData.ts';
import { CodeBlock } from './Markdown.tsx';
import { requestSnippets, SNIPPET_LANGUAGES } from './tryItSnippets.ts';
import styles from './TryItPanel.module.css';

/** The served capability whose API reference is doc `docId`, if any. */
export function capabilityOfDoc(menu: readonly MenuItem[], docId: number): MenuItem | undefined {
  for (const group of menu)
    for (const item of [group, ...group.children])
      if (item.extension.doc === docId && item.endpoint && item.available) return item;
  return undefined;
}

/** Value of the app selector that stands for the website's demo grant. */
const DEMO_GRANT = 0;

/**
 * "Try it" under a capability's API reference: the capability's demo (its parameters as controls, a
 * photo from a file, a URL or the samples, the answer drawn by its kind and shown as JSON), run as
 * the signed-in developer's own app when they pick one (counted in its usage) or on the website's
 * demo grant; and the same request as curl, Python and TypeScript with their key.
 */
export function TryItPanel({ docId }: { docId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { menu } = useMenuData();
  const { userId } = useSession();
  const item = useMemo(() => capabilityOfDoc(menu.data ?? [], docId), [menu.data, docId]);
  const apps = useQuery({
    queryKey: ['try-it-apps', userId],
    queryFn: consoleApi.apps,
    enabled: Boolean(item && userId),
  });
  const usable = useMemo(() => (apps.data ?? []).filter((app) => app.status === 'enabled'), [apps.data]);
  const [picked, setPicked] = useState<number | null>(null);
  // The first own app by default once the list is in; the demo grant when there is none.
  const appId = picked ?? usable[0]?.id ?? DEMO_GRANT;
  const app = usable.find((candidate) => candidate.id === appId) ?? null;
  const [parameter, setParameter] = useState<Record<string, unknown>>({});
  const onParameters = useCallback((_endpoint: string, next: Record<string, unknown>) => {
    setParameter((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
  }, []);
  const caller = useMemo<DemoCaller>(() => ({ app: app?.id ?? null, onParameters }), [app, onParameters]);
  if (!item) return null;

  const snippets = requestSnippets({
    origin: window.location.origin,
    endpoint: item.endpoint,
    parameter,
    apiKey: (app ?? usable[0])?.api_key ?? null,
    images: item.extension.demo?.images ?? 1,
  });

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="try-it">
      <h2 id={titleId} className={styles.title}>
        {t('tryIt.title')}
      </h2>
      <div className={styles.caller}>
        {usable.length > 0 ? (
          <label className={styles.callerLabel}>
            <span>{t('tryIt.callAs')}</span>
            <Select
              value={appId}
              onChange={(value: number) => setPicked(value)}
              data-testid="try-it-app"
              className={styles.select}
              options={[
                ...usable.map((own) => ({ value: own.id, label: `${own.name} (${own.api_key})` })),
                { value: DEMO_GRANT, label: t('tryIt.demoGrant') },
              ]}
            />
          </label>
        ) : null}
        <p className={styles.note} data-testid="try-it-note">
          {app
            ? t('tryIt.asApp', { name: app.name })
            : userId
              ? apps.isSuccess && usable.length === 0
                ? t('tryIt.noApps')
                : t('tryIt.onDemoGrant')
              : t('tryIt.signInHint')}
        </p>
      </div>
      <DemoCallerContext.Provider value={caller}>
        <DemoArea item={item} />
      </DemoCallerContext.Provider>
      <h3 className={styles.codeTitle}>{t('tryIt.code')}</h3>
      <Tabs
        data-testid="try-it-code"
        items={SNIPPET_LANGUAGES.map((language) => ({
          key: language,
          label: t(`tryIt.languages.${language}`),
          children: (
            <CodeBlock code={snippets[language]} language={language === 'curl' ? 'bash' : language} />
          ),
        }))}
      />
      <p className={styles.note}>{t('tryIt.secretNote')}</p>
    </section>
  );
}

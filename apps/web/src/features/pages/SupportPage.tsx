import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { ContentState } from './ContentState.tsx';
import { SiteLink } from '../home/SiteLink.tsx';
import { PageHero, Section, WithMailLinks } from './PageParts.tsx';
import { textIn, useSiteContent } from './siteContent.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';
import styles from './ContentPage.module.css';

/**
 * /support: the service-support page (content/site/support.json). Channels without a link (online
 * chat, feedback) live in the floating tool box; their descriptions say so.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = useSiteContent('support');
  useDocumentTitle(t('pages.support.title'), t('pages.support.body'));
  return (
    <div className={styles.page} data-testid="page-support">
      <ContentState query={query}>
        {(data) => {
          const tx = (text: Parameters<typeof textIn>[0]) => textIn(text, language);
          return (
            <>
              <PageHero title={tx(data.title)} intro={tx(data.intro)} />
              <Section id="support-channels" title={tx(data.channels.title)}>
                <ul className={styles.grid}>
                  {data.channels.items.map((item) => (
                    <li key={item.id} className={styles.card} data-channel={item.id}>
                      <h3>{tx(item.title)}</h3>
                      <p>
                        <WithMailLinks text={tx(item.desc)} />
                      </p>
                      {item.link && (
                        <SiteLink to={item.link} className={styles.cardAction}>
                          {tx(item.action)}
                        </SiteLink>
                      )}
                    </li>
                  ))}
                </ul>
              </Section>
              <Section id="support-times" title={tx(data.responseTimes.title)} band>
                <div className={styles.tableWrap}>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('pages.support.channel')}</th>
                        <th scope="col">{t('pages.support.responseTime')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.responseTimes.items.map((item) => (
                        <tr key={item.id}>
                          <th scope="row">{tx(item.channel)}</th>
                          <td>{tx(item.time)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <p className={styles.note}>{tx(data.responseTimes.note)}</p>
              </Section>
              <Section id="support-resources" title={tx(data.resources.title)}>
                <ul className={styles.links}>
                  {data.resources.items.map((item) => (
                    <li key={item.link}>
                      <SiteLink to={item.link}>{tx(item.title)}</SiteLink>
                    </li>
                  ))}
                </ul>
              </Section>
            </>
          );
        }}
      </ContentState>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { ContentState } from './ContentState.tsx';
import { PageHero, Section } from './PageParts.tsx';
import { textIn, useSiteContent } from './siteContent.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';
import styles from './ContentPage.module.css';

/** /business: what the platform offers businesses and how cooperation works (content/site/business.json). */
export function BusinessPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = useSiteContent('business');
  useDocumentTitle(t('pages.business.title'), t('pages.business.body'));
  return (
    <div className={styles.page} data-testid="page-business">
      <ContentState query={query}>
        {(data) => {
          const tx = (text: Parameters<typeof textIn>[0]) => textIn(text, language);
          return (
            <>
              <PageHero title={tx(data.title)} intro={tx(data.intro)} />
              <Section id="business-offers" title={tx(data.offers.title)}>
                <ul className={styles.grid}>
                  {data.offers.items.map((item) => (
                    <li key={item.id} className={styles.card}>
                      <h3>{tx(item.title)}</h3>
                      <p>{tx(item.desc)}</p>
                    </li>
                  ))}
                </ul>
              </Section>
              <Section id="business-process" title={tx(data.process.title)} band>
                <ol className={styles.steps}>
                  {data.process.steps.map((step) => (
                    <li key={step.step} className={styles.card}>
                      <span className={styles.stepNumber} aria-hidden>
                        {step.step}
                      </span>
                      <h3>{tx(step.title)}</h3>
                      <p>{tx(step.desc)}</p>
                    </li>
                  ))}
                </ol>
              </Section>
              <div className={`wrap ${styles.section}`}>
                <section className={styles.contactCard} aria-labelledby="business-contact">
                  <div>
                    <h2 id="business-contact">{tx(data.contact.title)}</h2>
                    <p>{tx(data.contact.text)}</p>
                  </div>
                  <a className={styles.contactButton} href={data.contact.link}>
                    {data.contact.email}
                  </a>
                </section>
              </div>
            </>
          );
        }}
      </ContentState>
    </div>
  );
}

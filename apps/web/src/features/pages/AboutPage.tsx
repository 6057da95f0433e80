import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/LanguageProvider.tsx';
import { ContentState } from './ContentState.tsx';
import { PageHero, Section, WithMailLinks } from './PageParts.tsx';
import { textIn, useSiteContent } from './siteContent.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';
import styles from './ContentPage.module.css';

/** /aboutus: the platform and its imaging lab (content/site/about.json). */
export function AboutPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const query = useSiteContent('about');
  useDocumentTitle(t('pages.aboutus.title'), t('pages.aboutus.body'));
  return (
    <div className={styles.page} data-testid="page-aboutus">
      <ContentState query={query}>
        {(data) => {
          const tx = (text: Parameters<typeof textIn>[0]) => textIn(text, language);
          return (
            <>
              <PageHero title={tx(data.title)} intro={tx(data.intro)} />
              <div className={`wrap ${styles.section} ${styles.twoColumns}`}>
                {[data.mission, data.lab].map((block, i) => (
                  <section key={i} className={styles.card} aria-labelledby={`about-block-${i}`}>
                    <h2 id={`about-block-${i}`} className={styles.sectionTitle}>
                      {tx(block.title)}
                    </h2>
                    <p className={styles.text}>{tx(block.text)}</p>
                  </section>
                ))}
              </div>
              <Section id="about-research" title={tx(data.research.title)}>
                <ul className={styles.grid}>
                  {data.research.items.map((item) => (
                    <li key={item.id} className={styles.card}>
                      <h3>{tx(item.title)}</h3>
                      <p>{tx(item.desc)}</p>
                    </li>
                  ))}
                </ul>
              </Section>
              <Section id="about-values" title={tx(data.values.title)} band>
                <ul className={`${styles.grid} ${styles.grid4}`}>
                  {data.values.items.map((item) => (
                    <li key={item.id} className={styles.card}>
                      <h3>{tx(item.title)}</h3>
                      <p>{tx(item.desc)}</p>
                    </li>
                  ))}
                </ul>
              </Section>
              <Section id="about-milestones" title={tx(data.milestones.title)}>
                <ol className={styles.timeline}>
                  {data.milestones.items.map((item) => (
                    <li key={item.year}>
                      <span className={styles.year}>{item.year}</span>
                      {tx(item.text)}
                    </li>
                  ))}
                </ol>
              </Section>
              <Section id="about-contact" title={tx(data.contact.title)}>
                <p className={styles.text}>
                  <WithMailLinks text={tx(data.contact.text)} />
                </p>
              </Section>
            </>
          );
        }}
      </ContentState>
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { CONTACT, DOCS_PATH, FAQ_PATH } from '../../app/site.ts';
import type { Language } from '../../i18n/language.ts';
import styles from './Footer.module.css';

const DOC_PAGES = ['/doc', '/android-doc', '/ios-doc'];

/** The footer is hidden on documentation pages, except in English (spec point 2). */
export function isFooterShown(pathname: string, language: Language): boolean {
  const path = pathname.replace(/\/+$/, '');
  return language === 'en' || !DOC_PAGES.includes(path);
}

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={`wrap ${styles.columns}`}>
        <div className={styles.brand}>
          <Logo inverted />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav className={`${styles.column} ${styles.resources}`} aria-labelledby="footer-resources">
          <h2 id="footer-resources" className={styles.heading}>
            {t('footer.resources')}
          </h2>
          <Link to={DOCS_PATH}>{t('footer.integrationDocs')}</Link>
          <Link to={FAQ_PATH}>{t('footer.faq')}</Link>
        </nav>
        <nav className={styles.column} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {t('footer.about')}
          </h2>
          <Link to="/aboutus">{t('footer.aboutUs')}</Link>
          <Link to="/business">{t('footer.business')}</Link>
          <Link to="/service-protocol">{t('footer.serviceAgreement')}</Link>
          <Link to="/privacy-protocol">{t('footer.privacy')}</Link>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>{t('footer.contact')}</h2>
          <span>
            {t('footer.businessMail')} <a href={`mailto:${CONTACT.business}`}>{CONTACT.business}</a>
          </span>
          <span>
            {t('footer.supportMail')} <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>
          </span>
        </div>
      </div>
      <div className={styles.bottom}>
        <div className={`wrap ${styles.bottomInner}`}>
          <span>{t('footer.copyright', { year })}</span>
          <Link to="/law-declare">{t('footer.legal')}</Link>
        </div>
      </div>
    </footer>
  );
}

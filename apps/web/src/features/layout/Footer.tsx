import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { DOCS_PATH, FAQ_PATH } from '../../routing/paths.ts';
import { FRIENDLY_LINKS, siteHomeUrl } from './footer.ts';
import { contactMails, useSiteConfig } from './siteConfig.ts';
import styles from './Footer.module.css';

/**
 * The site footer: resources (hidden on mobile), about links, friendly links,
 * contact e-mails, a QR code of the site, the legal statement and the licence numbers of the
 * server's configuration. SiteLayout leaves it out of documentation pages unless in English.
 */
export function Footer() {
  const { t } = useTranslation();
  const config = useSiteConfig().data;
  const mails = contactMails(config);
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={`wrap ${styles.columns}`}>
        <div className={styles.brand}>
          <Logo inverted />
          <p className={styles.tagline}>{t('footer.tagline')}</p>
        </div>
        <nav
          className={`${styles.column} ${styles.resources}`}
          aria-labelledby="footer-resources"
          data-testid="footer-resources"
        >
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
        <nav className={styles.column} aria-labelledby="footer-friends" data-testid="footer-friendly-links">
          <h2 id="footer-friends" className={styles.heading}>
            {t('footer.friendlyLinks')}
          </h2>
          {FRIENDLY_LINKS.map((link) => (
            <a key={link.href} href={link.href} target="_blank" rel="noopener noreferrer">
              {link.name}
              <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
            </a>
          ))}
        </nav>
        <div className={styles.column} data-testid="footer-contact">
          <h2 className={styles.heading}>{t('footer.contact')}</h2>
          <span>
            {t('footer.businessMail')} <a href={`mailto:${mails.business}`}>{mails.business}</a>
          </span>
          <span>
            {t('footer.supportMail')} <a href={`mailto:${mails.support}`}>{mails.support}</a>
          </span>
        </div>
        <figure className={styles.qr}>
          <QrCode
            value={siteHomeUrl(window.location.origin)}
            size={104}
            label={t('footer.qrLabel')}
            className={styles.qrCode}
          />
          <figcaption>{t('footer.qrCaption')}</figcaption>
        </figure>
      </div>
      <div className={styles.bottom}>
        <div className={`wrap ${styles.bottomInner}`}>
          <span className={styles.legal}>
            <span>{t('footer.copyright', { year, company: config?.companyName ?? 'Pixora AI' })}</span>
            <Link to="/law-declare" data-testid="footer-legal">
              {t('footer.legal')}
            </Link>
          </span>
          {config && (
            <span className={styles.licences} data-testid="footer-licences">
              <span>{t('footer.telecomLicence', { number: config.telecomLicence })}</span>
              <span>{t('footer.cultureLicence', { number: config.cultureLicence })}</span>
            </span>
          )}
        </div>
      </div>
    </footer>
  );
}

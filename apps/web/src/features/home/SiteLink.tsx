import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlgorithmLink } from '../../components/AlgorithmLink.tsx';

/** A target starting with http is another site: it opens in a new tab. */
export const isExternalTarget = (to: string) => to.startsWith('http');

interface SiteLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/**
 * A link whose target comes from the content data: other sites open in a new tab, algorithm pages
 * go through AlgorithmLink (timestamp query), other pages of the site navigate in place.
 */
export function SiteLink({ to, className, children, ...rest }: SiteLinkProps) {
  const { t } = useTranslation();
  if (isExternalTarget(to)) {
    return (
      <a
        href={to}
        className={className}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={rest['aria-label']}
      >
        {children}
        <span className="visually-hidden">{t('home.opensInNewTab')}</span>
      </a>
    );
  }
  if (to.startsWith('mailto:')) {
    return (
      <a href={to} className={className} aria-label={rest['aria-label']}>
        {children}
      </a>
    );
  }
  if (to.startsWith('/algorithm/')) {
    return (
      <AlgorithmLink to={to} className={className} aria-label={rest['aria-label']}>
        {children}
      </AlgorithmLink>
    );
  }
  return (
    <Link to={to} className={className} aria-label={rest['aria-label']}>
      {children}
    </Link>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '../../api/account.ts';
import { request } from '../../api/http.ts';
import { CONTACT } from '../../site/contact.ts';

/** The public site settings of `GET /api/v1/site/config` (the server's configuration). */
export interface SiteConfig {
  companyName: string;
  contactEmail: string;
  legalEmail: string;
  businessEmail: string;
  telecomLicence: string;
  cultureLicence: string;
  outbox: boolean;
}

export const siteConfigQueryKey = ['site-config'] as const;

export async function fetchSiteConfig(): Promise<SiteConfig> {
  return (await request<Envelope<SiteConfig>>('/api/v1/site/config')).data;
}

/** The site settings, fetched once per page load and shared by the footer and the tool box. */
export function useSiteConfig() {
  return useQuery({ queryKey: siteConfigQueryKey, queryFn: fetchSiteConfig, staleTime: Infinity });
}

/** The contact mailboxes: the server's, or the build's defaults until it has answered. */
export function contactMails(config: SiteConfig | undefined): { support: string; business: string } {
  return {
    support: config?.contactEmail || CONTACT.support,
    business: config?.businessEmail || CONTACT.business,
  };
}

/**
 * Contact addresses shown in the footer. Set them at build time with VITE_CONTACT_BUSINESS and
 * VITE_CONTACT_SUPPORT; the defaults are the platform's own mailboxes.
 */
export const CONTACT = {
  business: import.meta.env.VITE_CONTACT_BUSINESS || 'business@pixora.ai',
  support: import.meta.env.VITE_CONTACT_SUPPORT || 'support@pixora.ai',
} as const;

import { isDisplayed, type MenuItem } from '../../api/menu.ts';
import type { Domain } from '../account/session.ts';

/**
 * The left tabs of the Product Service menu: API (Our AI Service) lists MenuType 0
 * entries, Internal test lists the entries in internal testing (Status 1) and exists on the
 * internal domain only, PROGRAM (Integrated Solution) lists MenuType 2 entries.
 */
export const PRODUCT_TABS = [
  { key: 'api', internalOnly: false },
  { key: 'internal', internalOnly: true },
  { key: 'program', internalOnly: false },
] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number]['key'];

/** Status 1: an entry in internal testing. */
export const INTERNAL_STATUS = 1;

/** The tabs a visitor on `domain` sees. */
export function productTabs(domain: Domain): ProductTab[] {
  return PRODUCT_TABS.filter((tab) => domain === 'IN' || !tab.internalOnly).map((tab) => tab.key);
}

export interface ProductSection {
  group: MenuItem;
  items: MenuItem[];
}

function belongsTo(item: MenuItem, tab: ProductTab, domain: Domain): boolean {
  const internal = item.status === INTERNAL_STATUS;
  if (internal && domain !== 'IN') return false;
  switch (tab) {
    case 'api':
      return item.menuType === 0;
    case 'internal':
      return internal;
    case 'program':
      return item.menuType === 2;
  }
}

/**
 * The right side of the Product Service menu for one tab: each shown group with its shown entries
 * of that tab. Hidden entries (Display 1) are left out, internal-test ones (Status 1) everywhere
 * outside the internal domain; groups left empty are dropped.
 */
export function productSections(
  menu: readonly MenuItem[],
  tab: ProductTab,
  domain: Domain,
): ProductSection[] {
  if (!productTabs(domain).includes(tab)) return [];
  return menu
    .filter(isDisplayed)
    .map((group) => ({
      group,
      items: group.children.filter((item) => isDisplayed(item) && belongsTo(item, tab, domain)),
    }))
    .filter((section) => section.items.length > 0);
}

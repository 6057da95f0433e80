import { isDisplayed, isPublic, type MenuItem } from '../../api/menu.ts';

/** The left tabs of the Product Service menu: API lists MenuType 0 entries, PROGRAM lists MenuType 2. */
export const PRODUCT_TABS = [
  { key: 'api', menuType: 0 },
  { key: 'program', menuType: 2 },
] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number]['key'];

export interface ProductSection {
  group: MenuItem;
  items: MenuItem[];
}

/**
 * The right side of the Product Service menu for one tab: each shown group with its shown
 * entries of that menu type. Hidden entries (Display 1) and internal-only ones (Status 1, internal
 * domain only) are left out; groups left empty are dropped.
 */
export function productSections(menu: readonly MenuItem[], menuType: number): ProductSection[] {
  return menu
    .filter(isDisplayed)
    .map((group) => ({
      group,
      items: group.children.filter(
        (item) => isDisplayed(item) && isPublic(item) && item.menuType === menuType,
      ),
    }))
    .filter((section) => section.items.length > 0);
}

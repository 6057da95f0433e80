import { isDisplayed, isPublic, type MenuItem } from '../../api/menu.ts';

/** The entries of a group shown to visitors: not hidden (Display 1) and not internal-only (Status 1). */
export const visibleItems = (group: MenuItem) =>
  group.children.filter((item) => isDisplayed(item) && isPublic(item));

import { isDisplayed, isPublic, type MenuItem } from '../../api/menu.ts';
import type { Domain } from '../account/session.ts';

/**
 * The entries of a group shown to a visitor: not hidden (Display 1), and internal-only entries
 * (Status 1) on the internal domain only.
 */
export const visibleItems = (group: MenuItem, domain: Domain) =>
  group.children.filter((item) => isDisplayed(item) && (domain === 'IN' || isPublic(item)));

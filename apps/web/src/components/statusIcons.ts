/** The icons a menu entry's Status shows. */
export type StatusIcon = 'internal' | 'hot' | 'beta' | 'new';

/**
 * Status 1 shows the internal-test icon, and only where internal entries are listed at all (the
 * internal domain); 2 hot; 3 beta; 4 new; 5 hot and new. Any other value shows nothing.
 */
export function statusIcons(status: number, internalDomain = false): StatusIcon[] {
  switch (status) {
    case 1:
      return internalDomain ? ['internal'] : [];
    case 2:
      return ['hot'];
    case 3:
      return ['beta'];
    case 4:
      return ['new'];
    case 5:
      return ['hot', 'new'];
    default:
      return [];
  }
}

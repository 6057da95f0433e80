import { describe, expect, it } from 'vitest';
import { toMenuItem } from '../../api/menu.ts';
import { menuFixture } from '../../test/fixtures/menu.ts';
import { visibleItems } from './visibleItems.ts';

const group = toMenuItem(menuFixture[0]!);
const ids = (items: { id: number }[]) => items.map((item) => item.id);
const hidden = group.children.filter((item) => item.display === 1).map((item) => item.id);
const internal = group.children.filter((item) => item.status === 1).map((item) => item.id);

describe('visibleItems', () => {
  it('never shows hidden entries', () => {
    expect(hidden.length).toBeGreaterThan(0);
    for (const domain of ['IN', 'OUT'] as const)
      for (const id of hidden) expect(ids(visibleItems(group, domain))).not.toContain(id);
  });

  it('shows internal-only entries (Status 1) on the internal domain only', () => {
    expect(internal.length).toBeGreaterThan(0);
    for (const id of internal) {
      expect(ids(visibleItems(group, 'IN'))).toContain(id);
      expect(ids(visibleItems(group, 'OUT'))).not.toContain(id);
    }
  });
});

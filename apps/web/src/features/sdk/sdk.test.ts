import { describe, expect, it } from 'vitest';
import { capabilities, capabilityUrl } from '@pixora/catalog';
import en from '../../i18n/locales/en/index.ts';
import zh from '../../i18n/locales/zh/index.ts';
import zhTw from '../../i18n/locales/zh_tw/index.ts';
import { ENTRY_TABS, FEATURES_PER_TAB, RELATED_DEMOS, SDK_TABS, tabForEntry } from './sdkTabs.ts';

const lookup = (messages: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], messages);

describe('SDK tabs', () => {
  it('are the nine modules of the contract', () => {
    expect(SDK_TABS).toHaveLength(9);
  });

  it('have every text built at run time in all three languages', () => {
    const keys = SDK_TABS.flatMap((tab) => [
      `sdk.tabs.${tab}.name`,
      `sdk.tabs.${tab}.title`,
      `sdk.tabs.${tab}.desc`,
      `sdk.tabs.${tab}.highlight`,
      ...Array.from({ length: FEATURES_PER_TAB }, (_, i) => [
        `sdk.tabs.${tab}.features.${i + 1}.title`,
        `sdk.tabs.${tab}.features.${i + 1}.desc`,
      ]).flat(),
    ]);
    for (const [name, messages] of Object.entries({ en, zh, zh_tw: zhTw }))
      for (const key of keys) expect(typeof lookup(messages, key), `${name} ${key}`).toBe('string');
  });

  it('open every SDK entry of the catalogue (MenuType 1) on a tab of its own module', () => {
    const entries = capabilities.filter((c) => c.menuType === 1);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(ENTRY_TABS[entry.slug], entry.slug).toBeDefined();
    expect(tabForEntry('arSDK')).toBe('arFilter');
    expect(tabForEntry('unknownSDK')).toBe('beautify');
  });

  it('link only to capability pages that exist', () => {
    const pages = new Set(capabilities.map(capabilityUrl));
    for (const path of Object.values(RELATED_DEMOS).flat()) expect(pages.has(path), path).toBe(true);
  });
});

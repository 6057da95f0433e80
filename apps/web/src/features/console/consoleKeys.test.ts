import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/index.ts';
import zh from '../../i18n/locales/zh/index.ts';
import zhTw from '../../i18n/locales/zh_tw/index.ts';
import { ERROR_CODES } from '../../api/errors.ts';
import { SDK_TABS } from '../sdk/sdkTabs.ts';
import { appStatusKey, reviewKey, sdkStatusKey } from './StatusTags.tsx';
import { outcomeKey } from './UsagePage.tsx';

const lookup = (messages: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

// Keys the console builds at run time, which the literal-key check of locales.test.ts cannot see.
const keys = [
  ...(['enabled', 'disabled', 'suspended'] as const).map(appStatusKey),
  ...(['none', 'pending', 'approved', 'rejected'] as const).map(reviewKey),
  ...(['pending', 'approved', 'rejected'] as const).map(sdkStatusKey),
  ...['create', 'key', 'call'].flatMap((s) => [
    `consoleApps.empty.steps.${s}.title`,
    `consoleApps.empty.steps.${s}.body`,
  ]),
  ...['apps', 'apply', 'usage', 'sdk', 'userInfo', 'docs', 'demos', 'review', 'users', 'demoArea'].flatMap(
    (c) => [`console.cards.${c}.title`, `console.cards.${c}.body`],
  ),
  ...['apps', 'today', 'pending'].map((s) => `console.stats.${s}`),
  ...['calls', 'today', 'errorRate', 'avg'].map((s) => `consoleUsage.stats.${s}`),
  ...SDK_TABS.flatMap((tab) => [`sdk.tabs.${tab}.name`, `sdk.tabs.${tab}.highlight`]),
  outcomeKey(200, 0),
  outcomeKey(429, 10029),
  outcomeKey(403, 10022),
  outcomeKey(500, 77777),
  outcomeKey(503, 88888),
];

describe('console keys built at run time', () => {
  it.each([
    ['zh', zh],
    ['zh_tw', zhTw],
    ['en', en],
  ])('exist in %s', (_name, messages) => {
    for (const key of keys) expect(typeof lookup(messages, key), key).toBe('string');
  });

  it('name what an answer meant by its error code, else its status', () => {
    expect(outcomeKey(200, 0)).toBe('consoleUsage.success');
    expect(outcomeKey(429, 10029)).toBe('errors.code.10029');
    expect(ERROR_CODES).toContain(10022);
    expect(outcomeKey(503, 88888)).toBe('errors.status.503');
    expect(outcomeKey(500, 77777)).toBe('errors.status.other');
  });
});

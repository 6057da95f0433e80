import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from './locales/en/index.ts';
import zh from './locales/zh/index.ts';
import zhTw from './locales/zh_tw/index.ts';
import { allErrorKeys } from '../api/errors.ts';
import { LANGUAGES } from './language.ts';
import { PRODUCT_TABS } from '../features/layout/productSections.ts';
import { INFO_PAGES } from '../features/pages/infoPages.ts';
import { ADDRESS_MAX_KEY, RULE_MESSAGE_KEYS } from '../features/account/rules.ts';
import { COMPANY_SIZE_KEYS, REGION_KEYS, ROLE_KEYS } from '../features/account/options.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(here, '..');
const samplesFile = path.resolve(srcDir, '../public/samples/samples.json');

const locales: Record<string, unknown> = { zh, zh_tw: zhTw, en };

/** Every leaf of a nested messages object, as `a.b.c` → value. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, leafValue] of flatten(child, prefix ? `${prefix}.${key}` : key))
        out.set(leaf, leafValue);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(locales).map(([name, messages]) => [name, flatten(messages)]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const namespaces = new Set(Object.keys(en));

/**
 * Translation keys written in the source: the first argument of `t('...')`, and any other
 * string literal of the form `namespace.key` whose namespace is a top-level section of the
 * locale files (keys kept in tables, such as `labelKey: 'home.figures...'`).
 */
function keysInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) found.set(match[1]!, file);
    for (const match of text.matchAll(/['"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)['"]/g)) {
      const key = match[1]!;
      if (namespaces.has(key.split('.')[0]!)) found.set(key, file);
    }
  }
  return found;
}

describe('locale files', () => {
  it('have exactly the same keys in zh, zh_tw and en', () => {
    const names = Object.keys(flat);
    for (const a of names) {
      for (const b of names) {
        const missing = [...flat[a]!.keys()].filter((key) => !flat[b]!.has(key));
        expect(missing, `keys in ${a} missing from ${b}`).toEqual([]);
      }
    }
  });

  it('have no empty or non-text values', () => {
    for (const [name, messages] of Object.entries(flat)) {
      const bad = [...messages].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(
        bad.map(([key]) => key),
        `empty values in ${name}`,
      ).toEqual([]);
    }
  });

  it('keep the same interpolation variables in every language', () => {
    const variables = (value: unknown) =>
      [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of flat.en!) {
      expect(variables(flat.zh!.get(key)), `zh ${key}`).toEqual(variables(value));
      expect(variables(flat.zh_tw!.get(key)), `zh_tw ${key}`).toEqual(variables(value));
    }
  });
});

describe('keys used by the code', () => {
  const expectEverywhere = (keys: Iterable<string>, where: (key: string) => string = () => 'code') => {
    for (const key of keys) {
      for (const [name, messages] of Object.entries(flat)) {
        expect(messages.has(key), `${key} (used in ${where(key)}) missing from ${name}`).toBe(true);
      }
    }
  };

  it('exist in all three languages for every literal key in the source', () => {
    const used = keysInSource();
    expect(used.size).toBeGreaterThan(50);
    expectEverywhere(used.keys(), (key) => path.relative(srcDir, used.get(key)!));
  });

  it('exist for the keys built at run time', () => {
    expectEverywhere(LANGUAGES.map((language) => `language.${language}`));
    expectEverywhere(PRODUCT_TABS.flatMap((tab) => [`nav.tabs.${tab.key}`, `nav.tabs.${tab.key}Hint`]));
    expectEverywhere(INFO_PAGES.flatMap((page) => [`pages.${page}.title`, `pages.${page}.body`]));
    expectEverywhere(allErrorKeys());
    expectEverywhere([
      ...Object.values(RULE_MESSAGE_KEYS),
      ADDRESS_MAX_KEY,
      ...Object.values(COMPANY_SIZE_KEYS),
      ...Object.values(REGION_KEYS),
      ...Object.values(ROLE_KEYS),
    ]);
    const samples = JSON.parse(readFileSync(samplesFile, 'utf8')) as Array<{
      titleKey: string;
      licence: string;
    }>;
    expectEverywhere(samples.flatMap((sample) => [sample.titleKey, `samples.licence.${sample.licence}`]));
  });
});

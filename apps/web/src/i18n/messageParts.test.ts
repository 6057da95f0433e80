import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localeFile, partOf, partsForPath, SHELL_NAMESPACES } from './messageParts.ts';
import { hasMessages, i18n, loadMessages } from './i18n.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const namespaces = readdirSync(path.join(srcDir, 'i18n/locales/en'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

/**
 * The modules a first visit of the home page runs: main.tsx and what it imports, the home page
 * and the lazy parts of the shell. Imports of the route table are pages (they get the page part);
 * `withPageMessages(import(...))` loads the page part itself.
 */
function shellModules(): string[] {
  const roots = ['main.tsx', 'features/home/HomePage.tsx'].map((file) => path.join(srcDir, file));
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+['"]([^'"]+)['"]/gms)].map(
        (m) => m[1]!,
      ),
      ...(file.endsWith(path.join('app', 'routes.tsx'))
        ? []
        : [...text.matchAll(/(withPageMessages\()?import\(\s*['"]([^'"]+)['"]\s*\)/g)]
            .filter((m) => !m[1])
            .map((m) => m[2]!)),
    ];
    for (const specifier of specifiers) {
      const resolved = resolveImport(file, specifier);
      if (resolved) stack.push(resolved);
    }
  }
  return [...seen];
}

/**
 * Keys a shell module names but only pages translate: the admin route table carries the labels
 * of the console navigation, which only the console pages show.
 */
const TRANSLATED_BY_PAGES: Record<string, readonly string[]> = {
  'features/account/adminRoutes.ts': ['console'],
};

/** Namespaces a module's code names: `t('ns.key')`, `'ns.key'` in tables and `` `ns.${...}` ``. */
function namespacesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/['"`]([a-z][A-Za-z0-9]*)\.(?:\$\{|[A-Za-z0-9_])/g)) {
    if (namespaces.includes(match[1]!)) found.add(match[1]!);
  }
  return found;
}

describe('message parts', () => {
  it('put every namespace the shell and the home page use in the shell part', () => {
    const modules = shellModules();
    expect(modules.some((file) => file.endsWith('TopBar.tsx'))).toBe(true);
    expect(modules.some((file) => file.endsWith('LoginDialog.tsx'))).toBe(true);
    const missing = modules.flatMap((file) =>
      [...namespacesIn(readFileSync(file, 'utf8'))]
        .filter((namespace) => partOf(namespace) !== 'shell')
        .filter((namespace) => !TRANSLATED_BY_PAGES[path.relative(srcDir, file)]?.includes(namespace))
        .map((namespace) => `${namespace} (${path.relative(srcDir, file)})`),
    );
    expect(missing).toEqual([]);
  });

  it('name only namespaces that exist', () => {
    expect([...SHELL_NAMESPACES].filter((namespace) => !namespaces.includes(namespace))).toEqual([]);
  });

  it('give the home page the shell only and every other page the page part too', () => {
    expect(partsForPath('/index')).toEqual(['shell']);
    expect(partsForPath('/')).toEqual(['shell']);
    expect(partsForPath('/doc')).toEqual(['shell', 'pages']);
    expect(partsForPath('/algorithm/faceTechnology/facepointdetect')).toEqual(['shell', 'pages']);
    expect(localeFile('/x/src/i18n/locales/zh_tw/home.json')).toEqual({
      language: 'zh_tw',
      namespace: 'home',
    });
  });

  it('load a part of one language into the translation bundle', async () => {
    await i18n.init({ resources: {}, partialBundledLanguages: true, fallbackLng: false });
    await loadMessages('zh_tw', 'shell');
    expect(hasMessages('zh_tw', 'shell')).toBe(true);
    expect(hasMessages('zh_tw', 'pages')).toBe(false);
    expect(i18n.getResource('zh_tw', 'translation', 'nav.home')).toBeTruthy();
    expect(i18n.getResource('zh_tw', 'translation', 'docs')).toBeUndefined();
    await loadMessages('zh_tw', 'pages');
    expect(i18n.getResource('zh_tw', 'translation', 'docs')).toBeTruthy();
    expect(i18n.getResource('zh_tw', 'translation', 'nav.home')).toBeTruthy();
  });
});

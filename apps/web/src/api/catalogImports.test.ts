import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app bundles none of the capability contracts (their zod schemas): it imports the
 * catalogue's types with `import type`, and values only from the catalogue's light modules
 * (plain numbers, lists and functions without zod).
 */
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalogDir = path.resolve(srcDir, '../../../packages/catalog/src');
const LIGHT_MODULES = [
  'limits.ts',
  'account-rules.ts',
  'console-rules.ts',
  'survey-rules.ts',
  'material-rules.ts',
  'types.ts',
  'groups.ts',
  'contract/curl.ts',
];

function bundledSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' && dir === srcDir ? [] : bundledSources(file);
    // Tests and their helpers (`*Testing.ts`) are not bundled.
    return /\.tsx?$/.test(name) && !/(\.test|Testing)\.tsx?$/.test(name) ? [file] : [];
  });
}

const lightValues = new Set(
  LIGHT_MODULES.flatMap((file) =>
    [
      ...readFileSync(path.join(catalogDir, file), 'utf8').matchAll(
        /^export (?:const|function|let|class) (\w+)/gm,
      ),
    ].map((match) => match[1]!),
  ),
);

/** The values (not types) each source file imports from `@pixora/catalog`. */
function catalogValueImports(): Array<{ file: string; name: string }> {
  const found: Array<{ file: string; name: string }> = [];
  for (const file of bundledSources(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const statements = [...text.matchAll(/^import\s+([^;]*?)\s+from\s+'@pixora\/catalog'/gm)];
    for (const [, clause] of statements) {
      if (clause!.startsWith('type ')) continue;
      const named = /^\{([^}]*)\}$/.exec(clause!.trim());
      if (!named) {
        found.push({ file, name: clause! });
        continue;
      }
      for (const part of named[1]!.split(',').map((p) => p.trim())) {
        if (part && !part.startsWith('type ')) found.push({ file, name: part.split(/\s+as\s+/)[0]! });
      }
    }
  }
  return found;
}

describe('imports of @pixora/catalog in the web bundle', () => {
  it('take values only from the light modules', () => {
    expect(lightValues).toContain('FACE_COUNT');
    const values = catalogValueImports();
    expect(values.map((v) => v.name)).toContain('FACE_COUNT');
    const heavy = values
      .filter((v) => !lightValues.has(v.name))
      .map((v) => `${path.relative(srcDir, v.file)}: ${v.name}`);
    expect(heavy).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { QUALITY_RUNS } from '../scripts/quality-runs.ts';

const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scripts');
const quality = fs.readFileSync(path.resolve(scripts, '../../../docs/quality.md'), 'utf8');

describe('npm run quality', () => {
  it('runs scripts that exist, with modes each script knows, under distinct names', () => {
    expect(new Set(QUALITY_RUNS.map((r) => r.name)).size).toBe(QUALITY_RUNS.length);
    for (const run of QUALITY_RUNS) {
      const file = path.join(scripts, run.script);
      expect(fs.existsSync(file), run.script).toBe(true);
      const text = fs.readFileSync(file, 'utf8');
      // A mode is a quoted word or a key of the script's table of measurements.
      for (const mode of run.args)
        expect(text, `${run.script} ${mode}`).toMatch(new RegExp(`'${mode}'|\\b${mode}\\b[,:}]`));
    }
  });

  it('covers every measurement script docs/quality.md cites', () => {
    const cited = new Set([...quality.matchAll(/scripts\/(measure-[a-z-]+\.ts)/g)].map((m) => m[1]!));
    const run = new Set(QUALITY_RUNS.map((r) => r.script));
    expect([...cited].filter((script) => !run.has(script))).toEqual([]);
  });
});

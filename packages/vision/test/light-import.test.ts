/**
 * The HTTP gateway imports this package on its main thread only to create the worker pool and
 * map errors; that must not load TensorFlow.js (about 100 MB and 0.8 s), which belongs in the
 * workers. Checked in a fresh process, since this test process may already have loaded tfjs.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('package entry point', () => {
  it('can be imported without loading TensorFlow.js', () => {
    const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const script = `
      import { createRequire } from 'node:module';
      const vision = await import(${JSON.stringify(entry)});
      const require = createRequire(import.meta.url);
      const loaded = Object.keys(require.cache).filter((k) => k.includes('@tensorflow'));
      console.log(JSON.stringify({ loaded, exports: Object.keys(vision).length }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { loaded: string[]; exports: number };
    expect(result.exports).toBeGreaterThan(10);
    expect(result.loaded).toEqual([]);
  });
});

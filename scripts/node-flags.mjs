// The Node flags the platform's own processes run with, read from `npm run worker` in package.json
// (`npm start` runs the server with the same ones; the deployment files are tested to match): one
// GC thread per process (docs/decisions/0004-one-core-per-worker.md) and a fixed 16 MB young
// generation (docs/decisions/0011-young-generation.md), then `--import tsx`. Benches and scripts
// that start servers and workers take them from here, so they measure what production runs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The words between `node` and the entry file of package.json's `worker` script; BENCH_NODE_FLAGS
 * (words separated by spaces, ending in `--import tsx`) replaces them, to compare flags in A/B runs.
 */
export function platformNodeFlags() {
  if (process.env.BENCH_NODE_FLAGS) return process.env.BENCH_NODE_FLAGS.trim().split(/\s+/);
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const words = pkg.scripts.worker.trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error('package.json: the worker script does not start with node');
  return words.slice(1, -1);
}

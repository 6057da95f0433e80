/**
 * The platform's own measurements that the website shows (content/site/measured.json), taken from
 * docs/benchmarks.md so that the site never shows a speed the repository did not measure:
 *
 *   node --import tsx scripts/site-measures.ts
 *
 * `npm run bench` runs it after writing docs/benchmarks.md. The home page's speed figure is the
 * p50 of v2/facepoints as the gateway runs it (the "Endpoints" table); the studio solution page's
 * throughput is the "Studio pipeline" section's pictures per minute.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface SiteMeasures {
  source: string;
  measuredAt: string;
  commit: string;
  /** p50 of v2/facepoints (468 points and irises) in ms, on the bench's 640-px photo. */
  facepointsP50Ms: number;
  /** Pictures per minute of the studio pipeline's default recipe (1080-px portraits, 2 workers), when measured. */
  studioPicturesPerMinute?: number;
}

/** The measures from the text of docs/benchmarks.md; throws when a row is missing. */
export function siteMeasures(report: string): SiteMeasures {
  const date = /^- Date: (.+), commit (\w+)$/m.exec(report);
  const row = /^\| v2\/facepoints \| ([\d.]+) ms \|/m.exec(report);
  if (!date || !row) throw new Error('docs/benchmarks.md has no date line or no v2/facepoints row');
  const studio = /^\| pictures per minute, both cores busy \| (\d+) \|/m.exec(report);
  return {
    source: 'docs/benchmarks.md',
    measuredAt: date[1]!,
    commit: date[2]!,
    facepointsP50Ms: Number(row[1]),
    ...(studio ? { studioPicturesPerMinute: Number(studio[1]) } : {}),
  };
}

/** Writes content/site/measured.json from docs/benchmarks.md. */
export function writeSiteMeasures(): SiteMeasures {
  const measures = siteMeasures(fs.readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8'));
  fs.writeFileSync(path.join(root, 'content/site/measured.json'), `${JSON.stringify(measures, null, 2)}\n`);
  return measures;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const m = writeSiteMeasures();
  console.log(`content/site/measured.json: v2/facepoints p50 ${m.facepointsP50Ms} ms (${m.measuredAt})`);
}

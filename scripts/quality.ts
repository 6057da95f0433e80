// `npm run quality`: runs every measurement behind docs/quality.md's quality figures (agreement
// with hand labels, overlap with hand-drawn masks, PSNR/SSIM against degraded originals, ...) and
// writes each one's output, with its command, commit and date, to docs/quality-runs/<name>.txt, so
// that every table in docs/quality.md can be compared with a fresh run of the script it cites.
//
//   npm run quality                       every quality measurement (speed excluded)
//   npm run quality -- apparel hair-tune  only the runs whose name starts with one of these
//   npm run quality -- --list             the runs and their commands
//   npm run quality -- --speed            speed measurements too (pinned to one core with taskset)
//
// Speed figures belong to a quiet machine and to `npm run bench`; they run here only on request.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUALITY_RUNS, type QualityRun } from '../packages/vision/scripts/quality-runs.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = 'packages/vision/scripts';

/** The command a run is, as docs/quality.md writes it. */
export const commandOf = (run: QualityRun): string[] => [
  ...(run.speed ? ['taskset', '-c', '0'] : []),
  process.execPath,
  '--single-threaded-gc',
  '--import',
  'tsx',
  `${scripts}/${run.script}`,
  ...run.args,
];

function main() {
  const argv = process.argv.slice(2);
  const speed = argv.includes('--speed');
  const names = argv.filter((a) => !a.startsWith('--'));
  const runs = QUALITY_RUNS.filter((run) =>
    names.length ? names.some((n) => run.name.startsWith(n)) : speed || !run.speed,
  );
  if (argv.includes('--list')) {
    for (const run of runs) console.log(`${run.name.padEnd(20)} ${commandOf(run).slice(1).join(' ')}`);
    return;
  }
  const outDir = path.join(root, 'docs/quality-runs');
  fs.mkdirSync(outDir, { recursive: true });
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  let failed = 0;
  for (const run of runs) {
    const [command, ...args] = commandOf(run);
    const started = Date.now();
    process.stdout.write(`${run.name} ... `);
    const result = spawnSync(command!, args, {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 30 * 60_000,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const ok = result.status === 0;
    if (!ok) failed++;
    console.log(ok ? `${seconds} s` : `failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    const header = [
      `# ${run.name}: node --import tsx ${scripts}/${run.script} ${run.args.join(' ')}`.trimEnd(),
      `# written by npm run quality (scripts/quality.ts) at commit ${commit}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${seconds} s${ok ? '' : `, FAILED (exit ${result.status ?? result.signal})`}`,
      '',
    ].join('\n');
    fs.writeFileSync(
      path.join(outDir, `${run.name}.txt`),
      `${header}${result.stdout}${ok ? '' : `\n--- stderr ---\n${result.stderr}`}`,
    );
  }
  console.log(`${runs.length - failed} of ${runs.length} written to docs/quality-runs/`);
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();

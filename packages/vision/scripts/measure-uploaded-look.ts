/**
 * Speed of v1/filter with a look uploaded as a .cube file against a bundled look (docs/quality.md,
 * "Uploaded materials"):
 *
 *   taskset -c 0 node --single-threaded-gc --import tsx packages/vision/scripts/measure-uploaded-look.ts [runs]
 *
 * On the astronaut at 640 x 640 (task-timing.ts's speed photo), the filter task in process with
 * filterAlpha 100: the bundled look `warm`; the same look written out as a 33^3 .cube file (as a
 * grading tool would export it) sent with the job as the gateway sends an uploaded one, with its
 * cache key (parsed once, cube.ts parseCubeCached) and without one (parsed on every call, as
 * before the cache); and the parse alone. Wall and CPU p50 over `runs` rounds (default 20) after
 * 3, the three kinds taking turns within each round.
 */
import sharp from 'sharp';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { lookTable } from '../src/algorithms/image/looks.ts';
import { parseCube } from '../src/algorithms/image/cube.ts';
import { speedPhotos } from './task-timing.ts';

sharp.concurrency(1);
const runs = Number(process.argv[2] ?? 20);
const { astronaut } = await speedPhotos();

// `warm` as a .cube file: each node's output, its fixed-point code (x 16 of 0..255) over 4080.
const lut = lookTable('warm')!;
const rows: string[] = [];
for (let b = 0; b < lut.size; b++)
  for (let g = 0; g < lut.size; g++)
    for (let r = 0; r < lut.size; r++) {
      const at = 3 * (r + lut.size * (g + lut.size * b));
      rows.push([0, 1, 2].map((c) => (lut.table[at + c]! / 4080).toFixed(6)).join(' '));
    }
const cube = new TextEncoder().encode(`TITLE "warm"\nLUT_3D_SIZE ${lut.size}\n${rows.join('\n')}\n`);

const kinds: Record<string, Record<string, unknown>> = {
  'bundled warm': { filterType: 'warm', filterAlpha: 100 },
  'uploaded 33^3 .cube, cache key': { filterType: 'm1', cube, cubeKey: '1@2026-11-27', filterAlpha: 100 },
  'uploaded 33^3 .cube, no key (parsed each call)': { filterType: 'm1', cube, filterAlpha: 100 },
};
const times: Record<string, { cpu: number[]; wall: number[] }> = {};
for (const name of Object.keys(kinds)) times[name] = { cpu: [], wall: [] };
for (let round = -3; round < runs; round++)
  for (const [name, params] of Object.entries(kinds)) {
    const c = process.cpuUsage();
    const t = performance.now();
    await runTaskInProcess('filter', { image: astronaut, params });
    const wall = performance.now() - t;
    const d = process.cpuUsage(c);
    if (round < 0) continue;
    times[name]!.wall.push(wall);
    times[name]!.cpu.push((d.user + d.system) / 1000);
  }
const parse: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  parseCube(cube);
  parse.push(performance.now() - t);
}

console.log(`cube file ${(cube.length / 1024).toFixed(0)} kB, ${runs} rounds after 3`);
console.log('| look | wall p50 (ms) | CPU p50 (ms) |');
console.log('| --- | --- | --- |');
for (const [name, t] of Object.entries(times))
  console.log(`| ${name} | ${summarize(t.wall).p50.toFixed(1)} | ${summarize(t.cpu).p50.toFixed(1)} |`);
console.log(`| parseCube alone | ${summarize(parse).p50.toFixed(1)} | |`);

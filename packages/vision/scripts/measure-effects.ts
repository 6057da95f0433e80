/**
 * Speed of the aieffects task (v1/mtai) against the sum of its steps (docs/quality.md, "AI
 * effects"):
 *
 *   taskset -c 0 node --import tsx packages/vision/scripts/measure-effects.ts [runs]
 *
 * For each effect, on the astronaut at 640 x 640 (task-timing.ts's speed photo): CPU and wall
 * p50 of the whole chain (decode and encode included) over `runs` runs (default 8) after 3, and
 * the CPU p50 of each of its steps run alone as its own task with the same parameters on the same
 * photo; the effect's target is that sum.
 */
import sharp from 'sharp';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { EFFECT_CHAINS, EFFECTS } from '../src/algorithms/image/effects-params.ts';
import { speedPhotos } from './task-timing.ts';

sharp.concurrency(1);
const runs = Number(process.argv[2] ?? 8);
const { astronaut } = await speedPhotos();

async function cpuP50(task: string, params: Record<string, unknown>): Promise<{ cpu: number; wall: number }> {
  for (let i = 0; i < 3; i++) await runTaskInProcess(task, { image: astronaut, params });
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await runTaskInProcess(task, { image: astronaut, params });
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  return { cpu: summarize(cpu).p50, wall: summarize(wall).p50 };
}

console.log(
  '| effect | steps | chain CPU p50 (ms) | chain wall p50 | steps alone, CPU p50 | sum of steps | chain / sum |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const effect of EFFECTS) {
  const chain = await cpuP50('aieffects', { effect });
  const steps: number[] = [];
  for (const step of EFFECT_CHAINS[effect]) steps.push((await cpuP50(step.task, step.params)).cpu);
  const sum = steps.reduce((a, b) => a + b, 0);
  console.log(
    `| ${effect} | ${EFFECT_CHAINS[effect].map((s) => s.task).join(' + ')} | ${chain.cpu.toFixed(0)} | ${chain.wall.toFixed(0)} | ${steps.map((s) => s.toFixed(0)).join(' + ')} | ${sum.toFixed(0)} | ${(chain.cpu / sum).toFixed(2)} |`,
  );
}

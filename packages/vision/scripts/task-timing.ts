/** Timing of an engine task for the measurement scripts (measure-body.ts, measure-skinhair.ts). */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { astronautPath, groupSamplePath, opencvDocPath } from '../test/fixtures.ts';

/** The speed photos: the astronaut at 640 x 640 and face-api sample 1 at 640 x 427, JPEG q90. */
export async function speedPhotos(): Promise<{ astronaut: Buffer; group: Buffer }> {
  const astronaut = await sharp(readFileSync(astronautPath()))
    .resize(640, 640)
    .jpeg({ quality: 90 })
    .toBuffer();
  const group = await sharp(readFileSync(groupSamplePath(1)))
    .resize(640)
    .jpeg({ quality: 90 })
    .toBuffer();
  return { astronaut, group };
}

/** Wall and CPU time of the engine (decode included) over `runs` runs after 3 warm-up runs. */
export async function timeTask(
  task: string,
  image: Buffer,
  runs: number,
  params?: Record<string, unknown>,
): Promise<string> {
  for (let i = 0; i < 3; i++) await runTaskInProcess(task, { image, params });
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await runTaskInProcess(task, { image, params });
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const w = summarize(wall);
  const c = summarize(cpu);
  return `wall p50 ${w.p50.toFixed(1)} ms, p95 ${w.p95.toFixed(1)}, min ${w.min.toFixed(1)}; CPU p50 ${c.p50.toFixed(1)} ms`;
}

/** A street under the sky (opencv-doc's leuvenA.jpg, Leuven's Groot Begijnhof) at 640 x 480, JPEG q90. */
export async function streetPhoto(): Promise<Buffer> {
  return sharp(readFileSync(await opencvDocPath('examples/data/leuvenA.jpg')))
    .resize(640)
    .jpeg({ quality: 90 })
    .toBuffer();
}

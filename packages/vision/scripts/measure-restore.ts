/**
 * Quality and speed figures of the restoration tasks (docs/quality.md: "Image enhancement",
 * "Image denoising", "Image restoration"):
 *
 *   node --import tsx packages/vision/scripts/measure-restore.ts [enhance|denoise|restore|speed] [tune|report]
 *
 * Photos (real, licence-clear, never committed): the tuning set is scikit-image's astronaut,
 * chelsea, coffee, rocket and motorcycle_left; the report set is face-api's demo photos 1-6 and
 * opencv-doc's messi5, face_swapped, example and 227943776_1. Each is scaled (area average) to at
 * most 512 px a side and taken as the clean original; its degraded copy is made on purpose here,
 * with a fixed random seed, and both the task's answer and the degraded copy (the baseline) are
 * compared with the original: PSNR over RGB and SSIM on the luma (src/image/metrics.ts).
 *
 * enhance: the original cropped to a multiple of 4, reduced x2 and x4 with bicubic (sharp
 *   'cubic'), then enlarged back by the task and by bicubic; no parameter was tuned.
 * denoise: Gaussian noise of sigma 10 and 25 (seeded per photo) and JPEG quality 20; the task
 *   at its automatic level. With `tune` it also sweeps the method's two constants (the threshold
 *   in sigmas, the level per unit of blockiness) and prints the mean PSNR of each setting: the
 *   shipped constants were chosen from that table on the tuning set only.
 * restore: 6 scratches and 40 spots (seeded per photo) then Gaussian noise of sigma 8; the task
 *   at its defaults (sharpening 20) and without sharpening; and how much of the damage the
 *   detector finds (recall: damaged pixels inside its mask; precision: its mask's pixels within
 *   one pixel of the damage). With `tune` it also sweeps the detector's constants.
 * speed: p50 of the engine (decode and encode included) over 7 runs after 2, one core when run
 *   under `taskset -c 0`: enhance x2 on a 512 px photo and x4 on a 256 px one; denoise and
 *   restore at 1080 x 720 and 640 x 427 (face-api sample 1 with noise of sigma 15, JPEG q92).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { psnr, ssim } from '../src/image/metrics.ts';
import type { EnhanceResult } from '../src/algorithms/image/enhance-params.ts';
import type { DenoiseResult } from '../src/algorithms/image/denoise-params.ts';
import { DENOISE_TUNING, denoiseRgb } from '../src/algorithms/image/denoise-core.ts';
import type { RestoreResult } from '../src/algorithms/image/restore-params.ts';
import { restoreRgb } from '../src/algorithms/image/restore.ts';
import { DEFECT_TUNING, findDefects, type DefectTuning } from '../src/algorithms/image/defects.ts';
import { estimateNoise, toOpponent } from '../src/algorithms/image/denoise-core.ts';
import {
  decodeRgb,
  encodePng,
  gaussianNoise,
  jpegRoundTrip,
  scratchesAndSpots,
  type Rgb,
} from './degrade.ts';
import {
  astronautPath,
  chelseaPath,
  coffeePath,
  groupSamplePath,
  opencvDocPath,
  skimageDataDir,
} from '../test/fixtures.ts';

sharp.concurrency(1);
const what = process.argv[2] ?? 'enhance';
const set = (process.argv[3] ?? 'report') as 'tune' | 'report';

export interface Photo {
  name: string;
  data: Buffer;
  width: number;
  height: number;
}

async function photoPaths(which: 'tune' | 'report'): Promise<Array<[string, string]>> {
  if (which === 'tune') {
    const dir = skimageDataDir();
    return [
      ['astronaut', astronautPath()],
      ['chelsea', chelseaPath()],
      ['coffee', coffeePath()],
      ['rocket', `${dir}/rocket.jpg`],
      ['motorcycle_left', `${dir}/motorcycle_left.png`],
    ];
  }
  const doc = await Promise.all(
    [
      'examples/data/messi5.jpg',
      'opencv4/html/face_swapped.jpg',
      'opencv4/html/example.jpg',
      'opencv4/html/227943776_1.jpg',
    ].map(
      async (f) =>
        [
          f
            .split('/')
            .pop()!
            .replace(/\.\w+$/, ''),
          await opencvDocPath(f),
        ] as [string, string],
    ),
  );
  return [
    ...([1, 2, 3, 4, 5, 6] as const).map((n) => [`sample${n}`, groupSamplePath(n)] as [string, string]),
    ...doc,
  ];
}

/** The clean originals of a set: RGB, at most 512 px a side, sides a multiple of 4. */
export async function photos(which: 'tune' | 'report'): Promise<Photo[]> {
  const out: Photo[] = [];
  for (const [name, file] of await photoPaths(which)) out.push(await photoFromFile(name, file));
  return out;
}

/** A photo file as an original: RGB, at most 512 px a side, sides multiples of 4. */
export async function photoFromFile(name: string, file: string): Promise<Photo> {
  const meta = await sharp(readFileSync(file)).metadata();
  const f = Math.min(1, 512 / Math.max(meta.width!, meta.height!));
  const w = Math.floor((meta.width! * f) / 4) * 4;
  const h = Math.floor((meta.height! * f) / 4) * 4;
  const { data } = await sharp(readFileSync(file))
    .removeAlpha()
    .toColourspace('srgb')
    .resize(w, h, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { name, data, width: w, height: h };
}

export const png = encodePng;
export const rgbOf = async (bytes: Uint8Array): Promise<Buffer> => (await decodeRgb(bytes)).data;

export interface Score {
  psnr: number;
  ssim: number;
}
export const score = (a: Uint8Array, p: Photo): Score => ({
  psnr: psnr(a, p.data),
  ssim: ssim(a, p.data, p.width, p.height),
});
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
export function printRows(title: string, rows: Array<{ name: string; base: Score; task: Score }>) {
  console.log(`\n${title}`);
  console.log('photo | baseline PSNR | task PSNR | baseline SSIM | task SSIM');
  for (const r of rows) {
    console.log(
      `${r.name} | ${r.base.psnr.toFixed(2)} | ${r.task.psnr.toFixed(2)} | ${r.base.ssim.toFixed(4)} | ${r.task.ssim.toFixed(4)}`,
    );
  }
  const better = rows.filter((r) => r.task.psnr > r.base.psnr).length;
  console.log(
    `mean | ${mean(rows.map((r) => r.base.psnr)).toFixed(2)} | ${mean(rows.map((r) => r.task.psnr)).toFixed(2)} | ${mean(rows.map((r) => r.base.ssim)).toFixed(4)} | ${mean(rows.map((r) => r.task.ssim)).toFixed(4)}  (task PSNR above the baseline on ${better}/${rows.length})`,
  );
}

async function enhance() {
  for (const scale of [2, 4] as const) {
    const rows = [];
    for (const p of await photos(set)) {
      const small = await sharp(await png(p))
        .resize(p.width / scale, p.height / scale, { kernel: 'cubic' })
        .png()
        .toBuffer();
      const bicubic = await rgbOf(
        await sharp(small).resize(p.width, p.height, { kernel: 'cubic' }).png().toBuffer(),
      );
      const r = await runTaskInProcess<EnhanceResult>('enhance', {
        image: small,
        params: { scale, quality: 100 },
      });
      rows.push({
        name: p.name,
        base: score(bicubic, p),
        task: score(await rgbOf(r.images.media_data.bytes), p),
      });
    }
    printRows(`enhance x${scale} (${set} set): baseline = bicubic enlargement of the reduced photo`, rows);
  }
}

/** The damaged copies of a photo for the denoising measurements. */
async function noisy(p: Photo, i: number): Promise<Array<[string, Rgb]>> {
  return [
    ['sigma 10', gaussianNoise(p, 10, 100 + i)],
    ['sigma 25', gaussianNoise(p, 25, 200 + i)],
    ['JPEG q20', await jpegRoundTrip(p, 20)],
  ];
}

async function denoise() {
  const all = await photos(set);
  const cases = await Promise.all(all.map((p, i) => noisy(p, i)));
  for (const [k, label] of ['sigma 10', 'sigma 25', 'JPEG q20'].entries()) {
    const rows = [];
    for (const [i, p] of all.entries()) {
      const damaged = cases[i]![k]![1];
      const r = await runTaskInProcess<DenoiseResult>('denoise', {
        image: await png(damaged),
        params: { quality: 100 },
      });
      rows.push({
        name: `${p.name} (level ${r.answer.applied_level})`,
        base: score(damaged.data, p),
        task: score(await rgbOf(r.images.media_data.bytes), p),
      });
    }
    printRows(`denoise, ${label} (${set} set): baseline = the damaged photo`, rows);
  }
  if (set !== 'tune') return;
  console.log('\ntuning sweep: mean PSNR (sigma 10 / sigma 25 / JPEG q20) per setting');
  for (const thresholdSigmas of [2.2, 2.4, 2.6, 2.8, 3]) {
    for (const levelPerBlockiness of [1, 2, 2.5, 3]) {
      const means = [0, 1, 2].map((k) =>
        mean(
          all.map((p, i) =>
            psnr(
              denoiseRgb(cases[i]![k]![1].data, p.width, p.height, undefined, {
                thresholdSigmas,
                levelPerBlockiness,
              }).data,
              p.data,
            ),
          ),
        ),
      );
      console.log(
        `threshold ${thresholdSigmas} sigma, ${levelPerBlockiness} per blockiness: ${means.map((m) => m.toFixed(2)).join(' / ')}${thresholdSigmas === DENOISE_TUNING.thresholdSigmas && levelPerBlockiness === DENOISE_TUNING.levelPerBlockiness ? '  (shipped)' : ''}`,
      );
    }
  }
}

/** An old print's damage: scratches and spots, then noise. */
function damage(p: Photo, i: number) {
  const { damaged, mask } = scratchesAndSpots(p, { lines: 6, spots: 40, seed: 300 + i });
  return { damaged: gaussianNoise(damaged, 8, 400 + i), mask };
}

/** Recall and precision of a found mask against the damage drawn. */
function detection(found: Uint8Array, truth: Uint8Array, width: number, height: number) {
  const near = new Uint8Array(truth.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (truth[y * width + x])
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx >= 0 && ny >= 0 && nx < width && ny < height) near[ny * width + nx] = 1;
          }
  let hit = 0;
  let all = 0;
  let inside = 0;
  let flagged = 0;
  for (let i = 0; i < truth.length; i++) {
    if (truth[i]) {
      all++;
      if (found[i]) hit++;
    }
    if (found[i]) {
      flagged++;
      if (near[i]) inside++;
    }
  }
  return { recall: all ? hit / all : 1, precision: flagged ? inside / flagged : 1 };
}

function defectMask(d: Rgb, tuning: DefectTuning) {
  const y = toOpponent(d.data, d.width, d.height).c[0];
  const noise = estimateNoise(y, d.width, d.height);
  for (let i = 0; i < y.length; i++) y[i] = y[i]! / Math.sqrt(3);
  return findDefects(y, d.width, d.height, noise, tuning);
}

async function restore() {
  const all = await photos(set);
  const cases = all.map((p, i) => damage(p, i));
  for (const sharpen of [20, 0]) {
    const rows = [];
    for (const [i, p] of all.entries()) {
      const d = cases[i]!.damaged;
      const r = await runTaskInProcess<RestoreResult>('restore', {
        image: await png(d),
        params: { quality: 100, sharpen },
      });
      rows.push({
        name: `${p.name} (${r.answer.repaired_pixels} px repaired)`,
        base: score(d.data, p),
        task: score(await rgbOf(r.images.media_data.bytes), p),
      });
    }
    printRows(
      `restore, sharpen ${sharpen}${sharpen === 20 ? ' (default)' : ''} (${set} set): baseline = the damaged photo`,
      rows,
    );
  }
  const det = all.map((p, i) =>
    detection(defectMask(cases[i]!.damaged, DEFECT_TUNING), cases[i]!.mask, p.width, p.height),
  );
  console.log('\ndetection per photo (recall / precision):');
  for (const [i, p] of all.entries())
    console.log(`${p.name}: ${det[i]!.recall.toFixed(3)} / ${det[i]!.precision.toFixed(3)}`);
  console.log(
    `mean: ${mean(det.map((d) => d.recall)).toFixed(3)} / ${mean(det.map((d) => d.precision)).toFixed(3)}`,
  );
  console.log('\nfalse repairs on the clean (undamaged) photos: pixels marked, share of the photo');
  for (const p of all) {
    const m = defectMask(p, DEFECT_TUNING);
    const marked = m.reduce((a, b) => a + b, 0);
    console.log(`${p.name}: ${marked} px (${((100 * marked) / m.length).toFixed(2)} %)`);
  }
  if (set !== 'tune') return;
  console.log('\ntuning sweep: mean recall / precision of the detector, mean PSNR of repair + denoising');
  for (const radius of [3, 4]) {
    for (const minContrast of [40, 60]) {
      for (const spotContrast of [70, 100]) {
        for (const lineWidth of [3, 5]) {
          const tuning = { ...DEFECT_TUNING, radius, minContrast, spotContrast, lineWidth };
          const d = all.map((p, i) =>
            detection(defectMask(cases[i]!.damaged, tuning), cases[i]!.mask, p.width, p.height),
          );
          const shipped = (Object.keys(tuning) as Array<keyof DefectTuning>).every(
            (k) => tuning[k] === DEFECT_TUNING[k],
          );
          console.log(
            `radius ${radius}, contrast ${minContrast}, spot contrast ${spotContrast}, line width ${lineWidth}: ${mean(d.map((x) => x.recall)).toFixed(3)} / ${mean(d.map((x) => x.precision)).toFixed(3)}${shipped ? '  (shipped)' : ''}`,
          );
        }
      }
    }
  }
  const withRepair = mean(
    all.map((p, i) =>
      psnr(
        restoreRgb(cases[i]!.damaged.data, p.width, p.height, { repair: true, noiseLevel: undefined }).data,
        p.data,
      ),
    ),
  );
  const without = mean(
    all.map((p, i) =>
      psnr(
        restoreRgb(cases[i]!.damaged.data, p.width, p.height, { repair: false, noiseLevel: undefined }).data,
        p.data,
      ),
    ),
  );
  console.log(
    `mean PSNR, no sharpening: with repair ${withRepair.toFixed(2)}, denoising only ${without.toFixed(2)}`,
  );
}

/** p50 wall and CPU of `runs` engine runs after 2 warm-up runs. */
export async function timing(task: string, image: Buffer, params: Record<string, unknown>, runs = 7) {
  for (let i = 0; i < 2; i++) await runTaskInProcess(task, { image, params });
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
  return `wall p50 ${summarize(wall).p50.toFixed(0)} ms (min ${summarize(wall).min.toFixed(0)}), CPU p50 ${summarize(cpu).p50.toFixed(0)} ms`;
}

async function speed() {
  const { loadavg } = await import('node:os');
  console.log(
    `load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const astronaut = await sharp(readFileSync(astronautPath())).jpeg({ quality: 90 }).toBuffer();
  console.log(`enhance x2, 512 x 512 -> 1024 x 1024: ${await timing('enhance', astronaut, { scale: 2 })}`);
  const a256 = await sharp(readFileSync(astronautPath())).resize(256).jpeg({ quality: 90 }).toBuffer();
  console.log(`enhance x4, 256 x 256 -> 1024 x 1024: ${await timing('enhance', a256, { scale: 4 })}`);
  // A 1080 x 720 photo (face-api sample 1, which is larger) with noise of sigma 15, and a 640 px one.
  const base = await decodeRgb(
    await sharp(readFileSync(groupSamplePath(1)))
      .resize(1080, 720, { fit: 'fill' })
      .png()
      .toBuffer(),
  );
  const n1080 = await sharp(await encodePng(gaussianNoise(base, 15, 1)))
    .jpeg({ quality: 92 })
    .toBuffer();
  const n640 = await sharp(n1080).resize(640).jpeg({ quality: 92 }).toBuffer();
  for (const task of ['denoise', 'restore']) {
    console.log(`${task}, 1080 x 720: ${await timing(task, n1080, {})}`);
    console.log(`${task}, 640 x 427: ${await timing(task, n640, {})}`);
  }
}

const tasks: Record<string, () => Promise<void>> = { enhance, denoise, restore, speed };
if (process.argv[1]?.endsWith('measure-restore.ts')) {
  const f = tasks[what];
  if (!f) throw new Error(`unknown measurement ${what}`);
  await f();
}

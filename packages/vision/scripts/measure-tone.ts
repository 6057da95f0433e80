/**
 * Quality and speed figures of v1/filter, v1/hdr and v1/night_denoise (docs/quality.md, "Filters,
 * HDR and night enhancement"):
 *
 *   node --import tsx packages/vision/scripts/measure-tone.ts [hdr|night|looks|speed] [tune|report]
 *
 * (no argument: hdr, night and looks on both sets; prefix `taskset -c 0` for speed).
 *
 * Photos: the tuning set (scikit-image: motorcycle_left, rocket, coffee, astronaut) is the one the
 * constants of hdr.ts and night.ts were chosen on; the report set (face-api demo samples 1-6,
 * opencv-doc's messi5 and 227943776_1) is only measured. All are scaled to 640 px on the long
 * side (filtered by sharp) before measuring.
 *
 * hdr: per photo at the default strength, the mean L* of the input's darkest 20 % of pixels
 *   before and after, the share of clipped pixels (a channel >= 250) before and after, and the
 *   halo next to strong edges (test/tone-measures.ts haloOvershoot, reach = the filter radius);
 *   the same halo for a base layer blurred across edges (the same code with eps = 1e6, i.e. a
 *   box-filtered base: Durand & Dorsey without an edge-preserving filter) shows what the measure
 *   reads on a haloing method.
 * night: each photo darkened on purpose (test/tone-measures.ts darken: x -> 0.25 x^1.8, Poisson
 *   noise at 400 photons for white, read noise 1.5 levels, seed = photo index), then PSNR (RGB)
 *   and SSIM (luma) against the clean photo of: the darkened input, the enhancement without
 *   denoising (denoise 0) and with the default denoising.
 * looks: on each photo of the set, for each v1/filter look, whether every documented move of its
 *   colour statistics (looks.ts `moves`: up or down by more than 0.5, or a bound) holds, and the
 *   largest difference of the table's colour from the exact transform (levels of 255).
 * speed: CPU and wall p50 of the three tasks' engine runs (decode, work, JPEG) on the astronaut at
 *   640 px and scaled to a 1080 x 1350 portrait, 15 runs after 2; then each task's work alone and
 *   the JPEG encoding with and without optimised Huffman tables at 1080 x 1350.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { runTaskInProcess, summarize } from '../src/index.ts';
import { labStats } from '../src/algorithms/image/colour.ts';
import { HDR_RULES, toneMap } from '../src/algorithms/image/hdr.ts';
import { LOOKS, lookTable, lookTransform } from '../src/algorithms/image/looks.ts';
import { applyLut } from '../src/algorithms/image/lut3d.ts';
import { enhanceNight, NIGHT_RULES } from '../src/algorithms/image/night.ts';
import {
  astronautPath,
  coffeePath,
  groupSamplePath,
  opencvDocPath,
  skimageDataDir,
} from '../test/fixtures.ts';
import {
  clippedShare,
  darken,
  haloOvershoot,
  lightness,
  psnr,
  shadowMean,
  ssim,
} from '../test/tone-measures.ts';

export async function photoSets() {
  const sk = skimageDataDir();
  return {
    tune: [path.join(sk, 'motorcycle_left.png'), path.join(sk, 'rocket.jpg'), coffeePath(), astronautPath()],
    report: [
      ...([1, 2, 3, 4, 5, 6] as const).map(groupSamplePath),
      await opencvDocPath('examples/data/messi5.jpg'),
      await opencvDocPath('opencv4/html/227943776_1.jpg'),
    ],
  };
}

async function load(file: string, side = 640) {
  const { data, info } = await sharp(file)
    .removeAlpha()
    .resize(side, side, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);
const f3 = (v: number) => v.toFixed(3);

async function measureHdr(files: string[]) {
  console.log('photo | shadow L* in -> out | clipped % in -> out | halo L* (guided) | halo L* (box base)');
  const rows: number[][] = [];
  for (const file of files) {
    const { data, width, height } = await load(file);
    const out = Uint8Array.from(data);
    toneMap(out, width, height, 0.6);
    const box = Uint8Array.from(data);
    const eps = HDR_RULES.eps;
    (HDR_RULES as { eps: number }).eps = 1e6;
    toneMap(box, width, height, 0.6);
    (HDR_RULES as { eps: number }).eps = eps;
    const Lin = lightness(data);
    const Lout = lightness(out);
    const reach = Math.round(HDR_RULES.radius * Math.max(width, height));
    const row = [
      shadowMean(Lin, Lin),
      shadowMean(Lin, Lout),
      100 * clippedShare(data),
      100 * clippedShare(out),
      haloOvershoot(Lin, Lout, width, height, reach),
      haloOvershoot(Lin, lightness(box), width, height, reach),
    ];
    rows.push(row);
    console.log(
      `${path.basename(file)} | ${f1(row[0]!)} -> ${f1(row[1]!)} | ${f2(row[2]!)} -> ${f2(row[3]!)} | ${f2(row[4]!)} | ${f2(row[5]!)}`,
    );
  }
  const mean = (k: number) => rows.reduce((s, r) => s + r[k]!, 0) / rows.length;
  console.log(
    `mean | ${f1(mean(0))} -> ${f1(mean(1))} | ${f2(mean(2))} -> ${f2(mean(3))} | ${f2(mean(4))} | ${f2(mean(5))}`,
  );
}

async function measureNight(files: string[]) {
  console.log('photo | PSNR dark / no denoise / night (dB) | SSIM dark / no denoise / night | sigma, gain');
  const rows: number[][] = [];
  for (const [k, file] of files.entries()) {
    const { data: clean, width, height } = await load(file);
    const dark = darken(clean, k + 1);
    const plain = Uint8Array.from(dark);
    enhanceNight(plain, width, height, 0.8, 0);
    const night = Uint8Array.from(dark);
    const { sigma, gain } = enhanceNight(night, width, height, 0.8, 0.6);
    const row = [
      psnr(dark, clean),
      psnr(plain, clean),
      psnr(night, clean),
      ssim(dark, clean, width, height),
      ssim(plain, clean, width, height),
      ssim(night, clean, width, height),
    ];
    rows.push(row);
    console.log(
      `${path.basename(file)} | ${row.slice(0, 3).map(f1).join(' / ')} | ${row.slice(3).map(f3).join(' / ')} | ${f1(sigma)}, ${f1(gain)}`,
    );
  }
  const mean = (k: number) => rows.reduce((s, r) => s + r[k]!, 0) / rows.length;
  console.log(
    `mean | ${[0, 1, 2].map((k) => f1(mean(k))).join(' / ')} | ${[3, 4, 5].map((k) => f3(mean(k))).join(' / ')}`,
  );
}

async function measureLooks(files: string[]) {
  const photos = await Promise.all(files.map((f) => load(f, 320)));
  let held = 0;
  let total = 0;
  let worst = 0;
  const failures: string[] = [];
  const perPhoto: string[] = [];
  for (const [k, { data }] of photos.entries()) {
    const heldBefore = held;
    const totalBefore = total;
    const before = labStats(data);
    for (const look of LOOKS) {
      const out = applyLut(lookTable(look.id)!, data);
      const after = labStats(out);
      const exact = lookTransform(look);
      for (let i = 0; i < data.length; i += 3) {
        const c = exact(data[i]! / 255, data[i + 1]! / 255, data[i + 2]! / 255);
        for (let j = 0; j < 3; j++) worst = Math.max(worst, Math.abs(out[i + j]! - c[j]! * 255));
      }
      for (const move of look.moves) {
        const v = after[move.stat];
        const ok =
          'dir' in move
            ? (move.dir === 'up' ? 1 : -1) * (v - before[move.stat]) > 0.5
            : 'atMost' in move
              ? v <= move.atMost
              : v >= move.atLeast;
        total++;
        if (ok) held++;
        else
          failures.push(
            `${path.basename(files[k]!)} ${look.id} ${move.stat} ${f1(before[move.stat])} -> ${f1(v)}`,
          );
      }
    }
    perPhoto.push(`${path.basename(files[k]!)} ${held - heldBefore}/${total - totalBefore}`);
  }
  console.log(`per photo: ${perPhoto.join(', ')}`);
  console.log(`${LOOKS.length} looks x ${files.length} photos: ${held} of ${total} documented moves hold`);
  for (const f of failures) console.log(`  not held: ${f}`);
  console.log(`largest table error against the exact transform: ${f1(worst)} levels`);
}

async function measureSpeed() {
  const side640 = await sharp(astronautPath()).resize(640, 640).jpeg({ quality: 90 }).toBuffer();
  const portrait = await sharp(astronautPath()).resize(1080, 1350).jpeg({ quality: 90 }).toBuffer();
  const jobs: Array<[string, string, Record<string, unknown>]> = [
    ['filter', 'v1/filter', {}],
    ['filter', 'v1/filter beautyAlpha 60', { beautyAlpha: 60 }],
    ['hdr', 'v1/hdr', {}],
    ['night', 'v1/night_denoise', {}],
  ];
  for (const [image, label] of [
    [side640, '640 x 640'],
    [portrait, '1080 x 1350'],
  ] as const) {
    for (const [task, endpoint, params] of jobs) {
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < 17; i++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await runTaskInProcess(task, { image, params });
        const c = process.cpuUsage(c0);
        if (i < 2) continue;
        wall.push(performance.now() - t0);
        cpu.push((c.user + c.system) / 1000);
      }
      console.log(
        `${endpoint} ${label}: CPU p50 ${f1(summarize(cpu).p50)} ms, wall p50 ${f1(summarize(wall).p50)} ms`,
      );
    }
  }
  // The work alone at 1080 x 1350, without decoding and encoding.
  const { data } = await load(astronautPath(), 1350);
  const raw = await sharp(Buffer.from(data), { raw: { width: 1350, height: 1350, channels: 3 } })
    .resize(1080, 1350)
    .raw()
    .toBuffer();
  const stages: Array<[string, (p: Uint8Array) => void]> = [
    ['look table (film_warm)', (p) => applyLut(lookTable('film_warm')!, p, 1, p)],
    ['tone mapping', (p) => toneMap(p, 1080, 1350, 0.6)],
    ['night enhancement', (p) => enhanceNight(p, 1080, 1350, 0.8, 0.6)],
  ];
  for (const [name, work] of stages) {
    const cpu: number[] = [];
    for (let i = 0; i < 12; i++) {
      const pixels = new Uint8Array(raw);
      const c0 = process.cpuUsage();
      work(pixels);
      const c = process.cpuUsage(c0);
      if (i >= 2) cpu.push((c.user + c.system) / 1000);
    }
    console.log(`${name} alone, 1080 x 1350: CPU p50 ${f1(summarize(cpu).p50)} ms`);
  }
  // JPEG encoding (quality 92) with and without per-image Huffman tables (encode.ts uses the standard ones).
  for (const optimiseCoding of [true, false]) {
    const cpu: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 12; i++) {
      const c0 = process.cpuUsage();
      bytes = (
        await sharp(raw, { raw: { width: 1080, height: 1350, channels: 3 } })
          .jpeg({ quality: 92, optimiseCoding })
          .toBuffer()
      ).length;
      const c = process.cpuUsage(c0);
      if (i >= 2) cpu.push((c.user + c.system) / 1000);
    }
    console.log(
      `JPEG q92 ${optimiseCoding ? 'optimised' : 'standard'} Huffman tables, 1080 x 1350: CPU p50 ${f1(summarize(cpu).p50)} ms, ${bytes} bytes`,
    );
  }
}

const [what, set] = process.argv.slice(2);
const sets = await photoSets();
const chosen = set === 'tune' ? { tune: sets.tune } : set === 'report' ? { report: sets.report } : sets;
if (!what || what === 'hdr')
  for (const [name, files] of Object.entries(chosen)) {
    console.log(`\nHDR, ${name} set (strength 60, radius ${HDR_RULES.radius}, eps ${HDR_RULES.eps})`);
    await measureHdr(files);
  }
if (!what || what === 'night')
  for (const [name, files] of Object.entries(chosen)) {
    console.log(`\nNight, ${name} set (strength 80, denoise 60; gamma ${NIGHT_RULES.gamma})`);
    await measureNight(files);
  }
if (!what || what === 'looks')
  for (const [name, files] of Object.entries(chosen)) {
    console.log(`\nLooks, ${name} set (320 px)`);
    await measureLooks(files);
  }
if (what === 'speed') {
  console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  await measureSpeed();
}

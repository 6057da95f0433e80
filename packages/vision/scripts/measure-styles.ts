/**
 * Quality and speed figures of the style tasks (docs/quality.md, "Cartoon, line art and art
 * styles"):
 *
 *   node --import tsx packages/vision/scripts/measure-styles.ts [stats|faces [tune|report [name prefix]]|speed [name prefix]]
 *
 * (no argument: stats and faces on both sets; prefix `taskset -c 0` for speed).
 *
 * stats: for each style (4 cartoon, line art, 6 art styles) and the photo itself, on each photo
 *   set (see photos()): colours (4-bit-per-channel bins each holding at least
 *   0.1 % of the pixels), edge density (share of pixels whose Sobel gradient of the grey exceeds
 *   100 levels), mean HSV saturation and mean grey; the mean over the photos. Then how far apart
 *   the styles are: for each pair, the largest of their differences in those statistics relative
 *   to the photo set's spread; the closest pair is printed.
 * faces: the faces of the input (counted by eye: test/fixtures.ts GROUP_FACES, one in each
 *   portrait) and, for each style, how many of the faces the detector finds in the input it still finds
 *   in the output (a detection whose box overlaps an input detection's by IoU >= 0.3), v2/facepoints
 *   defaults.
 * speed: CPU and wall p50 of each task's engine run (decode, work, JPEG) on the astronaut scaled to
 *   a 1080 x 1350 portrait and at 640 x 640, 9 runs after 3.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import type { FacePointsResult } from '../src/algorithms/face/facepoints-params.ts';
import { facesKept, styleStats, type Stats } from '../test/style-measures.ts';
import { ART_STYLES, CARTOON_STYLES } from '../src/algorithms/image/style-params.ts';
import { astronautPath, GROUP_FACES, groupSamplePath } from '../test/fixtures.ts';
import { beardedMan, manInGlasses, smilingMan } from '../test/labelled.ts';
import { timeTask } from './task-timing.ts';

interface Style {
  name: string;
  task: string;
  params: Record<string, unknown>;
}

export const STYLES: Style[] = [
  ...CARTOON_STYLES.map((style) => ({ name: `cartoon ${style}`, task: 'cartoon', params: { style } })),
  { name: 'line art', task: 'lineart', params: {} },
  ...ART_STYLES.map((style) => ({ name: `art ${style}`, task: 'artstyle', params: { style } })),
];

/**
 * The photos, faces counted by eye. Tuning set (looked at while the styles' constants were set):
 * the astronaut and face-api samples 1, 3 and 5. Report set (not looked at before the figures):
 * face-api samples 2, 4 and 6 and opencv-doc's three portraits of young men (test/labelled.ts).
 */
async function photos(
  set: 'tune' | 'report',
): Promise<Array<{ name: string; image: Buffer; faces: number }>> {
  const list = [];
  for (const k of set === 'tune' ? ([1, 3, 5] as const) : ([2, 4, 6] as const))
    list.push({ name: `sample${k}`, image: readFileSync(groupSamplePath(k)), faces: GROUP_FACES[k] });
  if (set === 'tune')
    list.push({
      name: 'astronaut',
      image: await sharp(astronautPath()).removeAlpha().jpeg({ quality: 92 }).toBuffer(),
      faces: 1,
    });
  else
    for (const [name, load] of [
      ['bearded man', beardedMan],
      ['man in glasses', manInGlasses],
      ['smiling man', smilingMan],
    ] as const)
      list.push({ name, image: await load(), faces: 1 });
  return list;
}

const render = async (s: Style, image: Buffer) =>
  Buffer.from(
    (
      await runTaskInProcess<{ images: { media_data: { bytes: Uint8Array } } }>(s.task, {
        image,
        params: s.params,
      })
    ).images.media_data.bytes,
  );

const f3 = (v: number) => v.toFixed(3);

async function stats(which: 'tune' | 'report') {
  const set = await photos(which);
  console.log(`${which} set: ${set.map((p) => p.name).join(', ')}`);
  const rows: Array<{ name: string; s: Stats }> = [];
  const average = (all: Stats[]): Stats => ({
    colours: all.reduce((a, s) => a + s.colours, 0) / all.length,
    edges: all.reduce((a, s) => a + s.edges, 0) / all.length,
    saturation: all.reduce((a, s) => a + s.saturation, 0) / all.length,
    grey: all.reduce((a, s) => a + s.grey, 0) / all.length,
  });
  rows.push({ name: 'photo', s: average(await Promise.all(set.map((p) => styleStats(p.image)))) });
  for (const style of STYLES) {
    const all: Stats[] = [];
    for (const p of set) all.push(await styleStats(await render(style, p.image)));
    rows.push({ name: style.name, s: average(all) });
  }
  console.log(
    '| rendering | colours | edge density | saturation | mean grey |\n| --- | --- | --- | --- | --- |',
  );
  for (const { name, s } of rows)
    console.log(
      `| ${name} | ${s.colours.toFixed(1)} | ${f3(s.edges)} | ${f3(s.saturation)} | ${s.grey.toFixed(1)} |`,
    );
  // Distance between two styles: the largest difference in any statistic, each statistic divided by
  // its spread (standard deviation) over the styles.
  const keys = ['colours', 'edges', 'saturation', 'grey'] as const;
  const styles = rows.slice(1);
  const spread = Object.fromEntries(
    keys.map((k) => {
      const v = styles.map((r) => r.s[k]);
      const m = v.reduce((a, b) => a + b, 0) / v.length;
      return [k, Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length)];
    }),
  ) as Record<(typeof keys)[number], number>;
  let closest = { a: '', b: '', d: Infinity };
  for (let i = 0; i < styles.length; i++)
    for (let j = i + 1; j < styles.length; j++) {
      const d = Math.max(...keys.map((k) => Math.abs(styles[i]!.s[k] - styles[j]!.s[k]) / spread[k]));
      if (d < closest.d) closest = { a: styles[i]!.name, b: styles[j]!.name, d };
    }
  console.log(
    `closest pair: ${closest.a} / ${closest.b}, largest standardised difference ${closest.d.toFixed(2)}`,
  );
}

async function faces(which: 'tune' | 'report', only?: string) {
  const set = await photos(which);
  console.log(`${which} set: ${set.map((p) => p.name).join(', ')}`);
  const labelled = set.reduce((a, p) => a + p.faces, 0);
  let found = 0;
  for (const p of set)
    found += (await runTaskInProcess<FacePointsResult>('facepoints', { image: p.image })).faces.length;
  console.log(`faces counted by eye: ${labelled}; found by the detector in the photos: ${found}`);
  console.log(
    '| rendering | faces kept (of those found in the photo) | per photo | detections not in the photo |\n| --- | --- | --- | --- |',
  );
  for (const style of STYLES.filter((s) => !only || s.name.startsWith(only))) {
    let kept = 0;
    let extra = 0;
    const per: string[] = [];
    for (const p of set) {
      const r = await facesKept(p.image, await render(style, p.image));
      kept += r.kept;
      extra += r.extra;
      per.push(`${r.kept}/${r.found}`);
    }
    console.log(
      `| ${style.name} | ${kept} / ${found} (${((100 * kept) / found).toFixed(0)} %) | ${per.join(' ')} | ${extra} |`,
    );
  }
}

async function speed(only?: string) {
  const portrait = await sharp(astronautPath())
    .removeAlpha()
    .resize(1080, 1350)
    .jpeg({ quality: 90 })
    .toBuffer();
  const square = await sharp(astronautPath()).removeAlpha().resize(640, 640).jpeg({ quality: 90 }).toBuffer();
  for (const style of STYLES.filter((s) => !only || s.name.startsWith(only))) {
    for (const [image, size] of [
      [portrait, '1080 x 1350'],
      [square, '640 x 640'],
    ] as const) {
      console.log(`${style.name}, ${size}: ${await timeTask(style.task, image, 9, style.params)}`);
    }
  }
}

const what = process.argv[2];
if (what === 'speed') await speed(process.argv[3]);
else {
  const sets = process.argv[3] ? [process.argv[3] as 'tune' | 'report'] : (['tune', 'report'] as const);
  for (const set of sets) {
    if (!what || what === 'stats') await stats(set);
    if (!what || what === 'faces') await faces(set, process.argv[4]);
  }
}

/**
 * Contact sheets of the editing and generation capabilities (face fusion, child fusion, head
 * replacement, cartoon, line art, art styles, beard, stickers, ID photo, AI effects), for rating the
 * pictures by eye (docs/quality.md, "Generated pictures rated by eye"):
 *
 *   node --import tsx packages/vision/scripts/contact-sheet.ts [out-dir] [--only=<sheet>,...]
 *   taskset -c 0 node --single-threaded-gc --import tsx packages/vision/scripts/contact-sheet.ts --speed [--only=...]
 *
 * --extra adds two portraits the fixes of the rated defects were not tuned on (the face-api report
 * crops s3_right and s6_right); --rows=<portrait>,... keeps only those rows.
 *
 * Writes <out-dir> (default /tmp/contact-sheets)/<sheet>.jpg: one row per portrait, one column per
 * variant (template, style, material...), each cell the engine's result scaled to fit 300 px with
 * its label; and full/<sheet>/<portrait>-<variant>.jpg, the results at full size for a closer look.
 * Nothing is written into the repository.
 *
 * --speed: instead, each variant's engine time (decode to JPEG, wall and CPU p50 of 9 runs after 3,
 * scripts/task-timing.ts) on the astronaut scaled to 1080 x 1080, JPEG q90 (the child's second
 * parent: the bearded man).
 *
 * Portraits (licence-clear, none committed): the astronaut (scikit-image, NASA, public domain),
 * opencv-doc's bearded man (face_swapped.jpg) and man in glasses (example.jpg, left copy), and
 * two head-and-shoulders crops of the face-api demo group photos (MIT; test/fusion-photos.ts's
 * report set: s1_middle, s4_second).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import { FUSION_TEMPLATES } from '../src/algorithms/face/facefuse-params.ts';
import { BEARD_STYLES } from '../src/algorithms/face/beard-params.ts';
import { STICKER_MATERIALS } from '../src/algorithms/face/stickers-params.ts';
import { ART_STYLES, CARTOON_STYLES } from '../src/algorithms/image/style-params.ts';
import { EFFECTS } from '../src/algorithms/image/effects-params.ts';
import { astronautPath } from '../test/fixtures.ts';
import { timeTask } from './task-timing.ts';
import { cropOf, REPORT_CROPS } from '../test/fusion-photos.ts';
import { beardedMan, manInGlasses } from '../test/labelled.ts';

const args = process.argv.slice(2);
const outDir = args.find((a) => !a.startsWith('--')) ?? '/tmp/contact-sheets';
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const rowsWanted = args
  .find((a) => a.startsWith('--rows='))
  ?.slice(7)
  .split(',');
const CELL = 300;
const LABEL = 22;

const portraits: Record<string, Buffer> = {
  astronaut: await sharp(fs.readFileSync(astronautPath())).jpeg({ quality: 95 }).toBuffer(),
  bearded: await beardedMan(),
  glasses: await manInGlasses(),
  s1_middle: await cropOf(REPORT_CROPS.s1_middle!),
  s4_second: await cropOf(REPORT_CROPS.s4_second!),
  ...(args.includes('--extra')
    ? { s3_right: await cropOf(REPORT_CROPS.s3_right!), s6_right: await cropOf(REPORT_CROPS.s6_right!) }
    : {}),
};

interface Variant {
  label: string;
  task: string;
  params: Record<string, unknown>;
}
interface Sheet {
  name: string;
  variants: Variant[];
  /** Portraits of the rows (default: all). */
  rows?: string[];
  /** Params computed from the row's portrait (the child's second parent). */
  perRow?: (portrait: string) => Record<string, unknown>;
}

const fusionTemplates = FUSION_TEMPLATES.map((t) => ({
  label: t,
  task: 'facefuse',
  params: { template: t },
}));
// The child's second parent: the next portrait in the list.
const names = Object.keys(portraits);
const other = (p: string) => portraits[names[(names.indexOf(p) + 1) % names.length]!]!;

const SHEETS: Sheet[] = [
  { name: 'facefuse', variants: fusionTemplates },
  {
    name: 'facefusechild',
    variants: (['boy', 'girl'] as const).flatMap((gender) =>
      [50, 80].map((weight) => ({
        label: `${gender} ${weight}`,
        task: 'facefusechild',
        params: { gender, weight },
      })),
    ),
    perRow: (p) => ({ secondImage: other(p) }),
  },
  {
    name: 'headreplace',
    variants: FUSION_TEMPLATES.map((t) => ({ label: t, task: 'headreplace', params: { template: t } })),
  },
  {
    name: 'cartoon',
    variants: [
      ...CARTOON_STYLES.map((s) => ({ label: s, task: 'cartoon', params: { style: s } })),
      ...[1, 3, 5].map((w) => ({ label: `lineart w${w}`, task: 'lineart', params: { lineWeight: w } })),
    ],
  },
  {
    name: 'artstyle',
    variants: ART_STYLES.map((s) => ({ label: s, task: 'artstyle', params: { style: s } })),
  },
  {
    name: 'beard',
    variants: BEARD_STYLES.map((s, i) => ({
      label: s,
      task: 'beard',
      params: { style: s, color: ['black', 'brown', 'black', 'brown', 'black', 'grey', 'brown'][i] },
    })),
  },
  {
    name: 'stickers',
    variants: STICKER_MATERIALS.map((m) => ({ label: m, task: 'emojmaterial', params: { materials: m } })),
  },
  {
    name: 'idphoto',
    variants: [
      { label: '1inch white', task: 'idphoto', params: { spec: '1inch', bgColor: 'white' } },
      { label: '2inch blue', task: 'idphoto', params: { spec: '2inch', bgColor: 'blue' } },
      { label: 'passport red', task: 'idphoto', params: { spec: 'passport', bgColor: 'red' } },
    ],
  },
  {
    name: 'aieffects',
    variants: EFFECTS.map((e) => ({ label: e, task: 'aieffects', params: { effect: e } })),
  },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const label = (text: string, width: number) =>
  Buffer.from(
    `<svg width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#222"/>` +
      `<text x="4" y="16" font-family="sans-serif" font-size="14" fill="#fff">${escape(text)}</text></svg>`,
  );

async function cell(bytes: Buffer | undefined, text: string): Promise<Buffer> {
  const base = sharp({ create: { width: CELL, height: CELL + LABEL, channels: 3, background: '#777' } });
  const layers: sharp.OverlayOptions[] = [{ input: label(text, CELL), left: 0, top: 0 }];
  if (bytes) {
    const fit = await sharp(bytes)
      .resize(CELL, CELL, { fit: 'inside' })
      .toBuffer({ resolveWithObject: true });
    layers.push({
      input: fit.data,
      left: (CELL - fit.info.width) >> 1,
      top: LABEL + ((CELL - fit.info.height) >> 1),
    });
  }
  return base.composite(layers).png().toBuffer();
}

if (args.includes('--speed')) {
  const portrait = await sharp(astronautPath())
    .removeAlpha()
    .resize(1080, 1080)
    .jpeg({ quality: 90 })
    .toBuffer();
  for (const sheet of SHEETS) {
    if (only && !only.includes(sheet.name)) continue;
    for (const v of sheet.variants) {
      const params = { ...v.params, ...sheet.perRow?.('astronaut') };
      console.log(`${sheet.name} ${v.label}: ${await timeTask(v.task, portrait, 9, params)}`);
    }
  }
  process.exit(0);
}

fs.mkdirSync(outDir, { recursive: true });
for (const sheet of SHEETS) {
  if (only && !only.includes(sheet.name)) continue;
  const rows = (sheet.rows ?? names).filter((r) => !rowsWanted || rowsWanted.includes(r));
  const full = path.join(outDir, 'full', sheet.name);
  fs.mkdirSync(full, { recursive: true });
  const cells: sharp.OverlayOptions[] = [];
  const cols = sheet.variants.length + 1;
  for (const [r, portrait] of rows.entries()) {
    const image = portraits[portrait]!;
    cells.push({ input: await cell(image, portrait), left: 0, top: r * (CELL + LABEL) });
    for (const [c, v] of sheet.variants.entries()) {
      let bytes: Buffer | undefined;
      let text = v.label;
      try {
        const result = await runTaskInProcess<{
          images?: { media_data: { bytes: Uint8Array } };
          refused?: string;
        }>(v.task, { image, params: { ...v.params, ...sheet.perRow?.(portrait) } });
        if (result.images) {
          bytes = Buffer.from(result.images.media_data.bytes);
          fs.writeFileSync(path.join(full, `${portrait}-${v.label.replace(/\s+/g, '_')}.jpg`), bytes);
        } else text += ` refused: ${result.refused}`;
      } catch (e) {
        text += ` error: ${(e as Error).message.slice(0, 40)}`;
      }
      cells.push({ input: await cell(bytes, text), left: (c + 1) * CELL, top: r * (CELL + LABEL) });
    }
  }
  await sharp({
    create: { width: cols * CELL, height: rows.length * (CELL + LABEL), channels: 3, background: '#000' },
  })
    .composite(cells)
    .jpeg({ quality: 88 })
    .toFile(path.join(outDir, `${sheet.name}.jpg`));
  console.log(`${sheet.name}: ${rows.length} x ${sheet.variants.length}`);
}

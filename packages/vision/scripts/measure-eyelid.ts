/**
 * The eyelid attribute (appearance.ts, APPEARANCE_RULES.eyelidCrease) against person-made labels
 * (test/fixtures/eyelid-labels.json: the Face Research Lab London Set's 102 neutral portraits and
 * the accessory photos; labelled by eye before any eyelid code ran on them), docs/quality.md
 * "Eyelids":
 *
 *   node --import tsx packages/vision/scripts/measure-eyelid.ts [tune|report|record] [--faces] [--scale f]
 *
 * tune, report: the faces of that half labelled single or double: the crease measure of each (with
 *   --faces), the answer's counts against the labels at the shipped cut, and how the counts move at
 *   other cuts (the tune half's table is the one a cut may be chosen from; the report half's is
 *   printed, never used to choose).
 * --scale f: every photo scaled by f first (sharp, Lanczos): how the fold holds on smaller faces
 *   (the quality runs use 0.5: faces half as wide).
 * record: FaceRes gender and age against the London Set's self-reported gender and age (both
 *   halves; no threshold is set from them): gender right, and age error per age band.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis } from '../src/algorithms/face/analysis.ts';
import type { FaceAnalysisFace } from '../src/algorithms/face/analysis-params.ts';
import { APPEARANCE_RULES } from '../src/algorithms/face/appearance.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { EYELID_LABELS } from '../test/eyelid-labels.ts';
import { photoPath } from '../test/fixtures.ts';

const what = process.argv[2] ?? 'tune';
const verbose = process.argv.includes('--faces');
const scaleAt = process.argv.indexOf('--scale');
const scale = scaleAt > 0 ? Number(process.argv[scaleAt + 1]) : 1;

await initTf();
const models = await faceanalysis.loadModels();
await faceanalysis.warmup(models);
const params = faceanalysis.parseParams({ faceres: true, appearance: true });

/** The largest face of a photo (the person it is of). */
async function largestFace(file: string): Promise<FaceAnalysisFace | undefined> {
  let bytes: Buffer = readFileSync(await photoPath(file));
  if (scale !== 1) {
    const meta = await sharp(bytes).metadata();
    bytes = await sharp(bytes)
      .resize(Math.round(meta.width! * scale))
      .png()
      .toBuffer();
  }
  const image = await decodeImage(bytes, undefined, faceanalysis.decode);
  const res = await faceanalysis.run(image, params, models);
  return [...res.faces].sort((a, b) => b.rectangle.width - a.rectangle.width)[0];
}

async function measureEyelids(half: 'tune' | 'report'): Promise<void> {
  const rows: Array<{ id: string; label: 'single' | 'double'; crease: number | null }> = [];
  const faceWidths: number[] = [];
  const widths = () => {
    const w = [...faceWidths].sort((a, b) => a - b);
    return w.length
      ? `${Math.round(w[0]!)}-${Math.round(w[w.length - 1]!)} px (median ${Math.round(w[w.length >> 1]!)})`
      : 'none';
  };
  for (const [id, p] of Object.entries(EYELID_LABELS)) {
    if (p.set !== half || p.eyelid === null) continue;
    const face = await largestFace(p.file);
    const crease = face?.appearance?.measures.eyelidCrease ?? null;
    if (face) faceWidths.push(face.rectangle.width);
    rows.push({ id, label: p.eyelid, crease });
    if (verbose)
      console.log(
        `${id} ${p.eyelid.padEnd(6)} ${crease === null ? 'no face' : `crease ${crease.toFixed(3)} -> ${face!.appearance!.eyelid.value}`}`,
      );
  }
  const measured = rows.filter((r) => r.crease !== null);
  const single = measured.filter((r) => r.label === 'single');
  const double = measured.filter((r) => r.label === 'double');
  const at = (cut: number) => {
    const dd = double.filter((r) => r.crease! >= cut).length;
    const ss = single.filter((r) => r.crease! < cut).length;
    return `double said on ${dd} of ${double.length} double, single said on ${ss} of ${single.length} single; right ${dd + ss} of ${measured.length}`;
  };
  const cut = APPEARANCE_RULES.eyelidCrease;
  console.log(
    `${half}${scale !== 1 ? ` (photos scaled by ${scale})` : ''}: ${rows.length} faces labelled single or double, ${rows.length - measured.length} not found; face widths ${widths()}`,
  );
  console.log(`at the shipped cut ${cut}: ${at(cut)}`);
  console.log(
    `constant "double": right ${double.length} of ${measured.length}; creases of the single eyelids: ${single
      .map((r) => r.crease!.toFixed(3))
      .join(', ')}`,
  );
  const sorted = double.map((r) => r.crease!).sort((a, b) => a - b);
  const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]!.toFixed(3);
  console.log(`creases of the double eyelids: 10th ${q(0.1)}, median ${q(0.5)}, 90th percentile ${q(0.9)}`);
  for (const c of [0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.12, 0.15]) console.log(`  cut ${c}: ${at(c)}`);
}

async function measureRecord(): Promise<void> {
  const bands = [
    [0, 25],
    [25, 30],
    [30, 40],
    [40, 100],
  ] as const;
  const errors = new Map<string, number[]>(bands.map(([a, b]) => [`${a}-${b - 1}`, []]));
  let found = 0;
  let genderRight = 0;
  let n = 0;
  for (const [id, p] of Object.entries(EYELID_LABELS)) {
    if (!p.record) continue;
    n++;
    const face = await largestFace(p.file);
    if (face?.age === undefined || !face.gender) continue;
    found++;
    const gender = face.gender.value === 1 ? 'male' : 'female';
    if (gender === p.record.gender) genderRight++;
    const band = bands.find(([a, b]) => p.record!.age >= a && p.record!.age < b)!;
    errors.get(`${band[0]}-${band[1] - 1}`)!.push(face.age - p.record.age);
    if (verbose) console.log(`${id} ${p.record.gender} ${p.record.age}: ${gender} ${face.age.toFixed(1)}`);
  }
  console.log(`London Set: ${found} of ${n} faces found; FaceRes gender right on ${genderRight} of ${found}`);
  console.log('| self-reported age | faces | mean absolute error | mean signed error (answer - record) |');
  console.log('| --- | --- | --- | --- |');
  for (const [band, e] of errors) {
    if (!e.length) continue;
    const mae = e.reduce((s, v) => s + Math.abs(v), 0) / e.length;
    const mse = e.reduce((s, v) => s + v, 0) / e.length;
    console.log(`| ${band} | ${e.length} | ${mae.toFixed(1)} | ${mse >= 0 ? '+' : ''}${mse.toFixed(1)} |`);
  }
}

if (what === 'record') await measureRecord();
else await measureEyelids(what === 'report' ? 'report' : 'tune');

/**
 * The shipped face attributes against the independent face set (test/fixtures/face-eval.json:
 * 96 public-domain congressional portraits, one per person, labelled by eye before any model ran
 * on them, with gender and birthday from a CC0 record), docs/quality.md "Independent face set":
 *
 *   node --import tsx packages/vision/scripts/measure-face-eval.ts [--faces]
 *
 * Per set (tune, report): faces found; gender (FaceRes, as served; GEAR for comparison) against
 * the record; age (FaceRes; GEAR) against the age in 2022 from the birthday: mean absolute error,
 * mean signed error, share within 10 years; glasses and beard (appearance.ts rules, and the beard probe served)
 * against the eye labels; gender by skin-tone label. Then the face-compare score (cosine x 100 of
 * the FaceRes descriptors, as v1/compare answers) on every pair of different people, all of them
 * strangers: how many reach the shipped same-person threshold (60), overall and for pairs of the
 * same gender, the same skin label and ages within 10 years. Last, the 50 people on two different
 * photos ('pairs'): per set, false rejects (same person under the threshold) and false accepts
 * (different people at or over it: every two people of the set, one photo each, plus the
 * portraits' strangers of the same set) at several thresholds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeImage } from '../src/image/decode.ts';
import { faceanalysis } from '../src/algorithms/face/analysis.ts';
import type { FaceAnalysisFace } from '../src/algorithms/face/analysis-params.ts';
import { cosineSimilarity, SAME_PERSON_THRESHOLD as SAME_PERSON } from '../src/algorithms/face/compare.ts';
import { initTf } from '../src/runtime/tfjs.ts';
import { photoPath } from '../test/fixtures.ts';

type Set = 'tune' | 'report';
interface EvalFace {
  set: Set;
  sheet_id: string;
  eye: { gender: 'male' | 'female'; glasses: 'none' | 'clear' | 'sun'; beard: string; skin: string };
  record: { name: string; bioguide: string; gender: 'male' | 'female'; birthday: string };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const EVAL = JSON.parse(readFileSync(path.join(here, '../test/fixtures/face-eval.json'), 'utf8')) as {
  faces: Record<string, EvalFace>;
  pairs: Record<
    string,
    {
      set: Set;
      photos: [string, string];
      eye: Array<{ gender: 'male' | 'female' | null; glasses: string; beard: string; skin: string }>;
    }
  >;
};
const FACES = EVAL.faces;

/** Portrait year assumed for ages (the 117th Congress); the portraits carry no date. */
const YEAR = 2022;

const verbose = process.argv.includes('--faces');
await initTf();
const models = await faceanalysis.loadModels();
await faceanalysis.warmup(models);
const params = faceanalysis.parseParams({ faceres: true, descriptor: true, gear: true, appearance: true });

/** Every face found on a photo, and the largest (the person the photo is of). */
async function analyse(file: string): Promise<{ found: number; face?: FaceAnalysisFace }> {
  const image = await decodeImage(readFileSync(await photoPath(file)), undefined, faceanalysis.decode);
  const res = await faceanalysis.run(image, params, models);
  return {
    found: res.faces.length,
    face: [...res.faces].sort((a, b) => b.rectangle.width - a.rectangle.width)[0],
  };
}

/** The face-compare score of two descriptors, as the API answers it. */
const score = (a: number[], b: number[]) => 100 * cosineSimilarity(a, b);

/** The glasses answer an eye label stands for. */
const glassesAnswer = (eye: string) => (eye === 'none' ? 'none' : eye === 'sun' ? 'sunglasses' : 'glasses');

interface Row {
  file: string;
  label: EvalFace;
  age: number;
  face?: FaceAnalysisFace;
  found: number;
}
const rows: Row[] = [];
for (const [file, label] of Object.entries(FACES)) {
  const { found, face } = await analyse(file);
  const age = YEAR - Number(label.record.birthday.slice(0, 4));
  rows.push({ file, label, age, face, found });
  if (verbose)
    console.log(
      `${label.sheet_id} ${file} (${label.set}) faces ${found}; record ${label.record.gender} ${age}; ` +
        (face
          ? `faceres ${face.gender?.value ? 'male' : 'female'} ${face.age?.toFixed(1)}; gear ${face.gear?.gender.value ? 'male' : 'female'} ${face.gear?.age.toFixed(1)}; ` +
            `glasses ${face.appearance?.glasses.value} (eye ${label.eye.glasses}), beard ${face.appearance?.beard.value} (eye ${label.eye.beard})`
          : 'no face'),
    );
}

const pct = (a: number, b: number) => `${a}/${b} (${b ? ((100 * a) / b).toFixed(0) : '-'} %)`;
const asGender = (v: 0 | 1 | undefined) => (v === 1 ? 'male' : v === 0 ? 'female' : undefined);

for (const set of ['tune', 'report'] as const) {
  const rs = rows.filter((r) => r.label.set === set);
  const withFace = rs.filter((r) => r.face);
  console.log(
    `\n== ${set} set: ${rs.length} photos, ${rs.filter((r) => r.label.record.gender === 'female').length} women`,
  );
  console.log(
    `one face found: ${pct(rs.filter((r) => r.found === 1).length, rs.length)}; more than one: ${rs.filter((r) => r.found > 1).length}`,
  );
  for (const [model, gender, age] of [
    ['FaceRes (served)', (f: FaceAnalysisFace) => asGender(f.gender?.value), (f: FaceAnalysisFace) => f.age],
    ['GEAR', (f: FaceAnalysisFace) => asGender(f.gear?.gender.value), (f: FaceAnalysisFace) => f.gear?.age],
  ] as const) {
    const right = withFace.filter((r) => gender(r.face!) === r.label.record.gender);
    const men = withFace.filter((r) => r.label.record.gender === 'male');
    const women = withFace.filter((r) => r.label.record.gender === 'female');
    const errs = withFace.map((r) => (age(r.face!) ?? NaN) - r.age).filter((e) => Number.isFinite(e));
    const mae = errs.reduce((a, e) => a + Math.abs(e), 0) / errs.length;
    const bias = errs.reduce((a, e) => a + e, 0) / errs.length;
    console.log(
      `${model}: gender right ${pct(right.length, withFace.length)} (men ${men.filter((r) => gender(r.face!) === 'male').length}/${men.length}, ` +
        `women ${women.filter((r) => gender(r.face!) === 'female').length}/${women.length}); age error mean abs ${mae.toFixed(1)} y, ` +
        `mean ${bias >= 0 ? '+' : ''}${bias.toFixed(1)} y, within 10 y ${pct(errs.filter((e) => Math.abs(e) <= 10).length, errs.length)}`,
    );
  }
  for (const skin of ['light', 'medium', 'dark']) {
    const s = withFace.filter((r) => r.label.eye.skin === skin);
    console.log(
      `  skin ${skin}: FaceRes gender right ${pct(s.filter((r) => asGender(r.face!.gender?.value) === r.label.record.gender).length, s.length)}`,
    );
  }
  const glasses = (r: Row) => glassesAnswer(r.label.eye.glasses);
  const gRight = withFace.filter((r) => r.face!.appearance?.glasses.value === glasses(r));
  const withG = withFace.filter((r) => glasses(r) !== 'none');
  const without = withFace.filter((r) => glasses(r) === 'none');
  console.log(
    `glasses (heuristic): right ${pct(gRight.length, withFace.length)}; found on ${withG.filter((r) => r.face!.appearance?.glasses.value !== 'none').length}/${withG.length} with glasses; ` +
      `said on ${without.filter((r) => r.face!.appearance?.glasses.value !== 'none').length}/${without.length} without`,
  );
  const bearded = withFace.filter((r) => r.label.eye.beard !== 'none');
  const shaven = withFace.filter((r) => r.label.eye.beard === 'none');
  console.log(
    `beard (heuristic, moustache and stubble count as beard): found on ${bearded.filter((r) => r.face!.appearance?.beard.value === 1).length}/${bearded.length} with; ` +
      `said on ${shaven.filter((r) => r.face!.appearance?.beard.value === 1).length}/${shaven.length} without (men ${shaven.filter((r) => r.label.record.gender === 'male' && r.face!.appearance?.beard.value === 1).length}/${shaven.filter((r) => r.label.record.gender === 'male').length}, women ${shaven.filter((r) => r.label.record.gender === 'female' && r.face!.appearance?.beard.value === 1).length}/${shaven.filter((r) => r.label.record.gender === 'female').length})`,
  );
  console.log(
    `beard (served: the probe on FaceRes's descriptor): found on ${bearded.filter((r) => r.face!.beard?.value === 1).length}/${bearded.length} with; ` +
      `said on ${shaven.filter((r) => r.face!.beard?.value === 1).length}/${shaven.length} without (men ${shaven.filter((r) => r.label.record.gender === 'male' && r.face!.beard?.value === 1).length}/${shaven.filter((r) => r.label.record.gender === 'male').length})`,
  );
}

// Age error by the record's age band, both halves together (FaceRes as served; GEAR).
{
  const found = rows.filter((r) => r.face?.age !== undefined);
  const bands: Array<[string, (a: number) => boolean]> = [
    ['under 50', (a) => a < 50],
    ['50-64', (a) => a >= 50 && a < 65],
    ['65 and over', (a) => a >= 65],
  ];
  console.log('\n== age error by record age (both halves)');
  for (const [name, inBand] of bands) {
    const rs = found.filter((r) => inBand(r.age));
    const mean = (f: (r: Row) => number) => (rs.reduce((a, r) => a + f(r), 0) / rs.length).toFixed(1);
    console.log(
      `${name}: ${rs.length} faces, FaceRes mean error ${mean((r) => r.face!.age! - r.age)} y, GEAR ${mean((r) => (r.face!.gear?.age ?? NaN) - r.age)} y`,
    );
  }
  console.log(`highest age FaceRes answered: ${Math.max(...found.map((r) => r.face!.age!)).toFixed(1)}`);
}

// Strangers: every pair of two different people (all 96; no threshold is chosen from them).
const withDesc = rows.filter((r) => r.face?.descriptor);
const pairs: Array<{ score: number; sameGender: boolean; sameSkin: boolean; closeAge: boolean }> = [];
for (let i = 0; i < withDesc.length; i++)
  for (let j = i + 1; j < withDesc.length; j++) {
    const a = withDesc[i]!;
    const b = withDesc[j]!;
    pairs.push({
      score: score(a.face!.descriptor!, b.face!.descriptor!),
      sameGender: a.label.record.gender === b.label.record.gender,
      sameSkin: a.label.eye.skin === b.label.eye.skin,
      closeAge: Math.abs(a.age - b.age) <= 10,
    });
  }
const summary = (name: string, ps: typeof pairs) => {
  const s = ps.map((p) => p.score).sort((x, y) => x - y);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))]!.toFixed(1);
  console.log(
    `${name}: ${ps.length} pairs, score median ${q(0.5)}, 99th percentile ${q(0.99)}, max ${s[s.length - 1]!.toFixed(1)}; ` +
      `at or above ${SAME_PERSON} (a false "same person"): ${ps.filter((p) => p.score >= SAME_PERSON).length}; above 50: ${ps.filter((p) => p.score >= 50).length}`,
  );
};
console.log(`\n== face compare on strangers (${withDesc.length} faces with a descriptor)`);
summary('all pairs of different people', pairs);
summary(
  'same gender',
  pairs.filter((p) => p.sameGender),
);
summary(
  'same gender, same skin label, ages within 10 years',
  pairs.filter((p) => p.sameGender && p.sameSkin && p.closeAge),
);

// Same person on two photos (the 18F pairs) against strangers, per set.
const pairFaces = new Map<string, FaceAnalysisFace | undefined>();
const descriptorOf = async (file: string) => {
  const { face } = await analyse(file);
  pairFaces.set(file, face);
  return face?.descriptor;
};
console.log('\n== same person on two different photos (18F staff) against different people');
for (const set of ['tune', 'report'] as const) {
  const people = Object.entries(EVAL.pairs).filter(([, p]) => p.set === set);
  const same: number[] = [];
  const firsts: number[][] = [];
  let noFace = 0;
  for (const [name, p] of people) {
    const [a, b] = await Promise.all(p.photos.map(descriptorOf));
    if (!a || !b) {
      noFace++;
      if (verbose) console.log(`${name}: no face on ${!a ? p.photos[0] : p.photos[1]}`);
      continue;
    }
    same.push(score(a, b));
    firsts.push(a);
    if (verbose) console.log(`${name} (${set}): ${score(a, b).toFixed(1)}`);
  }
  const diff: number[] = [];
  for (let i = 0; i < firsts.length; i++)
    for (let j = i + 1; j < firsts.length; j++) diff.push(score(firsts[i]!, firsts[j]!));
  const portraits = withDesc.filter((r) => r.label.set === set);
  for (let i = 0; i < portraits.length; i++)
    for (let j = i + 1; j < portraits.length; j++)
      diff.push(score(portraits[i]!.face!.descriptor!, portraits[j]!.face!.descriptor!));
  const sorted = [...same].sort((x, y) => x - y);
  console.log(
    `${set}: ${people.length} people (${noFace} without a face on one photo), same-person scores min ${sorted[0]?.toFixed(1)}, ` +
      `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)}, max ${sorted[sorted.length - 1]?.toFixed(1)}; ${diff.length} pairs of different people`,
  );
  console.log('| threshold | false rejects (same person) | false accepts (different people) |');
  console.log('| --- | --- | --- |');
  for (const t of [40, 45, 50, 55, 60, 65, 70])
    console.log(
      `| ${t}${t === SAME_PERSON ? ' (shipped)' : ''} | ${pct(same.filter((x) => x < t).length, same.length)} | ` +
        `${diff.filter((x) => x >= t).length}/${diff.length} (${((100 * diff.filter((x) => x >= t).length) / diff.length).toFixed(2)} %) |`,
    );
}

// The pair photos' own labels: gender on each person's first photo (one photo per person), glasses
// and beard on every photo (a person's two photos are two photos, not two people).
console.log('\n== attributes on the 18F pair photos');
for (const set of ['tune', 'report'] as const) {
  const people = Object.values(EVAL.pairs).filter((p) => p.set === set);
  const firsts = people.filter((p) => p.eye[0]!.gender && pairFaces.get(p.photos[0]));
  const gRight = firsts.filter(
    (p) => asGender(pairFaces.get(p.photos[0])!.gender?.value) === p.eye[0]!.gender,
  );
  const photos = people.flatMap((p) =>
    p.photos.map((file, i) => ({ file, eye: p.eye[i]!, face: pairFaces.get(file) })),
  );
  const found = photos.filter((p) => p.face);
  const said = (p: (typeof found)[number]) => p.face!.appearance?.glasses.value;
  const by = (g: string) => found.filter((p) => p.eye.glasses === g);
  const line = (g: string) => {
    const ps = by(g);
    const answers = ['none', 'glasses', 'sunglasses'].map(
      (a) => `${a} ${ps.filter((p) => said(p) === a).length}`,
    );
    return `${g} (${ps.length}): ${answers.join(', ')}`;
  };
  const bearded = found.filter((p) => p.eye.beard !== 'none');
  const full = found.filter((p) => p.eye.beard === 'beard');
  const shaven = found.filter((p) => p.eye.beard === 'none');
  console.log(
    `${set}: ${people.length} people, ${photos.length} photos, a face on ${found.length}; FaceRes gender on first photos ` +
      `${pct(gRight.length, firsts.length)}; glasses right ${pct(found.filter((p) => said(p) === glassesAnswer(p.eye.glasses)).length, found.length)} ` +
      `(${['none', 'clear', 'sun'].map(line).join('; ')}); beard found on ${bearded.filter((p) => p.face!.appearance?.beard.value === 1).length}/${bearded.length} ` +
      `with any (full beards ${full.filter((p) => p.face!.appearance?.beard.value === 1).length}/${full.length}), said on ` +
      `${shaven.filter((p) => p.face!.appearance?.beard.value === 1).length}/${shaven.length} without; the served probe on FaceRes's ` +
      `descriptor: found on ${bearded.filter((p) => p.face!.beard?.value === 1).length}/${bearded.length} (full beards ` +
      `${full.filter((p) => p.face!.beard?.value === 1).length}/${full.length}), said on ${shaven.filter((p) => p.face!.beard?.value === 1).length}/${shaven.length} without`,
  );
}

// The tuning half's values the glasses and beard cuts of appearance.ts were read from (portraits
// and 18F photos of the tuning half; the report half is never read here).
{
  const tune = [
    ...rows
      .filter((r) => r.label.set === 'tune' && r.face?.appearance)
      .map((r) => ({ eye: r.label.eye, face: r.face! })),
    ...Object.values(EVAL.pairs)
      .filter((p) => p.set === 'tune')
      .flatMap((p) => p.photos.map((file, i) => ({ eye: p.eye[i]!, face: pairFaces.get(file) })))
      .filter((p): p is { eye: (typeof p)['eye']; face: FaceAnalysisFace } => Boolean(p.face?.appearance)),
  ];
  const m = (p: (typeof tune)[number]) => p.face.appearance!.measures;
  const sorted = (v: number[]) =>
    v
      .sort((a, b) => a - b)
      .map((x) => x.toFixed(3))
      .join(', ');
  // Fewest errors of a cut "measure > t means clear glasses" over faces with none or clear glasses.
  const bestCut = (f: (p: (typeof tune)[number]) => number) => {
    const ps = tune.filter((p) => p.eye.glasses !== 'sun');
    let best = { errors: Infinity, t: 0 };
    for (const t of ps.map(f)) {
      const errors = ps.filter((p) => f(p) >= t !== (p.eye.glasses === 'clear')).length;
      if (errors < best.errors) best = { errors, t };
    }
    return `${best.errors} errors of ${ps.length} at ${best.t.toFixed(3)}`;
  };
  console.log(`\n== the tuning half's values behind the glasses and beard cuts (${tune.length} faces)`);
  console.log(`best single cut, frame-edge ratio (glassesEdges): ${bestCut((p) => m(p).glassesEdges)}`);
  console.log(`best single cut, bridge line (glassesBridgeLine): ${bestCut((p) => m(p).glassesBridgeLine)}`);
  console.log(
    `bridge line, clear glasses: ${sorted(tune.filter((p) => p.eye.glasses === 'clear').map((p) => m(p).glassesBridgeLine))}`,
  );
  console.log(
    `bridge line, no glasses, highest five: ${sorted(
      tune.filter((p) => p.eye.glasses === 'none').map((p) => m(p).glassesBridgeLine),
    )
      .split(', ')
      .slice(-5)
      .join(', ')}`,
  );
  console.log(
    `eye darkness, sunglasses: ${sorted(tune.filter((p) => p.eye.glasses === 'sun').map((p) => m(p).eyeDarkness))}; without, lowest three: ${sorted(
      tune.filter((p) => p.eye.glasses !== 'sun').map((p) => m(p).eyeDarkness),
    )
      .split(', ')
      .slice(0, 3)
      .join(', ')}`,
  );
  console.log(
    `beard darkness, full beards: ${sorted(tune.filter((p) => p.eye.beard === 'beard').map((p) => m(p).beardDarkness))}; no beard, lowest three: ${sorted(
      tune.filter((p) => p.eye.beard === 'none').map((p) => m(p).beardDarkness),
    )
      .split(', ')
      .slice(0, 3)
      .join(', ')}`,
  );
}

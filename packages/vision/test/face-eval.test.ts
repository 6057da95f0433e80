import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cosineSimilarity, runTaskInProcess, SAME_PERSON_THRESHOLD } from '../src/index.ts';
import type { FaceAnalysisResult } from '../src/algorithms/face/analysis-params.ts';
import { photoPath } from './fixtures.ts';

// The report half of the independent face set (fixtures/face-eval.json: public-domain
// congressional portraits, one per person, gender from a public record, glasses labelled by eye
// before any model ran). docs/quality.md, "Independent face set", gives the figures these bounds
// sit just under: a model or rule change that loses more fails here.
interface EvalFace {
  set: 'tune' | 'report';
  eye: { glasses: 'none' | 'clear' | 'sun' };
  record: { gender: 'male' | 'female' };
}
interface EvalPair {
  set: 'tune' | 'report';
  photos: [string, string];
  eye: Array<{ glasses: 'none' | 'clear' | 'sun'; beard: string }>;
}
const here = path.dirname(fileURLToPath(import.meta.url));
const EVAL = JSON.parse(readFileSync(path.join(here, 'fixtures/face-eval.json'), 'utf8')) as {
  faces: Record<string, EvalFace>;
  pairs: Record<string, EvalPair>;
};
const faces = Object.entries(EVAL.faces).filter(([, f]) => f.set === 'report');

/** faceanalysis on a fixture photo with `params`. */
const analyse = async (file: string, params: Record<string, unknown>) =>
  runTaskInProcess<FaceAnalysisResult>('faceanalysis', {
    image: readFileSync(await photoPath(file)),
    params,
  });

describe('faceanalysis on the independent face set (report half)', () => {
  const results = new Map<string, FaceAnalysisResult>();
  beforeAll(async () => {
    for (const [file] of faces) results.set(file, await analyse(file, { faceres: true, appearance: true }));
  }, 120_000);

  it('finds exactly one face on each of the 48 portraits', () => {
    expect(faces).toHaveLength(48);
    for (const [file] of faces) expect(results.get(file)!.faces, file).toHaveLength(1);
  });

  it('answers the recorded gender on at least 44 of 48 (45 when measured)', () => {
    const right = faces.filter(
      ([file, f]) =>
        (results.get(file)!.faces[0]!.gender!.value === 1 ? 'male' : 'female') === f.record.gender,
    );
    expect(right.length).toBeGreaterThanOrEqual(44);
  });

  it('never says glasses on a face without them, and finds them on some with', () => {
    const said = (file: string) => results.get(file)!.faces[0]!.appearance!.glasses.value !== 'none';
    expect(faces.filter(([file, f]) => f.eye.glasses === 'none' && said(file))).toHaveLength(0);
    // 5 of 7 when measured (4 of 7 with the frame-edge rule before the bridge line).
    expect(faces.filter(([file, f]) => f.eye.glasses !== 'none' && said(file)).length).toBeGreaterThanOrEqual(
      4,
    );
  });
});

describe('face compare on the independent face set (report half of the same-person pairs)', () => {
  // 32 people, each on two different photos (fixtures/face-eval.json 'pairs'), marked the same
  // person by eye before any model ran. Measured: 23 of 32 reach the shipped threshold of 60, and
  // the two photos of a person score higher than that person's first photo against the other
  // people's first photos for most people.
  const pairs = Object.values(EVAL.pairs).filter((p) => p.set === 'report');
  const descriptors: Array<[number[], number[]]> = [];
  const glasses = new Map<string, { want: string; said: string }>();
  const beards: Array<{ want: string; said: 0 | 1 }> = [];
  beforeAll(async () => {
    // The largest face: the person the photo is of.
    const one = async (file: string) =>
      [...(await analyse(file, { descriptor: true, appearance: true })).faces].sort(
        (a, b) => b.rectangle.width - a.rectangle.width,
      )[0]!;
    for (const p of pairs) {
      const faces = [await one(p.photos[0]), await one(p.photos[1])];
      descriptors.push([faces[0]!.descriptor!, faces[1]!.descriptor!]);
      for (const i of [0, 1]) {
        glasses.set(p.photos[i]!, { want: p.eye[i]!.glasses, said: faces[i]!.appearance!.glasses.value });
        beards.push({ want: p.eye[i]!.beard, said: faces[i]!.appearance!.beard.value });
      }
    }
  }, 120_000);

  it('puts at least 21 of the 32 same-person pairs at or over 60', () => {
    expect(pairs).toHaveLength(32);
    const over = descriptors.filter(([a, b]) => 100 * cosineSimilarity(a, b) >= SAME_PERSON_THRESHOLD);
    expect(over.length).toBeGreaterThanOrEqual(21);
  });

  it('ranks the same person first among the 32 people for most of them', () => {
    let first = 0;
    for (const [i, [a, b]] of descriptors.entries()) {
      const others = descriptors.filter((_, j) => j !== i).map(([o]) => cosineSimilarity(a, o));
      if (cosineSimilarity(a, b) > Math.max(...others)) first++;
    }
    expect(first).toBeGreaterThanOrEqual(22);
  });

  it('rarely says glasses on everyday photos without them', () => {
    // 64 snapshots; 48 without glasses: 3 said glasses or sunglasses when measured, 12 with the
    // frame-edge rule and the 0.55 darkness cut before (its shaded eyes and textured backgrounds).
    const without = [...glasses.values()].filter((g) => g.want === 'none');
    expect(without).toHaveLength(48);
    expect(without.filter((g) => g.said !== 'none').length).toBeLessThanOrEqual(6);
    const clear = [...glasses.values()].filter((g) => g.want === 'clear');
    expect(clear.filter((g) => g.said === 'glasses').length).toBeGreaterThanOrEqual(10);
  });

  it('finds most full beards on everyday photos and rarely one where there is none', () => {
    // Measured: 7 of 10 full beards, none said on the 53 photos without a beard (5 of 53 with the
    // darkness cut of 0.78 before).
    const full = beards.filter((b) => b.want === 'beard');
    const none = beards.filter((b) => b.want === 'none');
    expect(full).toHaveLength(10);
    expect(full.filter((b) => b.said === 1).length).toBeGreaterThanOrEqual(6);
    expect(none.filter((b) => b.said === 1).length).toBeLessThanOrEqual(2);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import type { ChildResult } from '../src/algorithms/face/facefuse-params.ts';
import { cropOf, descriptorOf, REPORT_CROPS, similarity, TUNING_CROPS } from './fusion-photos.ts';
import { beardedMan, manInGlasses, smilingMan } from './labelled.ts';
import { appearanceOf, jawLineDepth, upperLipDarkness } from './child-looks.ts';
import { decodeImage } from '../src/image/decode.ts';
import { largestFace } from '../src/algorithms/face/fusion.ts';
import { loadMeshFaceModels } from '../src/algorithms/face/mesh-faces.ts';
import { cleanChildSkin } from '../src/algorithms/face/child-skin.ts';
import { APPEARANCE_RULES } from '../src/algorithms/face/appearance.ts';

/**
 * v1/facefusechild on real portraits: a child has neither the bearded parent's moustache nor the
 * other parent's glasses, and looks like both parents. The bearded man (opencv-doc face_swapped,
 * full beard and moustache) and the man in glasses (example.jpg, clear metal frame) are the
 * photos the cleaning was tuned on; the smiling man (opencv-doc 227943776_1, short beard and
 * moustache) was not.
 */

const child = async (first: Buffer, second: Buffer, params: Record<string, unknown> = {}) =>
  Buffer.from(
    (
      await runTaskInProcess<ChildResult>('facefusechild', {
        image: first,
        params: { ...params, secondImage: new Uint8Array(second) },
      })
    ).images.media_data.bytes,
  );

beforeAll(async () => {
  await getInProcessEngine();
});

describe('facefusechild: no beard and no glasses in the child', () => {
  it('the bearded parent’s moustache does not carry into the child, drawn on his photo or on the other’s', async () => {
    const mother = await cropOf(TUNING_CROPS.s3_middle!);
    for (const father of [await beardedMan(), await smilingMan()]) {
      // The parent's own upper lip is dark with hair.
      expect(await upperLipDarkness(father)).toBeGreaterThan(0.6);
      for (const weight of [50, 80, 20]) {
        const dark = await upperLipDarkness(await child(father, mother, { weight }));
        expect(dark, `weight ${weight}`).toBeLessThan(0.15);
      }
    }
  });

  it('takes the beard out under the chin without leaving its edge along the jaw', async () => {
    // The band under the chin started on the oval's chin line with a softened edge, so its weight
    // was a half on that line: the beard's edge stayed there as a dark line along the jaw, which
    // the child keeps (the fusion leaves the photo outside the face oval as it is).
    const photo = await decodeImage(await beardedMan());
    const face = (await largestFace(photo, await loadMeshFaceModels()))!;
    const before = jawLineDepth(photo, face.mesh);
    cleanChildSkin(photo, face.mesh);
    const after = jawLineDepth(photo, face.mesh);
    console.log('jaw line depth (grey levels), photo and cleaned', before, after);
    // The photo 13.4 (beard on both sides of the line); cleaned with the band starting on the
    // line 43.7 (clean skin on both sides of a dark line); 14.9 now.
    expect(after).toBeLessThan(25);
    expect(before).toBeLessThan(25);
  });

  it('a parent’s glasses do not carry into the child', async () => {
    const glasses = await manInGlasses();
    const own = (await appearanceOf(glasses))!;
    expect(own.glasses.value).toBe('glasses');
    expect(own.measures.glassesBridgeLine).toBeGreaterThan(APPEARANCE_RULES.glassesBridgeLine);
    expect(own.measures.glassesEdges).toBeGreaterThan(1.6);
    const mother = await cropOf(TUNING_CROPS.s6_left!);
    for (const [first, second, weight] of [
      [glasses, mother, 80],
      [glasses, mother, 50],
      [mother, glasses, 50],
      [glasses, await beardedMan(), 50],
    ] as const) {
      const look = await appearanceOf(await child(first, second, { weight }));
      expect(look, 'a face in the child').toBeDefined();
      // The face analysis's frame measure (edges across the nose bridge and under the eyes, over
      // the cheeks' texture) stays within what a face without glasses shows on these photos (the
      // bearded man's own: 1.52, measure-fusion.ts --child --tuning); the label is not asserted:
      // the child's eyes may be dark with the other parent's make-up, which the detector calls
      // sunglasses.
      expect(look!.measures.glassesEdges, `weight ${weight}`).toBeLessThan(1.6);
    }
  });
});

describe('facefusechild: the child looks like both parents', () => {
  it('closer to each parent than to any of the other report-set people', async () => {
    const names = Object.keys(REPORT_CROPS);
    const photos = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await cropOf(REPORT_CROPS[n]!)] as const)),
    );
    const descriptors = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, (await descriptorOf(photos[n]!))!] as const)),
    );
    for (const [a, b] of [
      ['s1_left', 's1_middle'],
      ['s3_right', 's4_second'],
    ] as const) {
      const d = await descriptorOf(await child(photos[a]!, photos[b]!));
      expect(d, 'a face in the child').toBeDefined();
      const strangers = names.filter((n) => n !== a && n !== b).map((n) => similarity(d!, descriptors[n]!));
      expect(similarity(d!, descriptors[a]!)).toBeGreaterThan(Math.max(...strangers));
      expect(similarity(d!, descriptors[b]!)).toBeGreaterThan(Math.max(...strangers));
    }
  });
});

import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  FACEFUSE_DEFAULTS,
  FUSION_TEMPLATES,
  parseChildParams,
  parseFaceFuseParams,
  type ChildResult,
  type FaceFuseResult,
  type HeadResult,
} from '../src/algorithms/face/facefuse-params.ts';
import {
  alignSimilarity,
  applySimilarity,
  largestFace,
  multiBandBlend,
  ovalOf,
  polygonMask,
  type XY,
} from '../src/algorithms/face/fusion.ts';
import {
  bundledTemplate,
  foldsAtOutline,
  FUSION_RULES,
  shapeTowards,
} from '../src/algorithms/face/facefuse.ts';
import { decodeImage } from '../src/image/decode.ts';
import { templateShareInOpening } from './mouth-opening.ts';
import { colourCast, greyShare } from './grey-skin.ts';
import { loadMeshFaceModels } from '../src/algorithms/face/mesh-faces.ts';
import { FACE_OVAL } from '../src/algorithms/face/retouch.ts';
import { astronautPath, coffeePath, read } from './fixtures.ts';
import { beardedMan, cropOf, descriptorOf, REPORT_CROPS, similarity, TUNING_CROPS } from './fusion-photos.ts';

/** v3/facefuse's task on real portraits: the result shows the user's face in the template. */

const run = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FaceFuseResult>('facefuse', { image, params });
const template = (name: string) => readFileSync(new URL(`../assets/fusion/${name}.jpg`, import.meta.url));

beforeAll(async () => {
  await getInProcessEngine();
});

describe('facefuse parameters', () => {
  it('defaults to the window template at merge rate 80 and refuses unknown templates and rates', () => {
    expect(parseFaceFuseParams({})).toEqual({ template: 'window', mergeRate: 80 });
    expect(FACEFUSE_DEFAULTS).toEqual({ template: 'window', mergeRate: 80 });
    expect(() => parseFaceFuseParams({ template: 'moon' })).toThrow(TaskParamsError);
    expect(() => parseFaceFuseParams({ mergeRate: 101 })).toThrow(TaskParamsError);
    expect(() => parseFaceFuseParams({ templateImage: 'abc' })).toThrow(TaskParamsError);
  });
});

describe('fusion pieces', () => {
  it('alignSimilarity recovers a known rotation, scale and shift', () => {
    const from: XY[] = [
      [0, 0],
      [10, 0],
      [0, 20],
      [7, 3],
    ];
    const a = 1.5 * Math.cos(0.3);
    const b = 1.5 * Math.sin(0.3);
    const to = from.map((p) => applySimilarity({ a, b, tx: 4, ty: -2 }, p));
    const m = alignSimilarity(from, to);
    expect(m.a).toBeCloseTo(a, 6);
    expect(m.b).toBeCloseTo(b, 6);
    expect(m.tx).toBeCloseTo(4, 6);
    expect(m.ty).toBeCloseTo(-2, 6);
  });

  it('multi-band blending gives the first image where the mask is 1 and the second where it is 0, far from the seam', () => {
    const w = 256;
    const h = 32;
    const a = new Float32Array(w * h * 3).fill(200);
    const b = new Float32Array(w * h * 3).fill(40);
    const mask = new Float32Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w / 2; x++) mask[y * w + x] = 1;
    const out = multiBandBlend(a, b, mask, w, h, 4);
    expect(out[(16 * w + 2) * 3]).toBeCloseTo(200, 0);
    expect(out[(16 * w + w - 3) * 3]).toBeCloseTo(40, 0);
    const mid = out[(16 * w + w / 2) * 3]!;
    expect(mid).toBeGreaterThan(60);
    expect(mid).toBeLessThan(180);
  });
});

describe('facefuse on real portraits', () => {
  it('finds exactly one face in every bundled template', async () => {
    const coffee = read(coffeePath());
    for (const name of FUSION_TEMPLATES) {
      const r = await run(coffee, { template: name });
      expect(r.answer.template_face_num, name).toBe(1);
      // No face in the user's photo: nothing fused, face_num 0 (the gateway answers 20003).
      expect(r.answer.face_num, name).toBe(0);
    }
  });

  it('at merge rate 100 the result looks more like the user than like the template (face compare), and still has a face', async () => {
    const users = [await beardedMan(), await cropOf(TUNING_CROPS.s3_middle!)];
    for (const user of users) {
      for (const name of ['window', 'glasses_man'] as const) {
        const r = await run(user, { template: name, mergeRate: 100 });
        expect(r.answer).toMatchObject({
          face_num: 1,
          template_face_num: 1,
          template: name,
          merge_rate: 100,
        });
        const fused = await descriptorOf(r.images.media_data.bytes);
        expect(fused, `a face in the fused ${name}`).toBeDefined();
        const toUser = similarity(fused!, (await descriptorOf(user))!);
        const toTemplate = similarity(fused!, (await descriptorOf(template(name)))!);
        expect(toUser, name).toBeGreaterThan(toTemplate);
      }
    }
  });

  it('folds no triangle at the face outline, where a user’s face turned aside folded them', async () => {
    // With the outline held at 35 % of the user's shape and the points inside it at 100 %, the
    // points next to the outline followed a turned face's squeezed far cheek past it: folded
    // triangles, each drawing a thin stroke of hair or background across the cheek. The same
    // shape without the unfolding (outline step only) is built here to show the photos fold.
    const models = await loadMeshFaceModels();
    let before = 0;
    for (const user of [
      await beardedMan(),
      await cropOf(TUNING_CROPS.s3_middle!),
      await cropOf(TUNING_CROPS.s6_left!),
    ]) {
      const userMesh = (await largestFace(await decodeImage(user), models))!.mesh;
      for (const name of FUSION_TEMPLATES) {
        const mesh = (await bundledTemplate(name, models)).face!.mesh;
        const sim = alignSimilarity(userMesh, mesh);
        const outline: ReadonlySet<number> = new Set(FACE_OVAL);
        const stepOnly = mesh.map((t, i) => {
          const u = applySimilarity(sim, userMesh[i]!);
          const r = outline.has(i) ? FUSION_RULES.outlineShare : 1;
          return [t[0] + r * (u[0] - t[0]), t[1] + r * (u[1] - t[1])] as XY;
        });
        before += foldsAtOutline(mesh, stepOnly);
        expect(foldsAtOutline(mesh, shapeTowards(mesh, userMesh, 1)), name).toBe(0);
      }
    }
    // 165 on 2026-11-28.
    expect(before).toBeGreaterThan(50);
  });

  it('the user’s fringe does not cross the template’s forehead: above the brows the result is not darker than the template', async () => {
    // The astronaut's fringe hangs over her forehead; the smiling man's forehead is bare. Before the
    // forehead check the fringe was pasted as a dark band across his forehead: 65% of the band 25
    // grey levels darker than his own skin there (45-79% in the other templates); with it 2% (0.1-3%).
    const name = 'smiling_man';
    const r = await run(read(astronautPath()), { template: name, mergeRate: 100 });
    const out = await sharp(Buffer.from(r.images.media_data.bytes)).removeAlpha().raw().toBuffer();
    const own = await sharp(template(name)).removeAlpha().raw().toBuffer();
    const { image, face } = await bundledTemplate(name, await loadMeshFaceModels());
    const mesh = face!.mesh;
    // The band: inside the blend's oval, from the brows' upper edge up a fifth of the chin-to-top height.
    const [chin, top] = [mesh[152]!, mesh[10]!];
    const height = Math.hypot(top[0] - chin[0], top[1] - chin[1]);
    const along = (x: number, y: number) =>
      ((x - chin[0]) * (top[0] - chin[0]) + (y - chin[1]) * (top[1] - chin[1])) / height;
    const brow = Math.max(along(...mesh[105]!), along(...mesh[334]!));
    const box = { x0: 0, y0: 0, x1: image.width, y1: image.height };
    const oval = polygonMask(ovalOf(mesh, FUSION_RULES.ovalShrink), box);
    const grey = (b: Buffer, i: number) => 0.299 * b[i * 3]! + 0.587 * b[i * 3 + 1]! + 0.114 * b[i * 3 + 2]!;
    let band = 0;
    let darker = 0;
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++) {
        const i = y * image.width + x;
        const t = along(x, y) - brow;
        if (!oval[i] || t < 0 || t > 0.2 * height) continue;
        band++;
        if (grey(out, i) < grey(own, i) - 25) darker++;
      }
    expect(band).toBeGreaterThan(500);
    expect(darker / band).toBeLessThan(0.1);
  });

  it("the user's open mouth shows in the result, not the template's own pixels through the mouth's opening", async () => {
    // MediaPipe's triangulation leaves the mouth's opening as a hole; warped without triangles
    // there, the opening showed the template's unwarped pixels (its lips at their old place):
    // 24-55 % of the opening within 8 levels of the template's own pixels for the astronaut's
    // open smile (party, sofa, window); with the mouth's triangles 1-3 %.
    const user = read(astronautPath());
    const models = await loadMeshFaceModels();
    const userFace = await largestFace(await decodeImage(user), models);
    for (const name of ['party', 'sofa', 'window'] as const) {
      const r = await run(user, { template: name, mergeRate: 100 });
      const out = await sharp(Buffer.from(r.images.media_data.bytes)).removeAlpha().raw().toBuffer();
      const { image, face } = await bundledTemplate(name, models);
      const shape = shapeTowards(face!.mesh, userFace!.mesh, 1);
      const { share, pixels } = templateShareInOpening({ ...image, data: out }, image, shape);
      expect(pixels, name).toBeGreaterThan(100);
      expect(share, name).toBeLessThan(0.1);
    }
  });

  it('a warm face fused into a much paler template keeps its highlights warm, not grey', async () => {
    // The colour transfer shifted a* and b* by the two faces' mean difference: into party (the
    // palest template face) the near-neutral highlights of a warm face crossed to grey. Measured
    // as the share of the face oval's pixels with chroma under 8 (test/grey-skin.ts), the
    // result's (by its own mesh) minus the user photo's, at the default merge rate.
    const models = await loadMeshFaceModels();
    const added: Record<string, number> = {};
    for (const [who, bytes] of [
      ['bearded', await beardedMan()],
      ['s6_left', await cropOf(TUNING_CROPS.s6_left!)],
    ] as const) {
      const user = await decodeImage(bytes);
      const r = await run(bytes, { template: 'party' });
      const out = await decodeImage(Buffer.from(r.images.media_data.bytes));
      const own = greyShare(user, (await largestFace(user, models))!.mesh);
      added[who] = Math.round((greyShare(out, (await largestFace(out, models))!.mesh) - own) * 1000) / 1000;
    }
    console.log("grey share of the face oval into party, result's minus the user photo's", added);
    // With the shift: bearded 0.573, s6_left 0.319.
    expect(added.bearded).toBeLessThan(0.47);
    expect(added.s6_left).toBeLessThan(0.24);
  });

  it('evens a colour cast that changes across the face (mixed light)', async () => {
    // s3_middle's face is lit blue on one cheek and warm on the other and the nose; the colour
    // transfer moves a face's mean and spread only, so the fused face kept blue and orange parts.
    // Measured as the colour cast across the face (test/grey-skin.ts colourCast), at the default
    // merge rate.
    const models = await loadMeshFaceModels();
    const bytes = await cropOf(TUNING_CROPS.s3_middle!);
    const casts: Record<string, number> = {};
    for (const name of ['glasses_man', 'window'] as const) {
      const r = await run(bytes, { template: name });
      const out = await decodeImage(Buffer.from(r.images.media_data.bytes));
      casts[name] = Math.round(colourCast(out, (await largestFace(out, models))!.mesh) * 100) / 100;
    }
    console.log('colour cast across the face of the result', casts);
    // Without evening the cast: 8.51, 6.48.
    for (const v of Object.values(casts)) expect(v).toBeLessThan(6);
  });

  it('merge rate 0 leaves the template as it was; a template sent as bytes is used instead of a bundled one', async () => {
    const user = await beardedMan();
    const r0 = await run(user, { template: 'party', mergeRate: 0 });
    const a = await sharp(Buffer.from(r0.images.media_data.bytes)).raw().toBuffer();
    const b = await sharp(template('party')).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
    expect(diff / a.length).toBeLessThan(2);

    const sent = await run(user, { templateImage: new Uint8Array(template('sofa')), mergeRate: 100 });
    expect(sent.answer).toMatchObject({ template: 'image', template_face_num: 1, image_width: 560 });
    const noFace = await run(user, { templateImage: new Uint8Array(read(coffeePath())) });
    expect(noFace.answer).toMatchObject({ face_num: 1, template_face_num: 0 });
  });
});

describe('facefusechild on real portraits', () => {
  const child = (first: Buffer, second: Buffer, params: Record<string, unknown> = {}) =>
    runTaskInProcess<ChildResult>('facefusechild', {
      image: first,
      params: { ...params, secondImage: new Uint8Array(second) },
    });

  it('needs the second photo and a known gender', () => {
    expect(() => parseChildParams({})).toThrow(TaskParamsError);
    const bytes = new Uint8Array([1, 2, 3]);
    expect(parseChildParams({ secondImage: bytes })).toMatchObject({ gender: 'boy', weight: 50 });
    expect(() => parseChildParams({ secondImage: bytes, gender: 'cat' })).toThrow(TaskParamsError);
  });

  it('draws on the parent with the larger share, and the child looks more like that parent than like any of 8 strangers', async () => {
    const mother = await cropOf(TUNING_CROPS.s3_middle!);
    const father = await beardedMan();
    const r = await child(father, mother, { gender: 'girl', weight: 30 });
    expect(r.answer).toMatchObject({
      face_num: 1,
      second_face_num: 1,
      base: 'second',
      gender: 'girl',
      weight: 30,
    });
    expect([r.answer.image_width, r.answer.image_height]).toEqual([560, 700]);
    const face = await descriptorOf(r.images.media_data.bytes);
    expect(face, 'a face in the result').toBeDefined();
    const toBase = similarity(face!, (await descriptorOf(mother))!);
    for (const crop of Object.values(REPORT_CROPS).slice(0, 8)) {
      const stranger = (await descriptorOf(await cropOf(crop)))!;
      expect(toBase).toBeGreaterThan(similarity(face!, stranger));
    }
  });

  it('a second photo without a face gives second_face_num 0 (the gateway answers 20010)', async () => {
    const r = await child(await beardedMan(), read(coffeePath()));
    expect(r.answer).toMatchObject({ face_num: 1, second_face_num: 0 });
  });
});

describe('headreplace on real portraits', () => {
  const head = (image: Buffer, params: Record<string, unknown> = {}) =>
    runTaskInProcess<HeadResult>('headreplace', { image, params });

  it('puts the user’s head on the template: the result looks more like the user than like the template', async () => {
    const users = [await beardedMan(), await cropOf(TUNING_CROPS.s3_middle!)];
    for (const user of users) {
      const r = await head(user, { template: 'astronaut' });
      expect(r.answer).toMatchObject({ face_num: 1, template_face_num: 1, template: 'astronaut' });
      const fused = await descriptorOf(r.images.media_data.bytes);
      expect(fused, 'a face in the result').toBeDefined();
      const toUser = similarity(fused!, (await descriptorOf(user))!);
      const toTemplate = similarity(fused!, (await descriptorOf(template('astronaut')))!);
      expect(toUser).toBeGreaterThan(toTemplate);
    }
  });

  it('a photo without a face gives face_num 0', async () => {
    const r = await head(read(coffeePath()));
    expect(r.answer).toMatchObject({ face_num: 0, template_face_num: 1 });
  });
});

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import type { HeadResult } from '../src/algorithms/face/facefuse-params.ts';
import { srgbToLab } from '../src/algorithms/image/colour.ts';
import { beardedMan, cropOf, TUNING_CROPS } from './fusion-photos.ts';
import { photoPath, read } from './fixtures.ts';
import { replaceHead } from '../src/algorithms/face/headreplace.ts';
import { loadSkinHairModels } from '../src/algorithms/body/skin-hair.ts';
import { decodeImage } from '../src/image/decode.ts';
import { headSeam, seamEdgeRatio, stripStep, uncoveredShare } from './head-seam.ts';
import { largestFace, ovalOf, polygonMask, type XY } from '../src/algorithms/face/fusion.ts';
import type { RgbPixels } from '../src/image/resize.ts';
import type { FusionTemplate } from '../src/algorithms/face/facefuse-params.ts';
import { chromaSpread, colourCast, greyShare } from './grey-skin.ts';

/**
 * v2/headreplace's rated defects, measured (docs/quality.md, "Generated pictures rated by eye"):
 * the band of the template's forehead left between the new face's oval and its hairline, and the
 * face's own light and shade stretched to the template's (a pale nose, black eye sockets); and
 * the hair cut by a straight line over the template's clothes; grey patches on a warm face moved
 * towards a paler template.
 */

beforeAll(async () => {
  await getInProcessEngine();
});

interface Rgb {
  width: number;
  height: number;
  data: Buffer;
}
const rgbOf = async (bytes: Uint8Array | Buffer): Promise<Rgb> => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
};
const labAt = (im: Rgb, x: number, y: number) => {
  const i = (y * im.width + x) * 3;
  return srgbToLab(im.data[i]!, im.data[i + 1]!, im.data[i + 2]!);
};
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;
/** The per-channel CIELAB median of the pixels of `im` in the rectangle. */
function medianLab(im: Rgb, x0: number, y0: number, x1: number, y1: number): number[] {
  const ch: number[][] = [[], [], []];
  for (let y = Math.max(0, y0); y < Math.min(im.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(im.width, x1); x++) {
      const lab = labAt(im, x, y);
      for (let c = 0; c < 3; c++) ch[c]!.push(lab[c]!);
    }
  return ch.map(median);
}
/** Share of the pixels of `im` in the rectangle within CIELAB distance `d` of `colour`. */
function shareNear(im: Rgb, colour: number[], d: number, x0: number, y0: number, x1: number, y1: number) {
  let n = 0;
  let near = 0;
  for (let y = Math.max(0, y0); y < Math.min(im.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(im.width, x1); x++) {
      const lab = labAt(im, x, y);
      n++;
      if (Math.hypot(lab[0] - colour[0]!, lab[1] - colour[1]!, lab[2] - colour[2]!) < d) near++;
    }
  return near / n;
}

/** The spread of L* (90th minus 10th percentile) in the middle of a face rectangle. */
function lightnessSpread(im: Rgb, f: { left: number; top: number; width: number; height: number }) {
  const l: number[] = [];
  for (let y = Math.round(f.top + 0.3 * f.height); y < Math.round(f.top + 0.7 * f.height); y++)
    for (let x = Math.round(f.left + 0.3 * f.width); x < Math.round(f.left + 0.7 * f.width); x++)
      if (x >= 0 && y >= 0 && x < im.width && y < im.height) l.push(labAt(im, x, y)[0]);
  l.sort((a, b) => a - b);
  return l[Math.floor(0.9 * l.length)]! - l[Math.floor(0.1 * l.length)]!;
}

/**
 * A measure of the face (by its own mesh) in the user's photo and in the head replacement of it
 * into `template`.
 */
async function userAndResult(
  bytes: Buffer,
  template: FusionTemplate,
  measure: (image: RgbPixels, mesh: readonly XY[]) => number,
): Promise<[number, number]> {
  const models = await loadSkinHairModels();
  const image = await decodeImage(bytes);
  const { out } = await replaceHead(image, { template }, models);
  const own = (await largestFace(image, models))!.mesh;
  return [measure(image, own), measure(out, (await largestFace(out, models))!.mesh)];
}

const head = (image: Buffer, name: string) =>
  runTaskInProcess<HeadResult>('headreplace', { image, params: { template: name } });

describe('headreplace looks', () => {
  it('gives the pasted head its own forehead up to the hairline, in one skin tone', async () => {
    // The face oval ends below the hairline; the band above it was the template's forehead and
    // hairline, a pale band with an edge across the new head's forehead (bearded into sofa).
    const user = await beardedMan();
    const shares: Record<string, number> = {};
    for (const name of ['sofa', 'window', 'party']) {
      const r = await head(user, name);
      const out = await rgbOf(r.images.media_data.bytes);
      const f = r.answer.template_face!.face_rectangle;
      const x0 = Math.round(f.left + 0.3 * f.width);
      const x1 = Math.round(f.left + 0.7 * f.width);
      // The skin between the brows and the eyes' line and the nose tip (the rectangle's middle).
      const skin = medianLab(
        out,
        x0,
        Math.round(f.top + 0.45 * f.height),
        x1,
        Math.round(f.top + 0.6 * f.height),
      );
      // The band just above the rectangle's top (the mesh's forehead point), a tenth of its height.
      const band = [x0, Math.round(f.top - 0.1 * f.height), x1, f.top] as const;
      shares[name] = shareNear(out, skin, 15, ...band);
    }
    console.log('forehead above the oval: share of pixels of the face’s skin tone', shares);
    for (const s of Object.values(shares)) expect(s).toBeGreaterThan(0.5);
  });

  it("keeps the face's own light and shade when it takes the template's skin tone", async () => {
    // The colour transfer gives the face the template face's mean colour; stretching its spread of
    // lightness to the template's as well (a template lit harder than the photo) made a highlight
    // on the nose white and the eye sockets black.
    const users = {
      bearded: await beardedMan(),
      ...Object.fromEntries(
        await Promise.all(Object.entries(TUNING_CROPS).map(async ([k, c]) => [k, await cropOf(c)] as const)),
      ),
    };
    const ratios: Record<string, number> = {};
    for (const [who, image] of Object.entries(users)) {
      const photo = await rgbOf(image);
      for (const name of ['smiling_man', 'glasses_man', 'party', 'window', 'sofa']) {
        const r = await head(image, name);
        // The user's face as every result answers it: no separate run to find it.
        const own = lightnessSpread(photo, r.answer.user_face!.face_rectangle);
        const spread = lightnessSpread(
          await rgbOf(r.images.media_data.bytes),
          r.answer.template_face!.face_rectangle,
        );
        ratios[`${who}-${name}`] = Math.round((spread / own) * 100) / 100;
      }
    }
    console.log("the face's L* spread in the result over its spread in the user's photo", ratios);
    // Before the spread was held (x0.6..1.6 as face fusion's): up to 1.63 (s3_middle into glasses_man).
    for (const v of Object.values(ratios)) expect(v).toBeLessThan(1.25);
  });

  it('lets long hair end softly over the template, not along a straight cut', async () => {
    // The hair was kept up to 0.9 face widths below the face's centre and cut there: a straight
    // edge across the template's clothes (test/head-seam.ts: the result's edge along the head's
    // outline below the mouth, over the edges the template and the user's head bring there).
    const models = await loadSkinHairModels();
    const user = await cropOf(TUNING_CROPS.s3_middle!);
    const image = await decodeImage(user);
    const ratios: Record<string, number> = {};
    for (const name of ['astronaut', 'smiling_man'] as const) {
      const r = await head(user, name);
      const result = await decodeImage(Buffer.from(r.images.media_data.bytes));
      const { placed, template } = await replaceHead(image, { template: name }, models);
      const seam = headSeam(placed!, template.face!.mesh, result.width, result.height);
      ratios[name] = seamEdgeRatio(result, template.image, placed!, seam.lower)!;
    }
    console.log("edge along the head's outline below the mouth, over the pictures' own", ratios);
    // With the hard cut and the template's beard kept: astronaut 2.84, smiling_man 2.15.
    expect(ratios.astronaut).toBeLessThan(2.5);
    expect(ratios.smiling_man).toBeLessThan(2);
  });

  it("takes the template's own glasses and beard out where the user's head leaves them showing", async () => {
    // glasses_man wears glasses and stubble; s3_middle's face is narrower than his, so his face
    // shows beside hers. Before the template was cleaned (child-skin.ts), those pixels were his
    // own, unchanged.
    const models = await loadSkinHairModels();
    const image = await decodeImage(await cropOf(TUNING_CROPS.s3_middle!));
    const { out, placed, template } = await replaceHead(image, { template: 'glasses_man' }, models);
    const { box, mask } = placed!;
    const bw = box.x1 - box.x0;
    const oval = polygonMask(ovalOf(template.face!.mesh), { x0: 0, y0: 0, x1: out.width, y1: out.height });
    let shown = 0;
    let changed = 0;
    for (let y = 0; y < out.height; y++)
      for (let x = 0; x < out.width; x++) {
        const i = y * out.width + x;
        if (oval[i]! < 0.5) continue;
        const inBox = x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1;
        if (inBox && mask[(y - box.y0) * bw + (x - box.x0)]! >= 0.02) continue;
        shown++;
        let d = 0;
        for (let c = 0; c < 3; c++)
          d = Math.max(d, Math.abs(out.data[i * 3 + c]! - template.image.data[i * 3 + c]!));
        if (d > 12) changed++;
      }
    console.log('template face left showing beside the head: pixels, share changed', shown, changed / shown);
    expect(shown).toBeGreaterThan(500);
    expect(changed / shown).toBeGreaterThan(0.1);
  });

  it("gives the template's cheek left beside a narrower head the placed face's colour", async () => {
    // An independent user (rOpenSci, CC BY 4.0) with darker skin into `party`, whose lit cheek
    // the head does not cover: before the strip was recoloured its mean colour was 7.6 CIELAB
    // units from the placed face's (a pale crescent beside his face).
    const models = await loadSkinHairModels();
    const image = await decodeImage(
      read(await photoPath('fixture:photos/accessories/ropensci-victor-ordu.jpg')),
    );
    const { out, placed, template } = await replaceHead(image, { template: 'party' }, models);
    expect(uncoveredShare(placed!, template.face!.mesh, template.image)).toBeGreaterThan(0.05);
    const mesh = (await largestFace(out, models))!.mesh;
    const step = stripStep(placed!, template.face!.mesh, template.image, mesh, out)!;
    const own = stripStep(placed!, template.face!.mesh, template.image, mesh, template.image)!;
    console.log(
      'colour step from the placed face to the template cheek left beside it; the template own',
      step,
      own,
    );
    expect(step).toBeLessThan(4);
    expect(own).toBeGreaterThan(8);
  });

  it('moves a warm face towards a paler template without turning its highlights grey', async () => {
    // The colour transfer shifted a* and b* by the difference of the two faces' means: a warm
    // face's near-neutral highlights (nose, upper lip, chin) crossed to grey on a much paler
    // template (party), a patch in the middle of the face. Measured as the share of the face
    // oval's pixels with chroma under 8 (test/grey-skin.ts), in the result over the user's photo.
    const added: Record<string, number> = {};
    for (const [who, bytes] of [
      ['bearded', await beardedMan()],
      ['s6_left', await cropOf(TUNING_CROPS.s6_left!)],
    ] as const) {
      const [own, result] = await userAndResult(bytes, 'party', greyShare);
      added[who] = Math.round((result - own) * 1000) / 1000;
    }
    console.log("grey share of the face oval into party, result's minus the user photo's", added);
    // With the shift: bearded 0.477, s6_left 0.246.
    expect(added.bearded).toBeLessThan(0.3);
    expect(added.s6_left).toBeLessThan(0.15);
  });

  it("keeps the face's own spread of colour (no orange and blue halves)", async () => {
    // s3_middle's face is lit warm on one side and blue on the other, with a* and b* means near 0.
    // Scaling a* and b* up towards a warmer template (a factor over 1, tried) multiplied that
    // variation: an orange and a blue half. Measured as the spread of a* and b* over the face oval
    // (test/grey-skin.ts chromaSpread), the result's over the user photo's.
    const user = await cropOf(TUNING_CROPS.s3_middle!);
    const ratios: Record<string, number> = {};
    for (const name of ['smiling_man', 'window', 'sofa'] as const) {
      const [own, result] = await userAndResult(user, name, chromaSpread);
      ratios[name] = Math.round((result / own) * 100) / 100;
    }
    console.log("chroma spread of the face oval, result's over the user photo's", ratios);
    // With the factor both ways: 1.49, 1.53, 1.30.
    for (const v of Object.values(ratios)) expect(v).toBeLessThan(1.3);
  });

  it('evens a colour cast that changes across the face (mixed light)', async () => {
    // s3_middle's face is lit blue on one cheek and warm on the other and the nose; the colour
    // transfer moves a face's mean and spread only, so the result kept an orange nose on pale
    // blue cheeks. Measured as the colour cast across the face (test/grey-skin.ts colourCast: the
    // spread of quarter-face cells' mean a* and b*; 21.9 in her photo, 2.4 to 6.2 on the templates).
    const user = await cropOf(TUNING_CROPS.s3_middle!);
    const casts: Record<string, number> = {};
    for (const name of ['glasses_man', 'window'] as const) {
      const [, result] = await userAndResult(user, name, colourCast);
      casts[name] = Math.round(result * 100) / 100;
    }
    console.log('colour cast across the face of the result', casts);
    // Without evening the cast: 13.69, 15.04.
    for (const v of Object.values(casts)) expect(v).toBeLessThan(10);
  });
});

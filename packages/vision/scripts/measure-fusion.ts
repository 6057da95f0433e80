/**
 * v3/facefuse (facefuse): whose face the result shows, whether the seam shows, and how fast, for
 * docs/quality.md ("Face fusion"):
 *
 *   taskset -c 0 node --single-threaded-gc --import tsx packages/vision/scripts/measure-fusion.ts [--tuning|--independent] [--child]
 *
 * Photos: the report set of test/fusion-photos.ts (8 people of the face-api demo photos, none of
 * them in a template; --tuning: the 2 people and the bearded man the method was tried on;
 * --independent: 12 portraits of other sources, never looked at while the method was made,
 * INDEPENDENT_USERS) fused into each of the 6 bundled templates at merge rate 100.
 *
 * 1. Identity: face compare's similarity (face/compare.ts: 100 x the cosine of the HSE-FaceRes
 *    descriptors) of the result with the user's photo and with the template; the relation holds
 *    when the first is larger. Also whether a face is still found in the result.
 * 1c. The same relation with each photo also compared in its mirror image (the user's photo and
 *    its mirror, the template and its mirror, the two similarities of each averaged). FaceRes'
 *    descriptor changes with the head's turn: a result that shows a turned user's face turned to
 *    the template's pose is compared with a photo turned the other way; averaged over both
 *    mirror images, neither the result's pose nor the user's favours one answer.
 * 1b. Folds: triangles of the mesh at the face's outline turned round in the fused shape against the
 *    template's mesh (facefuse.ts foldsAtOutline); each draws a sliver of hair or background.
 * 2. Seam: the mean gradient magnitude (central differences of the grey level) on the blend's
 *    seam (the shrunk face oval the mask follows, sampled every pixel along it) in the result,
 *    over the same in the template: 1 means the seam adds no edge the template did not have.
 *    The same ratio for a plain paste (the warped user face put in with a hard mask, no colour
 *    transfer, no multi-band blend) shows what the blending removes.
 * 2b. The mouth's opening (test/mouth-opening.ts): the share of the result's pixels inside the
 *    opening between the inner lip lines (where the fused face's mesh puts it) within 8 levels
 *    of the template's own pixel, i.e. the template showing through the user's open mouth.
 * 3. Head replacement (headreplace) into each template: the same identity relation; and the seam
 *    ratio of 2 along the placed head's outline (headSeam: below the template face's mouth, where the head
 *    meets the template's jaw and neck, and above it), against a plain paste of the mapped head.
 * 3c. The template's own face left beside the head: the share of the template's face oval (its
 *    mesh's outline) where the placed head's mask is under 0.5 (a narrower or turned user's head
 *    leaves the template's cheek or jaw showing); where over 0.05 is left, the colour step from the
 *    placed face to that strip (CIELAB distance of their mean colours) in the result, and between
 *    the same regions of the template itself (its own light's step).
 * 4. Child fusion (facefusechild): the people of the set in pairs (1st with 2nd, 3rd with 4th...),
 *    equal shares: the child's similarity to the parent it is drawn on, to the other parent, and
 *    the highest to the set's other people (strangers).
 * 4b. No beard, no glasses in the child (test/child-looks.ts): a bearded parent or a parent in
 *    glasses with each woman of the set, at weights 50 (drawn on the first photo) and 20 (drawn on
 *    the woman's): the upper-lip band's dark share and the glasses detector on the child. Tuning:
 *    opencv-doc's bearded man (face_swapped) and man in glasses (example.jpg), on which the
 *    cleaning's rules were set; report: opencv-doc's smiling man (short beard) and the facematch
 *    grid's bald man with clear glasses and a goatee (tile 5.5, test/labelled.ts), not tuned on.
 * 5. Speed: each task on the astronaut at 640 and 1080 px (the default template; the child's
 *    second photo the astronaut mirrored).
 *
 * --child runs 4, 4b and the child's speed only.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { runTaskInProcess, type ChildResult, type FaceFuseResult } from '../src/index.ts';
import { decodeImage } from '../src/image/decode.ts';
import { loadMeshFaceModels } from '../src/algorithms/face/mesh-faces.ts';
import { FUSION_TEMPLATES } from '../src/algorithms/face/facefuse-params.ts';
import {
  bundledTemplate,
  foldsAtOutline,
  FUSION_RULES,
  shapeTowards,
  templateResult,
} from '../src/algorithms/face/facefuse.ts';
import {
  boxAround,
  cropFloat,
  largestFace,
  ovalOf,
  pasteFloat,
  polygonMask,
  TRIANGLES,
  warpTriangles,
  copyPixels,
  type XY,
} from '../src/algorithms/face/fusion.ts';
import type { RgbPixels } from '../src/image/resize.ts';
import { replaceHead, type PlacedHead } from '../src/algorithms/face/headreplace.ts';
import { loadSkinHairModels } from '../src/algorithms/body/skin-hair.ts';
import { astronautPath, photoPath } from '../test/fixtures.ts';
import {
  beardedMan,
  cropOf,
  descriptorOf,
  INDEPENDENT_USERS,
  REPORT_CROPS,
  similarity,
  TUNING_CROPS,
} from '../test/fusion-photos.ts';
import { speedPhotos, timeTask } from './task-timing.ts';
import { facematchGridTile, manInGlasses, smilingMan } from '../test/labelled.ts';
import { appearanceOf, jawLineDepth, upperLipDarkness } from '../test/child-looks.ts';
import { cleanChildSkin } from '../src/algorithms/face/child-skin.ts';
import { faceColour, GREY_CHROMA, SKIN_HUES } from '../test/grey-skin.ts';
import { headSeam, meanGradient, seamEdgeRatio, stripStep, uncoveredShare } from '../test/head-seam.ts';
import { templateShareInOpening } from '../test/mouth-opening.ts';

const tuning = process.argv.includes('--tuning');
const childOnly = process.argv.includes('--child');
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};
const f2 = (v: number) => v.toFixed(2);

const independent = process.argv.includes('--independent');
const users: Record<string, Buffer> = {};
if (tuning) {
  users.bearded = await beardedMan();
  for (const [k, c] of Object.entries(TUNING_CROPS)) users[k] = await cropOf(c);
} else if (independent)
  for (const name of INDEPENDENT_USERS)
    users[name] = readFileSync(await photoPath(`fixture:photos/accessories/${name}.jpg`));
else for (const [k, c] of Object.entries(REPORT_CROPS)) users[k] = await cropOf(c);

/** Mean gradient magnitude of the grey level at the pixels along a closed polygon. */
function seamGradient(image: RgbPixels, polygon: readonly XY[]): number {
  const pixels: XY[] = [];
  for (let k = 0; k < polygon.length; k++) {
    const a = polygon[k]!;
    const b = polygon[(k + 1) % polygon.length]!;
    const steps = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1])));
    for (let s = 0; s < steps; s++)
      pixels.push([
        Math.round(a[0] + ((b[0] - a[0]) * s) / steps),
        Math.round(a[1] + ((b[1] - a[1]) * s) / steps),
      ]);
  }
  return meanGradient(image, pixels);
}

/** The head pasted with a hard mask (>= 0.5), as mapped: no recolouring, no multi-band blend. */
function plainHeadPaste(template: RgbPixels, placed: PlacedHead): RgbPixels {
  const out = copyPixels(template);
  const { box, mask, mapped } = placed;
  const bw = box.x1 - box.x0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! < 0.5) continue;
    const o = ((Math.floor(i / bw) + box.y0) * out.width + (i % bw) + box.x0) * 3;
    for (let c = 0; c < 3; c++) out.data[o + c] = Math.max(0, Math.min(255, Math.round(mapped[i * 3 + c]!)));
  }
  return out;
}

/** The plain paste: the user's face warped to the same shape, put in where the mask is, nothing else. */
function plainPaste(template: RgbPixels, user: RgbPixels, uMesh: XY[], shape: XY[]) {
  const out = copyPixels(template);
  const box = boxAround(shape, 2, out.width, out.height);
  const bw = box.x1 - box.x0;
  const face = cropFloat(out, box);
  const cover = new Float32Array(bw * (box.y1 - box.y0));
  const warped = new Float32Array(face.length);
  warpTriangles(user, uMesh, shape, TRIANGLES, box, warped, cover);
  const oval = ovalOf(shape, FUSION_RULES.ovalShrink);
  const inside = polygonMask(oval, box);
  for (let i = 0; i < cover.length; i++)
    if (inside[i]! * cover[i]! > 0) for (let c = 0; c < 3; c++) face[i * 3 + c] = warped[i * 3 + c]!;
  pasteFloat(out, box, face);
  return out;
}

const models = await loadMeshFaceModels();
/** The photo mirrored left to right (sharp flop, JPEG quality 95). */
const mirrorOf = (bytes: Buffer) => sharp(bytes).flop().jpeg({ quality: 95 }).toBuffer();
const templateDescriptors: Record<string, number[]> = {};
const mirroredTemplateDescriptors: Record<string, number[]> = {};
for (const t of FUSION_TEMPLATES) {
  const bytes = readFileSync(new URL(`../assets/fusion/${t}.jpg`, import.meta.url));
  templateDescriptors[t] = (await descriptorOf(bytes))!;
  if (!childOnly) mirroredTemplateDescriptors[t] = (await descriptorOf(await mirrorOf(bytes)))!;
}

let pairs = 0;
let holds = 0;
if (!childOnly) {
  let faceKept = 0;
  const margins: number[] = [];
  const mirrorMargins: number[] = [];
  let mirrorHolds = 0;
  const seamRatios: number[] = [];
  const pasteRatios: number[] = [];
  const openingShares: number[] = [];
  const greyAdded: number[] = [];
  const spreadRatios: number[] = [];
  /** The colour cast's spread across the face (faceColour's cast) in each result, and per user. */
  const casts: number[] = [];
  const fusionCasts: string[] = [];
  /** Triangles at the outline folded in the fused shape (foldsAtOutline), per fusion. */
  const folds: number[] = [];
  for (const [name, bytes] of Object.entries(users)) {
    const userDesc = await descriptorOf(bytes);
    const mirroredUserDesc = await descriptorOf(await mirrorOf(bytes));
    const userImage = await decodeImage(bytes);
    const userFace = await largestFace(userImage, models);
    if (!userDesc || !userFace) {
      console.log(`${name}: no face in the user's photo`);
      continue;
    }
    const row: string[] = [];
    const castRow: string[] = [];
    const userColour = faceColour(userImage, userFace.mesh);
    for (const t of FUSION_TEMPLATES) {
      const r = await runTaskInProcess<FaceFuseResult>('facefuse', {
        image: bytes,
        params: { template: t, mergeRate: 100 },
      });
      pairs++;
      const out = Buffer.from(r.images.media_data.bytes);
      const fused = await descriptorOf(out);
      const template = await bundledTemplate(t, models);
      const shape = shapeTowards(template.face!.mesh, userFace.mesh, 1);
      folds.push(foldsAtOutline(template.face!.mesh, shape));
      const seam = ovalOf(shape, FUSION_RULES.ovalShrink);
      const result = await decodeImage(out);
      const own = seamGradient(template.image, seam);
      seamRatios.push(seamGradient(result, seam) / own);
      pasteRatios.push(seamGradient(plainPaste(template.image, userImage, userFace.mesh, shape), seam) / own);
      const opening = templateShareInOpening(result, template.image, shape);
      if (opening.pixels >= 20) openingShares.push(opening.share);
      const colour = faceColour(result, shape);
      greyAdded.push(colour.grey - userColour.grey);
      spreadRatios.push(colour.spread / userColour.spread);
      casts.push(colour.cast);
      castRow.push(`${t} ${f2(colour.cast)}`);
      if (!fused) {
        row.push(`${t} no face`);
        continue;
      }
      faceKept++;
      const toUser = similarity(fused, userDesc);
      const toTemplate = similarity(fused, templateDescriptors[t]!);
      if (toUser > toTemplate) holds++;
      margins.push(toUser - toTemplate);
      // 1c: each face also against its mirror image, averaged (see the file comment).
      if (mirroredUserDesc) {
        const poseFair =
          (toUser + similarity(fused, mirroredUserDesc)) / 2 -
          (toTemplate + similarity(fused, mirroredTemplateDescriptors[t]!)) / 2;
        if (poseFair > 0) mirrorHolds++;
        mirrorMargins.push(poseFair);
      }
      row.push(`${t} ${toUser.toFixed(0)}/${toTemplate.toFixed(0)}`);
    }
    console.log(`${name}: ${row.join(', ')}`);
    fusionCasts.push(`${name} ${f2(userColour.cast)}: ${castRow.join(', ')}`);
  }
  console.log(
    `${tuning ? 'tuning' : independent ? 'independent' : 'report'} set: ${pairs} fusions; a face found in ${faceKept}; ` +
      `closer to the user than to the template in ${holds} (similarity margin median ${f2(median(margins))}, min ${f2(Math.min(...margins))})`,
  );
  console.log(
    `each face also against its mirror image (averaged): closer to the user in ${mirrorHolds} of ${mirrorMargins.length} ` +
      `(margin median ${f2(median(mirrorMargins))}, min ${f2(Math.min(...mirrorMargins))})`,
  );
  console.log(
    `triangles at the outline folded in the fused shape: ${folds.reduce((a, b) => a + b, 0)} in all, ` +
      `median ${median(folds)}, max ${Math.max(...folds)}; fusions with any: ${folds.filter((v) => v > 0).length} of ${folds.length}`,
  );
  console.log(
    `seam gradient / template's own: median ${f2(median(seamRatios))}, max ${f2(Math.max(...seamRatios))}; ` +
      `plain paste: median ${f2(median(pasteRatios))}, max ${f2(Math.max(...pasteRatios))}`,
  );
  console.log(
    `mouth's opening (20 px or more): share within 8 levels of the template's own pixels median ${f2(median(openingShares))}, ` +
      `max ${f2(Math.max(...openingShares))}; over 0.1 in ${openingShares.filter((v) => v > 0.1).length} of ${openingShares.length}`,
  );
  console.log(
    `grey skin (chroma under ${GREY_CHROMA}) in the face oval, result's share minus the user photo's: median ${f2(median(greyAdded))}, ` +
      `max ${f2(Math.max(...greyAdded))}; over 0.05 in ${greyAdded.filter((v) => v > 0.05).length} of ${greyAdded.length}`,
  );
  console.log(
    `chroma spread (a* and b* over the face oval) in the result over the user photo's: median ${f2(median(spreadRatios))}, ` +
      `max ${f2(Math.max(...spreadRatios))}; over 1.3 in ${spreadRatios.filter((v) => v > 1.3).length} of ${spreadRatios.length}`,
  );
  console.log(
    `colour cast across the face (a* and b* of quarter-face cells, root mean square about their mean) in the results: median ${f2(median(casts))}, ` +
      `max ${f2(Math.max(...casts))}; over 6 in ${casts.filter((v) => v > 6).length} of ${casts.length}; per user (photo: results): ${fusionCasts.join('; ')}`,
  );

  // 3: head replacement.
  let headPairs = 0;
  let headHolds = 0;
  let headFaces = 0;
  const headMargins: number[] = [];
  const headGreyAdded: number[] = [];
  const headOffHueAdded: number[] = [];
  const headChromaSpread: number[] = [];
  /** Per user: the colour cast's spread across the face (faceColour's cast) in the photo and in each result. */
  const headCasts: string[] = [];
  const headCastResults: number[] = [];
  const headSeams = {
    lower: [] as number[],
    upper: [] as number[],
    pasteLower: [] as number[],
    pasteUpper: [] as number[],
    bothLower: [] as number[],
    bothUpper: [] as number[],
  };
  /** Per result: the share of the template's face oval the placed head does not cover (3c). */
  const templateFaceLeft: number[] = [];
  const templateFaceLeftWhere: string[] = [];
  /** Where over 0.05 is left: the strip's colour step to the placed face in the result, and in the template. */
  const stripSteps: Array<[number, number]> = [];
  const skinHairModels = await loadSkinHairModels();
  for (const [name, bytes] of Object.entries(users)) {
    const userDesc = await descriptorOf(bytes);
    if (!userDesc) continue;
    const row: string[] = [];
    const castRow: string[] = [];
    const userImage = await decodeImage(bytes);
    const userFace = await largestFace(userImage, models);
    const userColour = userFace && faceColour(userImage, userFace.mesh);
    for (const t of FUSION_TEMPLATES) {
      // The task's own steps, once: the answer's picture (templateResult, as the task encodes it)
      // and where the head went, for the seam.
      const { out, user, template, placed } = await replaceHead(userImage, { template: t }, skinHairModels);
      const picture = (await templateResult(out, { template: t }, user, template, {})).images.media_data
        .bytes;
      headPairs++;
      if (placed && template.face) {
        const result = await decodeImage(Buffer.from(picture));
        const paste = plainHeadPaste(template.image, placed);
        const seam = headSeam(placed, template.face.mesh, result.width, result.height);
        for (const part of ['lower', 'upper'] as const) {
          const own = meanGradient(template.image, seam[part]);
          const edge = seamEdgeRatio(result, template.image, placed, seam[part]);
          if (edge === undefined || own === 0) continue;
          headSeams[part].push(meanGradient(result, seam[part]) / own);
          headSeams[part === 'lower' ? 'pasteLower' : 'pasteUpper'].push(
            meanGradient(paste, seam[part]) / own,
          );
          headSeams[part === 'lower' ? 'bothLower' : 'bothUpper'].push(edge);
        }
        // 3c: the template's own face left uncovered beside the placed head.
        const left = uncoveredShare(placed, template.face.mesh, template.image);
        templateFaceLeft.push(left);
        const resultFace = await largestFace(result, models);
        if (left > 0.05) {
          const steps = resultFace
            ? [result, template.image].map((img) =>
                stripStep(placed, template.face!.mesh, template.image, resultFace.mesh, img),
              )
            : [undefined, undefined];
          const [step, own] = steps;
          if (step !== undefined && own !== undefined) stripSteps.push([step, own]);
          templateFaceLeftWhere.push(
            `${name} into ${t} ${f2(left)} (colour step ${step === undefined ? '-' : f2(step)}, template's own ${own === undefined ? '-' : f2(own)})`,
          );
        }
        if (resultFace && userColour) {
          const colour = faceColour(result, resultFace.mesh);
          headGreyAdded.push(colour.grey - userColour.grey);
          headOffHueAdded.push(colour.offHue - userColour.offHue);
          headChromaSpread.push(colour.spread / userColour.spread);
          headCastResults.push(colour.cast);
          castRow.push(`${t} ${f2(colour.cast)}`);
        }
      }
      const fused = await descriptorOf(picture);
      if (!fused) {
        row.push(`${t} no face`);
        continue;
      }
      headFaces++;
      const toUser = similarity(fused, userDesc);
      const toTemplate = similarity(fused, templateDescriptors[t]!);
      if (toUser > toTemplate) headHolds++;
      headMargins.push(toUser - toTemplate);
      row.push(`${t} ${toUser.toFixed(0)}/${toTemplate.toFixed(0)}`);
    }
    console.log(`head ${name}: ${row.join(', ')}`);
    if (userColour) headCasts.push(`${name} ${f2(userColour.cast)}: ${castRow.join(', ')}`);
  }
  console.log(
    `head replacement: ${headPairs} results; a face found in ${headFaces}; closer to the user than to the template in ${headHolds} ` +
      `(margin median ${f2(median(headMargins))}, min ${f2(Math.min(...headMargins))})`,
  );
  const spread = (v: number[]) => `median ${f2(median(v))}, max ${f2(Math.max(...v))} (${v.length} results)`;
  console.log(
    `head: the template's face oval left uncovered by the head (mask under 0.5): ${spread(templateFaceLeft)}; ` +
      `over 0.05 in ${templateFaceLeft.filter((v) => v > 0.05).length}: ${templateFaceLeftWhere.join(', ')}`,
  );
  console.log(
    `head: colour step (CIELAB distance of the means) from the placed face to the template's face left beside it, where over 0.05 is left: ` +
      `${spread(stripSteps.map(([v]) => v))}; between the same regions of the template itself ${spread(stripSteps.map(([, v]) => v))}`,
  );
  console.log(
    `head seam gradient / template's own: below the mouth ${spread(headSeams.lower)}, plain paste ${spread(headSeams.pasteLower)}; ` +
      `above it ${spread(headSeams.upper)}, plain paste ${spread(headSeams.pasteUpper)}`,
  );
  console.log(
    `head seam gradient / the larger of the template's own and the mapped head's own: below the mouth ${spread(headSeams.bothLower)}; above it ${spread(headSeams.bothUpper)}`,
  );
  console.log(
    `head grey skin (chroma under ${GREY_CHROMA}) in the face oval, result's share minus the user photo's: ${spread(headGreyAdded)}; ` +
      `over 0.05 in ${headGreyAdded.filter((v) => v > 0.05).length}`,
  );
  console.log(
    `head off skin's hue (chroma ${GREY_CHROMA} and over, hue beyond ${SKIN_HUES.min}..${SKIN_HUES.max} degrees) in the face oval, result's share minus the user photo's: ` +
      `${spread(headOffHueAdded)}; over 0.05 in ${headOffHueAdded.filter((v) => v > 0.05).length}`,
  );
  console.log(
    `head chroma spread (a* and b* over the face oval) in the result over the user photo's: ${spread(headChromaSpread)}; ` +
      `over 1.3 in ${headChromaSpread.filter((v) => v > 1.3).length}`,
  );
  console.log(
    `head colour cast across the face (a* and b* of quarter-face cells, root mean square about their mean) in the results: ` +
      `${spread(headCastResults)}; over 6 in ${headCastResults.filter((v) => v > 6).length}; per user (photo: results): ${headCasts.join('; ')}`,
  );
  const templateCasts: string[] = [];
  for (const t of FUSION_TEMPLATES) {
    const { image, face } = await bundledTemplate(t, models);
    if (face) templateCasts.push(`${t} ${f2(faceColour(image, face.mesh).cast)}`);
  }
  console.log(`colour cast across the face of the templates: ${templateCasts.join(', ')}`);
}

// 4: child fusion.
const names = Object.keys(users);
const descriptors = Object.fromEntries(
  await Promise.all(names.map(async (n) => [n, await descriptorOf(users[n]!)] as const)),
);
let baseWins = 0;
let otherWins = 0;
let children = 0;
const toBases: number[] = [];
const toOthers: number[] = [];
for (let i = 0; i + 1 < names.length; i += 2) {
  const [a, b] = [names[i]!, names[i + 1]!];
  const r = await runTaskInProcess<ChildResult>('facefusechild', {
    image: users[a]!,
    params: { secondImage: new Uint8Array(users[b]!) },
  });
  const d = await descriptorOf(r.images.media_data.bytes);
  if (!d || !descriptors[a] || !descriptors[b]) {
    console.log(`child ${a} + ${b}: no face`);
    continue;
  }
  children++;
  const toBase = similarity(d, descriptors[a]!);
  const toOther = similarity(d, descriptors[b]!);
  const stranger = Math.max(
    ...names.filter((n) => n !== a && n !== b && descriptors[n]).map((n) => similarity(d, descriptors[n]!)),
  );
  if (toBase > stranger) baseWins++;
  if (toOther > stranger) otherWins++;
  toBases.push(toBase);
  toOthers.push(toOther);
  console.log(
    `child ${a} + ${b}: base parent ${toBase.toFixed(0)}, other parent ${toOther.toFixed(0)}, best stranger ${stranger.toFixed(0)}`,
  );
}
console.log(
  `child fusion: ${children} children; closer to the parent drawn on than to every stranger in ${baseWins}, to the other parent in ${otherWins}; ` +
    `similarity to the parent drawn on median ${f2(median(toBases))}, to the other median ${f2(median(toOthers))}`,
);

// The independent users are measured for identity, seams, head replacement and children only: 4b
// pairs the marked parents with the report set's women, and 5 times the astronaut.
if (independent) process.exit(0);

// 4b: a bearded parent or a parent in glasses with each woman of the set.
const marked: Record<string, Buffer> = tuning
  ? { bearded: await beardedMan(), glasses: await manInGlasses() }
  : { smiling_bearded: await smilingMan(), fm5_5_glasses_goatee: await facematchGridTile(5, 5) };
let lipSum = 0;
let lipMax = 0;
let lipN = 0;
let glassesLeft = 0;
let beardLeft = 0;
let analysed = 0;
for (const [who, photo] of Object.entries(marked)) {
  const own = await appearanceOf(photo);
  // The parent's photo as child fusion cleans it (child-skin.ts): the beard's edge left along the jaw.
  const parent = await decodeImage(photo);
  const parentFace = await largestFace(parent, models);
  if (parentFace) {
    const before = jawLineDepth(parent, parentFace.mesh);
    const cleaned = cleanChildSkin(parent, parentFace.mesh);
    console.log(
      `${who}: jaw line depth (grey levels) ${f2(before)} in the photo, ${f2(jawLineDepth(parent, parentFace.mesh))} cleaned (beard share ${f2(cleaned.beard)})`,
    );
  }
  console.log(
    `${who}: own upper-lip dark share ${f2((await upperLipDarkness(photo)) ?? NaN)}, detector glasses ${own?.glasses.value} (edges ${own?.measures.glassesEdges}), beard ${own?.beard.value}`,
  );
  for (const woman of names.filter((n) => n !== 'bearded'))
    for (const weight of [50, 20]) {
      const r = await runTaskInProcess<ChildResult>('facefusechild', {
        image: photo,
        params: { weight, secondImage: new Uint8Array(users[woman]!) },
      });
      const bytes = r.images.media_data.bytes;
      const lip = await upperLipDarkness(bytes);
      const look = await appearanceOf(bytes);
      if (lip !== undefined) {
        lipSum += lip;
        lipMax = Math.max(lipMax, lip);
        lipN++;
      }
      if (look) {
        analysed++;
        if (look.glasses.value !== 'none') glassesLeft++;
        if (look.beard.value === 1) beardLeft++;
      }
      console.log(
        `child ${who} + ${woman} weight ${weight}: upper-lip dark share ${f2(lip ?? NaN)}, detector glasses ${look?.glasses.value} (edges ${look?.measures.glassesEdges}), beard ${look?.beard.value} (darkness ${look?.measures.beardDarkness})`,
      );
    }
}
console.log(
  `cleaning: ${lipN} children; upper-lip dark share mean ${f2(lipSum / lipN)}, max ${f2(lipMax)}; ` +
    `detector finds glasses in ${glassesLeft} of ${analysed}, a beard in ${beardLeft} of ${analysed}`,
);

// 5: speed.
const { astronaut } = await speedPhotos();
const portrait = await sharp(readFileSync(astronautPath()))
  .resize(1080, 1080)
  .jpeg({ quality: 90 })
  .toBuffer();
const mirrored = await sharp(readFileSync(astronautPath())).flop().jpeg({ quality: 90 }).toBuffer();
for (const [task, params] of [
  ...(childOnly
    ? []
    : ([
        ['facefuse', {}],
        ['headreplace', {}],
      ] as const)),
  ['facefusechild', { secondImage: new Uint8Array(mirrored) }],
] as const) {
  console.log(`${task} astronaut 640 px: ${await timeTask(task, astronaut, 20, params)}`);
  console.log(`${task} astronaut 1080 px: ${await timeTask(task, portrait, 20, params)}`);
}

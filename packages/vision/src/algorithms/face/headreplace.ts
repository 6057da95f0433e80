/**
 * Head replacement (v2/headreplace): the user's head (face and hair) put on a template's body.
 * Models: the facepoints pipeline (face and mesh) and the person segmenter behind the hair mask
 * of v1/hair_segment (skin-hair.ts, called as it is); the rest is classical:
 *
 *  1. The head: the face oval of the user's mesh joined with the hair mask (skin-hair.ts's hair
 *     probability, kept within HEAD_RULES of the face and faded out towards that frame's edges:
 *     hair of other people or far down the shoulders stays out) and the skin beside and above the
 *     oval (forehead up to the hairline, temples, ears), refined at full size by the guided filter
 *     as v1/hair_segment does.
 *  1b. The template's own beard and glasses are taken out of it first (child-skin.ts).
 *  2. Pose: the similarity (Umeyama 1991) taking the user's eye corners, nose bridge, forehead
 *     and chin onto the template's: the head is scaled to the template's face and turned by the
 *     difference of the two eye lines.
 *  3. The user's photo and head mask are mapped into the template by that similarity
 *     (bilinear); a colour cast that changes across the face (mixed light) is evened (fusion.ts
 *     evenFaceCast), then the face's colour is moved towards the template face's in CIELAB (Reinhard et
 *     al. 2001) over its skin (oval and skin mask), so the skin meets the template's neck, its
 *     spread of lightness kept (HEAD_RULES.spread), and towards a paler template its a* and b*
 *     scaled rather than shifted (fusion.ts transferColour's chroma 'gain': a shift turned a warm
 *     face's highlights grey there); hair keeps its colour.
 *  4. The head is joined to the template through its mask by multi-band blending (Burt & Adelson
 *     1983), which hides the seam at the neck; outside the mask the head layer is the template
 *     itself, so the blend's low bands carry none of the user's background (no halo).
 *
 *  5. The template's own face left beside the head (a narrower or turned user's) takes the placed
 *     face's colour (matchTemplateFaceLeft), so it does not read as a second face of another light.
 *
 * Weak where the template's own hair or head reaches beyond the user's head (it stays visible
 * around it, and the template's ears and jaw where the user's face is turned or narrower, now in
 * the user's colour but in the template's shape; filling it from around by pull-push was tried and
 * left a smear as visible as the hair), and where the user's hair is cut by the photo's border or
 * not found by the hair mask.
 */
import type { Algorithm } from '../types.ts';
import type { RgbPixels } from '../../image/resize.ts';
import type { DecodedImage } from '../../image/decode.ts';
import {
  analysePhoto,
  hairProbability,
  loadSkinHairModels,
  refineToFullSize,
  skinProbability,
  type SkinHairModels,
} from '../body/skin-hair.ts';
import {
  alignSimilarity,
  applySimilarity,
  boxAround,
  copyPixels,
  cropFloat,
  multiBandBlend,
  ovalOf,
  pasteFloat,
  polygonMask,
  softenMask,
  transferColour,
  evenFaceCast,
  type Box,
  type Similarity,
  type XY,
} from './fusion.ts';
import { FUSION_RULES, templateResult, userAndTemplate, type Template } from './facefuse.ts';
import { cleanChildSkin } from './child-skin.ts';
import { parseHeadParams, type HeadParams, type HeadResult } from './facefuse-params.ts';

/** The head's extent around the face, in face widths (u across, v down from the mesh centre). */
export const HEAD_RULES = {
  /** Hair kept up to this far to each side of the face's centre. */
  side: 1.1,
  /** And from this far above the face's centre ... */
  above: 1.4,
  /** ... to this far below it (the chin is about 0.6 below). */
  below: 1.1,
  /**
   * The hair's weight falls from 1 to 0 over this many face widths inside the frame's edges (`side`
   * at the sides and the top, `below` at the bottom): long hair cut by a straight line at `below`
   * (0.9 before, with no fade) showed as a hard edge over the template's clothes.
   */
  hairFade: { side: 0.1, below: 0.35 },
  /** The face's recolouring fades out over this many face widths (two box blurs) at the oval's edge. */
  colourFade: 0.12,
  /** The user's skin joins the head down to this far below the face's centre (the ears; not the neck). */
  skinBelow: 0.2,
  /**
   * The colour transfer's spread ratio of L* (and of a* or b* when not scaled by a factor, see
   * placeHead) is held within these (face fusion's allow 0.6..1.6): the face takes the template
   * face's mean colour but keeps its own light and shade. Stretched to a harder-lit template's
   * spread (x1.5), a highlight on the nose went white and the eye sockets black; squeezed to a
   * paler face's chroma (x0.6), the lips lost their red.
   */
  spread: { min: 0.8, max: 1 },
  /**
   * The template's face left beside the head is recoloured (matchTemplateFaceLeft) from this share
   * of its face oval uncovered.
   */
  faceLeftMin: 0.02,
  /** Mesh points the pose is taken from: eye corners, nose bridge, forehead top, chin. */
  posePoints: [33, 133, 263, 362, 168, 10, 152],
} as const;

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

const invert = (m: Similarity): Similarity => {
  const d = m.a * m.a + m.b * m.b;
  const a = m.a / d;
  const b = -m.b / d;
  return { a, b, tx: -(a * m.tx - b * m.ty), ty: -(b * m.tx + a * m.ty) };
};

/**
 * A face's head probability 0..1 on the skin-hair working copy (its face oval, the skin beside and
 * above it and the hair near it, within HEAD_RULES of the face: hair of other people or on the
 * shoulders stays out) and its skin probability within the same window.
 */
function headMasksOnWorking(
  maps: Awaited<ReturnType<typeof analysePhoto>>,
  face: (typeof maps.faces)[number],
): { head: Float32Array; skin: Float32Array } {
  const { width: w, height: h } = maps.working;
  const skinAll = skinProbability(maps);
  const hair = hairProbability(maps, skinAll);
  const oval = polygonMask(ovalOf(face.mesh as XY[]), { x0: 0, y0: 0, x1: w, y1: h });
  const head = new Float32Array(w * h);
  const skin = new Float32Array(w * h);
  const fade = HEAD_RULES.hairFade;
  // The face's own frame: v along chin -> forehead reversed (down positive), u across.
  const vx = -face.ux;
  const vy = -face.uy;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dx = x - face.cx;
      const dy = y - face.cy;
      const u = (dx * -vy + dy * vx) / face.width;
      const v = (dx * vx + dy * vy) / face.width;
      const near = Math.abs(u) <= HEAD_RULES.side && v >= -HEAD_RULES.above && v <= HEAD_RULES.below;
      skin[i] = near ? Math.max(oval[i]!, skinAll[i]!) : 0;
      // The head: the oval, the hair, and the skin beside and above the face (forehead up to the
      // hairline, temples, ears; the oval ends below the hairline), not the neck. The hair fades
      // out towards the frame's edges (HEAD_RULES.hairFade) instead of ending on its straight lines.
      const keep =
        clamp01((HEAD_RULES.side - Math.abs(u)) / fade.side) *
        clamp01((HEAD_RULES.below - v) / fade.below) *
        clamp01((HEAD_RULES.above + v) / fade.side);
      head[i] = Math.max(oval[i]!, hair[i]! * keep, v <= HEAD_RULES.skinBelow ? skin[i]! : 0);
    }
  fillHoles(head, w, h);
  return { head, skin };
}

/**
 * Holes in a mask filled (morphological hole filling, Soille, "Morphological Image Analysis",
 * 2003, section 6.3.7, by a flood fill of the background from the border): pixels below 0.5 that
 * the border cannot reach through pixels below 0.5 are set to 1. A patch of the forehead that is
 * neither hair nor skin by the colour models (a highlight, a parting) would otherwise show the
 * template through the head.
 */
function fillHoles(mask: Float32Array, w: number, h: number): void {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (i: number) => {
    if (outside[i] || mask[i]! >= 0.5) return;
    outside[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < (h - 1) * w) push(i + w);
  }
  for (let i = 0; i < mask.length; i++) if (!outside[i] && mask[i]! < 0.5) mask[i] = 1;
}

const cleaned = new WeakMap<Template, RgbPixels>();

/**
 * The template with its own beard (and the band under the chin when its beard detector finds one)
 * and glasses taken out (child-skin.ts, as for a child's parents): where the user's head is
 * smaller than the template's, they stayed visible around the user's chin and temples, and they
 * darkened the template face's colour that the user's skin is moved towards. Once per bundled
 * template and thread (bundledTemplate gives the same object); a sent template every call.
 */
function cleanedTemplate(template: Template, mesh: readonly XY[]): RgbPixels {
  let clean = cleaned.get(template);
  if (!clean) {
    clean = copyPixels(template.image);
    cleanChildSkin({ ...template.image, data: clean.data }, mesh);
    cleaned.set(template, clean);
  }
  return clean;
}

/** The widest face of a photo's skin-hair maps. */
const widestFace = (maps: Awaited<ReturnType<typeof analysePhoto>>) =>
  maps.faces.reduce<(typeof maps.faces)[number] | undefined>(
    (a, b) => (!a || b.width > a.width ? b : a),
    undefined,
  );

/**
 * The head replacement itself: the template with the user's head put on it (`out`), and where it
 * went (`placed`: the head's mask 0..1 in the template, in `box`, and the head layer as mapped
 * there before recolouring and blending); no `placed` when either photo has no face.
 */
export async function replaceHead(image: DecodedImage, p: HeadParams, models: SkinHairModels) {
  const { template, user, out } = await userAndTemplate(image, p, models);
  let scale = 1;
  let rotation = 0;
  let placed: PlacedHead | undefined;
  const maps = user && template.face ? await analysePhoto(image, models, { poses: true }) : undefined;
  const head = maps && widestFace(maps);
  if (user && template.face && maps && head) {
    out.data.set(cleanedTemplate(template, template.face.mesh).data);
    const masks = headMasksOnWorking(maps, head);
    const alpha = await refineToFullSize(maps, masks.head, image);
    // The skin only steers the recolouring, which is faded out over a wide band: the working
    // copy's map is enough (no refinement to full size).
    const skin = { map: masks.skin, width: maps.working.width, scale: maps.working.width / image.width };
    const idx = HEAD_RULES.posePoints;
    const toTemplate = alignSimilarity(
      idx.map((i) => user.mesh[i]!),
      idx.map((i) => template.face!.mesh[i]!),
    );
    scale = Math.hypot(toTemplate.a, toTemplate.b);
    rotation = (Math.atan2(toTemplate.b, toTemplate.a) * 180) / Math.PI;
    placed = placeHead(out, image, { alpha, skin }, user.mesh, template.face.mesh, toTemplate);
  }
  return { out, user, template, scale, rotation, placed };
}

export const headreplace: Algorithm<HeadParams, HeadResult, SkinHairModels> = {
  task: 'headreplace',
  decode: {},
  parseParams: parseHeadParams,
  loadModels: loadSkinHairModels,
  warmup: async () => {},
  async run(image, p, models) {
    const { out, user, template, scale, rotation } = await replaceHead(image, p, models);
    return templateResult(out, p, user, template, {
      scale: Math.round(scale * 1e4) / 1e4,
      rotation: Math.round(rotation * 10) / 10,
    });
  },
};

/**
 * The template's own face left beside the placed head (its face oval where the head's mask is
 * under 0.5: a narrower or turned user's head leaves the template's cheek or jaw) takes the placed
 * face's colour (Reinhard et al. 2001 in CIELAB, from that strip's mean and spread to the placed
 * face's, the spread held within HEAD_RULES.spread), weighted by how little the head covers it
 * and faded out across the oval's edge: the strip then reads as the side of the user's head
 * instead of a second face of another colour beside it (a pale crescent of a lit template cheek
 * beside a darker user's face). `blended` (the box's result, RGB floats) is changed in place;
 * nothing happens when under HEAD_RULES.faceLeftMin of the template's oval is uncovered. Pixels
 * just outside the oval (within the fade) move by the same colour map, less the further out.
 */
function matchTemplateFaceLeft(
  blended: Float32Array,
  bw: number,
  bh: number,
  mask: Float32Array,
  userOval: Float32Array,
  templateFace: Float32Array,
  faceWidthPx: number,
): void {
  const left = new Float32Array(mask.length);
  const face = new Float32Array(mask.length);
  let inOval = 0;
  let uncovered = 0;
  for (let i = 0; i < left.length; i++) {
    left[i] = templateFace[i]! * (1 - mask[i]!);
    face[i] = userOval[i]! * mask[i]!;
    if (templateFace[i]! > 0.5) {
      inOval++;
      if (mask[i]! < 0.5) uncovered++;
    }
  }
  if (inOval === 0 || uncovered < HEAD_RULES.faceLeftMin * inOval) return;
  // The weight: the head's soft mask towards the head, and across the template's oval edge a
  // soft falloff (the oval blurred over HEAD_RULES.colourFade face widths), so the recoloured
  // cheek fades into the template's ear and neck instead of drawing the oval's outline.
  const soft = softenMask(templateFace, bw, bh, Math.max(1, Math.round(HEAD_RULES.colourFade * faceWidthPx)));
  const weight = new Float32Array(mask.length);
  for (let i = 0; i < weight.length; i++) weight[i] = Math.min(1, 2 * soft[i]!) * (1 - mask[i]!);
  const recoloured = new Float32Array(blended);
  // `blended` is only read as the target (its placed face's moments); `recoloured` is changed.
  transferColour(recoloured, left, blended, face, weight, { spread: HEAD_RULES.spread });
  for (let i = 0; i < weight.length; i++) {
    const k = weight[i]!;
    if (k <= 0) continue;
    for (let c = 0; c < 3; c++)
      blended[i * 3 + c] = blended[i * 3 + c]! + k * (recoloured[i * 3 + c]! - blended[i * 3 + c]!);
  }
}

/** Where placeHead put the head: its box in the template, the mask and the mapped head in it. */
export interface PlacedHead {
  box: Box;
  /** 0..1 per pixel of the box. */
  mask: Float32Array;
  /** The user's photo mapped into the box (RGB floats), before recolouring and blending. */
  mapped: Float32Array;
}

/**
 * Maps the user's head (`masks.alpha`, 0..255 at the user photo's size) into `out` (the template)
 * by `m`, its skin (`masks.skin`) colour-matched to the template's face, and blends it in.
 * Undefined when the head falls (nearly) outside the template.
 */
function placeHead(
  out: RgbPixels,
  user: RgbPixels,
  masks: { alpha: Uint8Array; skin: { map: Float32Array; width: number; scale: number } },

  userMesh: readonly XY[],
  templateMesh: readonly XY[],
  m: Similarity,
): PlacedHead | undefined {
  const W = out.width;
  const H = out.height;
  const faceWidth = Math.hypot(userMesh[454]![0] - userMesh[234]![0], userMesh[454]![1] - userMesh[234]![1]);
  // The head's region in the user's photo (the HEAD_RULES frame's corners), mapped into the template.
  const centre = userMesh.reduce<XY>(
    (s, q) => [s[0] + q[0] / userMesh.length, s[1] + q[1] / userMesh.length],
    [0, 0],
  );
  const r = faceWidth * Math.max(HEAD_RULES.side, HEAD_RULES.above, HEAD_RULES.below);
  const corners: XY[] = [
    [centre[0] - r, centre[1] - r],
    [centre[0] + r, centre[1] - r],
    [centre[0] - r, centre[1] + r],
    [centre[0] + r, centre[1] + r],
  ].map(([x, y]) => [m.a * x! - m.b * y! + m.tx, m.b * x! + m.a * y! + m.ty]);
  const box = boxAround(corners, 2, W, H);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  if (bw < 8 || bh < 8) return undefined;
  const back = invert(m);
  const head = new Float32Array(bw * bh * 3);
  const mask = new Float32Array(bw * bh);
  const skin = new Float32Array(bw * bh);
  const { alpha } = masks;
  const { width: UW, height: UH, data } = user;
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const sx = back.a * x - back.b * y + back.tx;
      const sy = back.b * x + back.a * y + back.ty;
      if (sx < 0 || sy < 0 || sx > UW - 1.001 || sy > UH - 1.001) continue;
      const ix = sx | 0;
      const iy = sy | 0;
      const fx = sx - ix;
      const fy = sy - iy;
      const o = (y - box.y0) * bw + (x - box.x0);
      const p = iy * UW + ix;
      for (let c = 0; c < 3; c++) {
        const a = data[p * 3 + c]! + fx * (data[p * 3 + 3 + c]! - data[p * 3 + c]!);
        const b = data[(p + UW) * 3 + c]! + fx * (data[(p + UW) * 3 + 3 + c]! - data[(p + UW) * 3 + c]!);
        head[o * 3 + c] = a + fy * (b - a);
      }
      const a = alpha[p]! + fx * (alpha[p + 1]! - alpha[p]!);
      const b = alpha[p + UW]! + fx * (alpha[p + UW + 1]! - alpha[p + UW]!);
      mask[o] = (a + fy * (b - a)) / 255;
      const k = masks.skin.scale;
      skin[o] = masks.skin.map[Math.floor(sy * k) * masks.skin.width + Math.floor(sx * k)]!;
    }
  const templateCrop = cropFloat(out, box);
  // Skin tone: the user's skin (its face oval and the skin around it: forehead, ears, neck; not
  // the hair) moved towards the template's face oval (as it came), faded out at the skin's edge.
  // Recolouring the oval alone left the forehead above it in the user's light: a band with an edge.
  const mappedMesh = userMesh.map((p) => applySimilarity(m, p));
  const userOval = polygonMask(ovalOf(mappedMesh), box);
  const templateOval = polygonMask(ovalOf(templateMesh, FUSION_RULES.ovalShrink), box);
  for (let i = 0; i < skin.length; i++) skin[i] = Math.max(skin[i]!, userOval[i]!) * mask[i]!;
  const fade = softenMask(
    skin,
    bw,
    bh,
    Math.max(1, Math.round(HEAD_RULES.colourFade * faceWidth * Math.hypot(m.a, m.b))),
  );
  const recoloured = new Float32Array(head);
  // A cast that differs across the face (mixed light) is evened first: the transfer moves the
  // face's mean and spread, and kept an orange nose on blue cheeks.
  evenFaceCast(recoloured, box, mappedMesh, skin, fade);
  transferColour(recoloured, userOval, templateCrop, templateOval, fade, {
    spread: HEAD_RULES.spread,
    chroma: 'gain',
  });
  // Outside the head the template (without its own head) is taken on both sides of the blend, so
  // its low bands carry no colour of the user's background: no halo of it around the head.
  // (`recoloured` becomes the blend's head layer; `head` stays as mapped.)
  for (let i = 0; i < fade.length; i++)
    for (let c = 0; c < 3; c++) {
      const k = i * 3 + c;
      const face = head[k]! + fade[i]! * (recoloured[k]! - head[k]!);
      recoloured[k] = mask[i]! * face + (1 - mask[i]!) * templateCrop[k]!;
    }
  const blended = multiBandBlend(recoloured, templateCrop, mask, bw, bh, FUSION_RULES.levels);
  matchTemplateFaceLeft(
    blended,
    bw,
    bh,
    mask,
    userOval,
    polygonMask(ovalOf(templateMesh), box),
    faceWidth * Math.hypot(m.a, m.b),
  );
  pasteFloat(out, box, blended);
  return { box, mask, mapped: head };
}

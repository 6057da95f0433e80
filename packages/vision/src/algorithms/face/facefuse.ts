/**
 * Face fusion (v3/facefuse): the user's face put into a template photo. No model of its own: the
 * faces and their 468-point meshes come from the facepoints pipeline (BlazeFace + FaceMesh); the
 * rest is the classical image method of fusion.ts:
 *
 *  1. The user's mesh is aligned onto the template's by a similarity (Umeyama 1991), so the
 *     user's face shape is compared in the template's position, size and roll.
 *  2. The target shape is the template's mesh moved towards the aligned user mesh by the merge
 *     rate (0: the template's face, 100: the user's face shape).
 *  3. The template is warped to the target shape over the mesh's triangles and a ring of fixed
 *     points around the face (the ring keeps the hair, ears and background in place while the
 *     face outline moves); the user's face is warped from its own mesh to the same target.
 *  4. A colour cast that changes across the user's face (mixed light: a blue cheek, an orange
 *     nose) is evened (fusion.ts evenFaceCast); the warped face then gets the template face's
 *     colour (Reinhard et al. 2001 in CIELAB;
 *     towards a paler template a* and b* are scaled, not shifted: fusion.ts transferColour's
 *     chroma 'gain'), so skin tone and light match the template's; it is then mixed with the
 *     template's warped face by the merge rate.
 *  5. The face is joined to the template inside the face oval (shrunk a little so the template's
 *     own jaw line and hairline stay) by multi-band blending (Burt & Adelson 1983).
 *
 * Bundled templates are decoded and their meshes found once per thread.
 */
import { readFileSync } from 'node:fs';
import { decodeImage, type DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import { encodeJpeg } from './retouch-faces.ts';
import type { Algorithm } from '../types.ts';
import { loadMeshFaceModels, type MeshFaceModels } from './mesh-faces.ts';
import { FACE_OVAL } from './retouch.ts';
import { MESH_TRIANGLES } from './mesh-triangles.ts';
import {
  alignSimilarity,
  applySimilarity,
  boxAround,
  copyPixels,
  cropFloat,
  largestFace,
  multiBandBlend,
  ovalOf,
  pasteFloat,
  polygonMask,
  RING_TRIANGLES,
  ringAround,
  softenMask,
  transferColour,
  evenFaceCast,
  foreheadSkin,
  TRIANGLES,
  warpTriangles,
  type FoundFace,
  type XY,
} from './fusion.ts';
import {
  parseFaceFuseParams,
  type FaceFuseParams,
  type FaceFuseResult,
  type FusedFace,
  type FusionTemplate,
} from './facefuse-params.ts';

/** JPEG quality of the answers. */
export const FUSION_JPEG_QUALITY = 92;

/** The fusion's fixed rules (face units are the width of the face oval's box). */
export const FUSION_RULES = {
  /** How far out the fixed ring lies, as a share of each oval point's distance from the centre. */
  ringGrow: 0.6,
  /** How far the blend's oval is pulled in towards the centre (keeps the template's jaw and hairline). */
  ovalShrink: 0.1,
  /** Softening radius of the blend mask, as a share of the face width. */
  maskSoften: 0.02,
  /** Laplacian levels of the multi-band blend. */
  levels: 5,
  /**
   * How far the face outline (the oval's points) follows the user's at full merge rate: the jaw
   * and hairline stay mostly the template's, so the head still fits the template's hair, neck
   * and shoulders; the features inside (eyes, brows, nose, mouth) follow the user's fully.
   */
  outlineShare: 0.35,
  /** Softening radius of the forehead check (hair over the forehead, foreheadSkin), as a share of the face width. */
  foreheadSoften: 0.03,
  /**
   * Undoing folds at the outline (shapeTowards, foldsAtOutline): each round cuts the share of the
   * user's shape of a folded triangle's points by `factor`, for at most `rounds` rounds (0.5^24:
   * back at the template's mesh, which is not folded against itself). With the outline held at
   * `outlineShare`, a user's face turned aside folded the triangles next to it: the points inside
   * followed the user's squeezed far cheek past the outline, and each folded triangle drew a thin
   * jagged stroke of hair or background across the result's cheek (report set: 46 of 48 fusions
   * had folds, up to 22 triangles).
   */
  unfold: { factor: 0.5, rounds: 24 },
} as const;

const TEMPLATE_DIR = new URL('../../../assets/fusion/', import.meta.url);

export interface Template {
  image: DecodedImage;
  face: FoundFace | undefined;
}

const templates = new Map<string, Promise<Template>>();

/** A bundled template and its face, decoded and found once per thread. */
export function bundledTemplate(name: FusionTemplate, models: MeshFaceModels): Promise<Template> {
  let t = templates.get(name);
  if (!t) {
    t = (async () => {
      const image = await decodeImage(readFileSync(new URL(`${name}.jpg`, TEMPLATE_DIR)));
      return { image, face: await largestFace(image, models) };
    })();
    t.catch(() => templates.delete(name));
    templates.set(name, t);
  }
  return t;
}

/** A template photo sent by the client: decoded with the engine's decoder and default limits. */
export async function sentTemplate(bytes: Uint8Array, models: MeshFaceModels): Promise<Template> {
  const image = await decodeImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { image, face: await largestFace(image, models) };
}

/** A face as the answers give it. */
export const faceOf = (f: FoundFace | undefined): FusedFace | null =>
  f ? { face_rectangle: f.rectangle, score: f.score } : null;

/**
 * Fuses the user's face (`user`, its mesh `userMesh`) into `target` (changed in place; its mesh
 * `targetMesh`) at `rate` 0..1: the face takes the shape `shape` (default: shapeTowards), and
 * the user's colour is moved `colour` (0..1) of the way to the template face's before mixing.
 */
export function fuseInto(
  target: RgbPixels,
  targetMesh: readonly XY[],
  user: RgbPixels,
  userMesh: readonly XY[],
  rate: number,
  options: {
    shape?: readonly XY[];
    colour?: number;
    /**
     * Warp the mouth's opening too (fusion.ts MOUTH_TRIANGLES; default). Off, the opening stays a
     * hole of the warp and shows the target's own pixels there (child fusion, see facefusechild.ts).
     */
    warpMouthOpening?: boolean;
  } = {},
): void {
  const shape = options.shape ?? shapeTowards(targetMesh, userMesh, rate);
  const W = target.width;
  const H = target.height;
  const ring = ringAround(targetMesh, FUSION_RULES.ringGrow, W, H);
  const box = boxAround(ring, 2, W, H);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  if (bw < 8 || bh < 8) return;
  const triangles = options.warpMouthOpening === false ? MESH_TRIANGLES : TRIANGLES;
  // The template warped to the new shape; pixels outside the ring keep their place.
  const warpedTemplate = cropFloat(target, box);
  const unused = new Float32Array(bw * bh);
  warpTriangles(
    target,
    [...targetMesh, ...ring],
    [...shape, ...ring],
    [...triangles, ...RING_TRIANGLES],
    box,
    warpedTemplate,
    unused,
  );
  // The user's face warped from its own mesh to the same shape.
  const warpedUser = new Float32Array(bw * bh * 3);
  const cover = new Float32Array(bw * bh);
  warpTriangles(user, userMesh, shape, triangles, box, warpedUser, cover);
  const oval = polygonMask(ovalOf(shape, FUSION_RULES.ovalShrink), box);
  for (let i = 0; i < oval.length; i++) oval[i]! *= cover[i]!;
  // Above the brows only the user's skin is moved: where the user's forehead is covered by hair (a
  // fringe), the template's pixels stay. Neither photo's fringe enters the colour statistics. (A
  // template's own fringe is covered by the user's forehead as before: keeping it moved the result's
  // identity towards the template's, face compare on the report set.)
  const userSkin = foreheadSkin(warpedUser, oval, shape, box);
  const templateSkin = foreheadSkin(warpedTemplate, oval, shape, box);
  const userRegion = oval.map((v, i) => v * userSkin[i]!);
  const templateRegion = oval.map((v, i) => v * templateSkin[i]!);
  // A cast that differs across the user's face (mixed light) is evened first: the transfer moves
  // the face's mean and spread only, and kept an orange nose on blue cheeks. Without a transfer
  // (child fusion mixes both parents' own colours) the face is left as it is.
  const amount = options.colour ?? 1;
  if (amount > 0) evenFaceCast(warpedUser, box, shape, userRegion, cover);
  // A shift of a* and b* towards a paler template turned a warm face's highlights grey.
  transferColour(warpedUser, userRegion, warpedTemplate, templateRegion, cover, {
    amount,
    chroma: 'gain',
  });
  const faceWidth = Math.hypot(shape[454]![0] - shape[234]![0], shape[454]![1] - shape[234]![1]);
  // Where the forehead check changes from skin to hair it changes softly (blurred over
  // FUSION_RULES.foreheadSoften, then squared so the hair's lighter tips stay out too): a hard
  // change would draw a thin crease across the forehead.
  const keepAll = softenMask(
    userSkin,
    bw,
    bh,
    Math.max(1, Math.round(FUSION_RULES.foreheadSoften * faceWidth)),
  ).map((v) => v * v);
  const face = new Float32Array(warpedTemplate);
  for (let i = 0; i < cover.length; i++) {
    // The hair is taken out of the face itself too (not only out of the mask): the blend's low
    // bands would otherwise spread it over the template's forehead as a dark shadow.
    const keep = keepAll[i]!;
    oval[i]! *= keep;
    if (cover[i]! <= 0) continue;
    const r = rate * keep;
    for (let c = 0; c < 3; c++) {
      const k = i * 3 + c;
      face[k] = r * warpedUser[k]! + (1 - r) * warpedTemplate[k]!;
    }
  }
  const mask = softenMask(oval, bw, bh, Math.max(1, Math.round(FUSION_RULES.maskSoften * faceWidth)));
  pasteFloat(target, box, multiBandBlend(face, warpedTemplate, mask, bw, bh, FUSION_RULES.levels));
}

/**
 * The target shape: the template's mesh moved towards the user's (aligned onto it) by `rate`,
 * the outline by `rate` x FUSION_RULES.outlineShare; then no triangle at the outline folded
 * (FUSION_RULES.unfold).
 */
export function shapeTowards(targetMesh: readonly XY[], userMesh: readonly XY[], rate: number): XY[] {
  const sim = alignSimilarity(userMesh, targetMesh);
  const aligned = userMesh.map((u) => applySimilarity(sim, u));
  const share = targetMesh.map((_, i) => (OUTLINE.has(i) ? FUSION_RULES.outlineShare : 1));
  const place = (i: number): XY => {
    const t = targetMesh[i]!;
    const u = aligned[i]!;
    const r = rate * share[i]!;
    return [t[0] + r * (u[0] - t[0]), t[1] + r * (u[1] - t[1])];
  };
  const shape = targetMesh.map((_, i) => place(i));
  // Folds at the outline are undone: the points of every folded triangle move back towards the
  // template's (their share of the user's shape cut by FUSION_RULES.unfold.factor), round after
  // round until none is folded; points elsewhere keep their share.
  for (let round = 0; round < FUSION_RULES.unfold.rounds; round++) {
    const folded = foldedAtOutline(targetMesh, shape);
    if (folded.length === 0) break;
    const moved = new Set<number>();
    for (const t of folded) for (let k = 0; k < 3; k++) moved.add(TRIANGLES[t + k]!);
    for (const i of moved) {
      share[i]! *= FUSION_RULES.unfold.factor;
      shape[i] = place(i);
    }
  }
  return shape;
}

/** The first index (in TRIANGLES) of each triangle touching the outline that `shape` folds. */
function foldedAtOutline(targetMesh: readonly XY[], shape: readonly XY[]): number[] {
  const area = (p: readonly XY[], t: number) => {
    const [ax, ay] = p[TRIANGLES[t]!]!;
    const [bx, by] = p[TRIANGLES[t + 1]!]!;
    const [cx, cy] = p[TRIANGLES[t + 2]!]!;
    return (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
  };
  const folded: number[] = [];
  for (let t = 0; t + 2 < TRIANGLES.length; t += 3) {
    if (![0, 1, 2].some((k) => OUTLINE.has(TRIANGLES[t + k]!))) continue;
    if (area(targetMesh, t) * area(shape, t) < 0) folded.push(t);
  }
  return folded;
}

/**
 * How many triangles of the mesh that touch its outline are folded in `shape`: turned round
 * against the template's mesh. Each draws a sliver of whatever lies past the user's face (hair,
 * background) across the result's cheek.
 */
export function foldsAtOutline(targetMesh: readonly XY[], shape: readonly XY[]): number {
  return foldedAtOutline(targetMesh, shape).length;
}

const OUTLINE: ReadonlySet<number> = new Set(FACE_OVAL);

/** The template asked for (bundled or sent), the user's face, and a copy of the template to draw on. */
export async function userAndTemplate(
  image: RgbPixels,
  p: { template: FusionTemplate; templateImage?: Uint8Array },
  models: MeshFaceModels,
) {
  const template = p.templateImage
    ? await sentTemplate(p.templateImage, models)
    : await bundledTemplate(p.template, models);
  const user = await largestFace(image, models);
  return { template, user, out: copyPixels(template.image) };
}

/** The answer of a task that draws on a template: the result as JPEG, both faces, and `extra`. */
export async function templateResult<E extends object>(
  out: RgbPixels,
  p: { template: FusionTemplate; templateImage?: Uint8Array },
  user: FoundFace | undefined,
  template: Template,
  extra: E,
) {
  const bytes = await encodeJpeg(out, FUSION_JPEG_QUALITY);
  return {
    answer: {
      image_width: out.width,
      image_height: out.height,
      face_num: user ? 1 : 0,
      template_face_num: template.face ? 1 : 0,
      template: p.templateImage ? ('image' as const) : p.template,
      ...extra,
      user_face: faceOf(user),
      template_face: faceOf(template.face),
    },
    images: { media_data: { bytes: new Uint8Array(bytes), format: 'jpg' as const } },
  };
}

export const facefuse: Algorithm<FaceFuseParams, FaceFuseResult, MeshFaceModels> = {
  task: 'facefuse',
  decode: {},
  parseParams: parseFaceFuseParams,
  loadModels: loadMeshFaceModels,
  warmup: async () => {},
  async run(image, p, models) {
    const { template, user, out } = await userAndTemplate(image, p, models);
    if (user && template.face) fuseInto(out, template.face.mesh, image, user.mesh, p.mergeRate / 100);
    return templateResult(out, p, user, template, { merge_rate: p.mergeRate });
  },
};

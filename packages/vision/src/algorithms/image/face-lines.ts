/**
 * Face features for the cartoon and line-art tasks, from the 468-point face mesh (BlazeFace +
 * FaceMesh, the facepoints pipeline): clean strokes along the eyelids, brows, mouth, nose base and
 * jaw, and the face's skin mask (AI Beauty's: face oval minus eyes, brows, lips and nostrils,
 * gated by the face's own skin colour), inside which the photo's own small edges (pores,
 * wrinkles, stubble) are not drawn and colours are smoothed further. No face is not an error: the
 * photo is drawn without them.
 */
import type { RgbPixels } from '../../image/resize.ts';
import { findFaceMeshes, type MeshFaceModels } from '../face/mesh-faces.ts';
import { FACE_OVAL, faceWidthOf, skinMask } from '../face/retouch.ts';
import { strokePolyline } from './npr.ts';

type Mesh = ReadonlyArray<readonly [number, number, number]>;

/** Most faces whose features are drawn. */
export const STYLE_FACES = 10;

/**
 * Stroke widths as fractions of the face width (mesh points 234 to 454), and their darkness.
 * Upper lids are drawn heavier than lower lids, tapering to the inner corner, as cartoonists
 * draw them.
 */
const FEATURES = {
  upperLid: { width: 0.02, taper: 0.45, strength: 1 },
  lowerLid: { width: 0.007, strength: 0.55 },
  brow: { strength: 0.9, fill: 0.55 },
  mouth: { width: 0.011, strength: 0.95 },
  lipOutline: { width: 0.006, strength: 0.45 },
  nose: { width: 0.008, strength: 0.6 },
  jaw: { width: 0.01, strength: 0.8 },
} as const;

/** Eyes from the outer corner to the inner one: upper lid (EyeUpper0 with corners) and lower lid. */
const EYES = [
  { upper: [33, 246, 161, 160, 159, 158, 157, 173, 133], lower: [33, 7, 163, 144, 145, 153, 154, 155, 133] },
  {
    upper: [263, 466, 388, 387, 386, 385, 384, 398, 362],
    lower: [263, 249, 390, 373, 374, 380, 381, 382, 362],
  },
] as const;
/** Brows from the outer end inwards: upper edge and matching lower edge points. */
const BROWS = [
  { upper: [70, 63, 105, 66, 107], lower: [46, 53, 52, 65, 55] },
  { upper: [300, 293, 334, 296, 336], lower: [276, 283, 282, 295, 285] },
] as const;
/** The line between the lips (inner upper lip), corner to corner. */
const MOUTH = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308] as const;
const UPPER_LIP = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291] as const;
const LOWER_LIP = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291] as const;
/** The nose base, ala to ala through the point under the tip. */
const NOSE = [98, 97, 2, 326, 327] as const;
/** The jaw: the lower part of the face oval, cheek to cheek (454 down to 234). */
const JAW = FACE_OVAL.slice(FACE_OVAL.indexOf(454), FACE_OVAL.indexOf(234) + 1);

export interface StyleFaces {
  /** Each face's mesh in full-image pixels. */
  meshes: Mesh[];
  /** Skin of all faces on the working copy, 0..1 (undefined: no face). */
  skin: Float32Array | undefined;
}

/**
 * Faces of the working copy `work` (full image = `scale` x work): their meshes in full-image
 * pixels and their skin mask on the working copy.
 */
export async function findStyleFaces(
  models: MeshFaceModels,
  work: RgbPixels,
  scale: number,
): Promise<StyleFaces> {
  const found = await findFaceMeshes(models, work, {
    maxFaces: STYLE_FACES,
    minConfidence: 0.4,
    smallFaces: false,
    iris: false,
  });
  if (found.length === 0) return { meshes: [], skin: undefined };
  const { width: w, height: h } = work;
  const rgb = Float32Array.from(work.data);
  const skin = new Float32Array(w * h);
  for (const face of found) {
    const mesh = face.landmarks.mesh;
    const mask = skinMask(rgb, w, h, mesh, faceWidthOf(mesh));
    for (let i = 0; i < skin.length; i++) if (mask[i]! > skin[i]!) skin[i] = mask[i]!;
  }
  const meshes = found.map((f) =>
    f.landmarks.mesh.map(([x, y, z]) => [x * scale, y * scale, z * scale] as const),
  );
  return { meshes, skin };
}

/** Draws one face's feature strokes into `alpha` (W x H, 0..1), widths times `weight`. */
export function drawFaceLines(alpha: Float32Array, W: number, H: number, mesh: Mesh, weight: number): void {
  const fw = faceWidthOf(mesh) * weight;
  const at = (i: number) => [mesh[i]![0], mesh[i]![1]] as const;
  const path = (ids: readonly number[]) => ids.map(at);
  for (const eye of EYES) {
    const { upperLid, lowerLid } = FEATURES;
    strokePolyline(alpha, W, H, path(eye.upper), upperLid.width * fw, upperLid.width * upperLid.taper * fw);
    // The lower lid's middle only: its corners belong to the upper lid's stroke.
    strokePolyline(
      alpha,
      W,
      H,
      path(eye.lower.slice(2, 7)),
      lowerLid.width * fw,
      lowerLid.width * fw,
      lowerLid.strength,
    );
  }
  for (const brow of BROWS) {
    // A stroke along the brow's middle line, as wide as the brow there (narrowing outwards).
    const middle = brow.upper.map((u, k) => {
      const [ux, uy] = at(u);
      const [lx, ly] = at(brow.lower[k]!);
      return { p: [(ux + lx) / 2, (uy + ly) / 2] as const, width: Math.hypot(ux - lx, uy - ly) };
    });
    const inner = middle[middle.length - 1]!.width * FEATURES.brow.fill;
    const outer = middle[0]!.width * FEATURES.brow.fill * 0.6;
    strokePolyline(
      alpha,
      W,
      H,
      middle.map((m) => m.p),
      outer * weight,
      inner * weight,
      FEATURES.brow.strength,
    );
  }
  const { mouth, lipOutline, nose, jaw } = FEATURES;
  strokePolyline(alpha, W, H, path(MOUTH), mouth.width * fw * 0.6, mouth.width * fw * 0.6, mouth.strength);
  strokePolyline(alpha, W, H, path(MOUTH.slice(2, 9)), mouth.width * fw, mouth.width * fw, mouth.strength);
  strokePolyline(
    alpha,
    W,
    H,
    path(UPPER_LIP),
    lipOutline.width * fw,
    lipOutline.width * fw,
    lipOutline.strength,
  );
  strokePolyline(
    alpha,
    W,
    H,
    path(LOWER_LIP),
    lipOutline.width * fw,
    lipOutline.width * fw,
    lipOutline.strength,
  );
  strokePolyline(alpha, W, H, path(NOSE), nose.width * fw, nose.width * fw, nose.strength);
  strokePolyline(alpha, W, H, path(JAW), jaw.width * fw, jaw.width * fw, jaw.strength);
}

/** The strokes of every face at full size (W x H alpha), or undefined without a face. */
export function faceStrokes(meshes: Mesh[], W: number, H: number, weight: number): Float32Array | undefined {
  if (meshes.length === 0) return undefined;
  const alpha = new Float32Array(W * H);
  for (const mesh of meshes) drawFaceLines(alpha, W, H, mesh, weight);
  return alpha;
}

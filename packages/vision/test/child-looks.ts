/**
 * Measures of what a child fusion shows, for its test and measure-fusion.ts (docs/quality.md,
 * "Face fusion, child fusion and head replacement"). They look at the result only, through the
 * engine's own face mesh and face analysis, not at what the fusion did:
 *
 *  - upper-lip darkness: the share of dark pixels in the band between the nose and the upper lip
 *    (in the mouth's frame: between 20 % and 80 % of the way from corner 61 to corner 291, and
 *    from 30 % to 80 % of the way from the subnasale, mesh 2, to the upper lip's top, mesh 0);
 *    dark is a grey level below DARK_SHARE of the median grey of the cheeks beside the nose
 *    (squares of half side 0.03 face widths around mesh 205 and 425, as the face analysis's beard
 *    measure takes them: lit like the upper lip). A moustache is dark there, clean skin is not.
 *  - the face analysis's appearance (appearance.ts): glasses, beard and their measures.
 *  - jaw line depth (jawLineDepth): on a parent's photo after child-skin.ts's cleaning, with that
 *    photo's mesh: how much darker the jaw's line (the oval's chin points 136 to 365) is than the
 *    skin 0.03 face widths above and below it. A beard's edge left along the jaw is a dark line
 *    there; a clean jaw is a step of shade or nothing.
 */
import { runTaskInProcess } from '../src/engine.ts';
import { decodeImage } from '../src/image/decode.ts';
import type { FaceAnalysisResult } from '../src/algorithms/face/analysis-params.ts';
import { loadMeshFaceModels } from '../src/algorithms/face/mesh-faces.ts';
import { largestFace, type XY } from '../src/algorithms/face/fusion.ts';
import { CHIN_OVAL } from '../src/algorithms/face/child-skin.ts';
import { faceWidthOf } from '../src/algorithms/face/retouch.ts';

/** A pixel is dark below this share of the reference skin's grey level. */
export const DARK_SHARE = 0.75;

const grey = (d: Buffer, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** Share (0..1) of dark pixels in the upper-lip band of the largest face, or undefined without a face. */
export async function upperLipDarkness(bytes: Uint8Array | Buffer): Promise<number | undefined> {
  const image = await decodeImage(Buffer.from(bytes));
  const face = await largestFace(image, await loadMeshFaceModels());
  if (!face) return undefined;
  const m = face.mesh;
  const { width: W, height: H, data } = image;
  const at = (x: number, y: number) =>
    (Math.min(H - 1, Math.max(0, Math.round(y))) * W + Math.min(W - 1, Math.max(0, Math.round(x)))) * 3;
  const fw = Math.hypot(m[454]![0] - m[234]![0], m[454]![1] - m[234]![1]);
  const half = Math.max(1, Math.round(0.03 * fw));
  const ref: number[] = [];
  for (const k of [205, 425])
    for (let dy = -half; dy <= half; dy++)
      for (let dx = -half; dx <= half; dx++) ref.push(grey(data, at(m[k]![0] + dx, m[k]![1] + dy)));
  ref.sort((a, b) => a - b);
  const skin = ref[ref.length >> 1]!;
  const [c1, c2, sub, lip] = [m[61]!, m[291]!, m[2]!, m[0]!];
  const down = [lip[0] - sub[0], lip[1] - sub[1]];
  let dark = 0;
  let all = 0;
  const steps = 40;
  for (let i = 0; i <= steps; i++)
    for (let j = 0; j <= steps; j++) {
      const s = 0.2 + (0.6 * i) / steps;
      const t = 0.3 + (0.5 * j) / steps;
      // Along the corners' line, centred on the subnasale's column, then down towards the lip.
      const x = sub[0] + (s - 0.5) * (c2[0] - c1[0]) + t * down[0]!;
      const y = sub[1] + (s - 0.5) * (c2[1] - c1[1]) + t * down[1]!;
      if (grey(data, at(x, y)) < DARK_SHARE * skin) dark++;
      all++;
    }
  return dark / all;
}

/** The face analysis's appearance of the largest face (glasses, beard and their measures). */
export async function appearanceOf(bytes: Uint8Array | Buffer) {
  const r = await runTaskInProcess<FaceAnalysisResult>('faceanalysis', {
    image: Buffer.from(bytes),
    params: { maxFaces: 1, appearance: true },
  });
  return r.faces[0]?.appearance;
}

/**
 * Median over 100 points along the jaw line of `mesh` of: the mean grey level 0.03 face widths
 * above and below the point (along the face's axis, chin 152 to forehead top 10) minus the
 * darkest grey level within 2 px of the point along that axis.
 */
export function jawLineDepth(
  image: { width: number; height: number; data: ArrayLike<number> },
  mesh: readonly XY[],
): number {
  const { width: W, height: H, data } = image;
  const g = (x: number, y: number) => {
    const i =
      (Math.min(H - 1, Math.max(0, Math.round(y))) * W + Math.min(W - 1, Math.max(0, Math.round(x)))) * 3;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  const fw = faceWidthOf(mesh);
  const height = Math.hypot(mesh[10]![0] - mesh[152]![0], mesh[10]![1] - mesh[152]![1]);
  const ux = (mesh[10]![0] - mesh[152]![0]) / height;
  const uy = (mesh[10]![1] - mesh[152]![1]) / height;
  const d = 0.03 * fw;
  const depths: number[] = [];
  for (let k = 0; k + 1 < CHIN_OVAL.length; k++)
    for (let step = 0; step < 10; step++) {
      const a = mesh[CHIN_OVAL[k]!]!;
      const b = mesh[CHIN_OVAL[k + 1]!]!;
      const x = a[0] + (step / 10) * (b[0] - a[0]);
      const y = a[1] + (step / 10) * (b[1] - a[1]);
      let line = Infinity;
      for (let s = -2; s <= 2; s++) line = Math.min(line, g(x - ux * s, y - uy * s));
      depths.push((g(x + ux * d, y + uy * d) + g(x - ux * d, y - uy * d)) / 2 - line);
    }
  depths.sort((p, q) => p - q);
  return depths[depths.length >> 1]!;
}

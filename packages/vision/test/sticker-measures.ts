/**
 * Where the stickers of v1/EmojMaterialH5 land against points a person marked on real photos
 * (fixtures/sticker-anchors.json): shared by test/stickers.test.ts and scripts/measure-stickers.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runTaskInProcess, type FacePointsResult } from '../src/index.ts';
import type { Affine } from '../src/image/svg.ts';
import { stickerMaterials, stickerTransform } from '../src/algorithms/face/stickers.ts';
import type { StickerMaterial } from '../src/algorithms/face/stickers-params.ts';
import { groupSamplePath, read } from './fixtures.ts';

export type P = [number, number];
export interface MarkedFace {
  photo: string;
  pose: string;
  rightEye: P | null;
  leftEye: P | null;
  noseTip: P;
}

export const markedFaces = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/sticker-anchors.json'), 'utf8')) as {
    faces: MarkedFace[];
  }
).faces;

export const apply = (m: Affine, [x, y]: readonly number[]): P => [
  m[0] * x! + m[2] * y! + m[4],
  m[1] * x! + m[3] * y! + m[5],
];
/** The roll of an affine map in degrees (the angle its x axis turns to). */
export const rollOf = (m: Affine) => (Math.atan2(m[1], m[0]) * 180) / Math.PI;
/** The difference of two angles in degrees, -180..180. */
export const angleDiff = (a: number, b: number) => ((((a - b) % 360) + 540) % 360) - 180;

/** The sticker's affine map on a face's mesh. */
export function placement(material: StickerMaterial, mesh: ReadonlyArray<readonly [number, number, number]>) {
  const { material: m, drawing } = stickerMaterials().get(material)!;
  return { m, transform: stickerTransform(m.anchor, mesh, drawing.viewBox.width) };
}

/**
 * The marked faces of one photo, each with the mesh of the face found nearest its marked nose
 * tip (facepoints, the pipeline the sticker task uses), or null when none is within one
 * marked-face size.
 */
export async function meshesOfMarked(photo: string) {
  const n = Number(/sample(\d)/.exec(photo)![1]) as 1 | 2 | 3 | 4;
  const { faces } = await runTaskInProcess<FacePointsResult>('facepoints', {
    image: read(groupSamplePath(n)),
  });
  return markedFaces
    .filter((f) => f.photo === photo)
    .map((face) => {
      let best: (typeof faces)[number] | null = null;
      let dist = Infinity;
      for (const f of faces) {
        const d = Math.hypot(f.mesh[1]![0] - face.noseTip[0], f.mesh[1]![1] - face.noseTip[1]);
        if (d < dist) [best, dist] = [f, d];
      }
      const size = best ? Math.max(best.rectangle.width, best.rectangle.height) : 0;
      return { face, mesh: best && dist < size ? best.mesh : null };
    });
}

/** The marked eye distance, or null when an eye is hidden. */
export const markedIod = (f: MarkedFace) =>
  f.rightEye && f.leftEye ? Math.hypot(f.leftEye[0] - f.rightEye[0], f.leftEye[1] - f.rightEye[1]) : null;
/** The marked roll (degrees): the eye line's angle, from the subject's right eye to the left. */
export const markedRoll = (f: MarkedFace) =>
  f.rightEye && f.leftEye
    ? (Math.atan2(f.leftEye[1] - f.rightEye[1], f.leftEye[0] - f.rightEye[0]) * 180) / Math.PI
    : null;

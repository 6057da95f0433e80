/**
 * Head pose (pitch, yaw, roll) from the 3-D face mesh, without a model.
 *
 * Rule: two face axes from four mesh points, x from the right cheek edge (234) to the left one
 * (454), y from the forehead (10) to the chin (152). Yaw is the elevation of x out of the image
 * plane, pitch the elevation of y, roll the in-plane angle of x. Mesh x, y and z are all in image
 * pixels (the mesh model predicts z on the x scale), so the angles are undistorted.
 *
 * Measured on our photos: the astronaut (looking at the camera, head slightly tilted) reads
 * |yaw| and |pitch| under 15 degrees; sample2's left woman, in three-quarter profile, reads
 * |yaw| above 30 (see docs/quality.md).
 */
import type { HeadPose } from './analysis-params.ts';

type V3 = [number, number, number];

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const norm = (v: V3): V3 => {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
};
const deg = (r: number) => Math.round(((r * 180) / Math.PI) * 10) / 10;

/**
 * On a level head the forehead point (10) sits in front of the chin (152) in the mesh, so the raw
 * pitch of a face looking straight into the camera is not 0: measured 11.7 degrees on the
 * astronaut portrait. That offset is subtracted.
 */
export const PITCH_OFFSET_DEG = 11.7;

export function headPose(mesh: ReadonlyArray<readonly [number, number, number]>): HeadPose {
  const p = (i: number): V3 => {
    const q = mesh[i];
    return q ? [q[0], q[1], q[2]] : [0, 0, 0];
  };
  const y = norm(sub(p(152), p(10)));
  const x = norm(sub(p(454), p(234)));
  return {
    // The chin further from the camera than the forehead = head bowed.
    pitch: deg(Math.atan2(y[2], Math.hypot(y[0], y[1])) - (PITCH_OFFSET_DEG * Math.PI) / 180),
    // The subject's left cheek (image right) further away = face turned to the image's right.
    yaw: deg(Math.atan2(x[2], Math.hypot(x[0], x[1]))),
    roll: deg(Math.atan2(x[1], x[0])),
  };
}

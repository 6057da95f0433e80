/**
 * A face's own frame in the image, from the 468-point mesh, for things drawn on the face (beards,
 * stickers) so that they follow the head's position, size and roll:
 *
 *  - the x axis runs from the subject's right cheek edge (mesh point 234, on the image's left) to
 *    the left one (454), the y axis is x turned a quarter towards the chin;
 *  - the unit of length is the face width (234 to 454 in the image), so a shape given in face
 *    units keeps its size relative to the face, and narrows with it when the head turns.
 *
 * A point is named by a mesh index, by a mesh index moved by an offset in face units along the
 * frame's axes (`[index, dx, dy]`), or by the point a share `t` of the way from one mesh point to
 * another (`{ from, to, t }`).
 */
import { faceWidthOf } from './retouch.ts';

type XY = readonly [number, number] | readonly [number, number, number];
export type Pt = [number, number];

export type MeshVertex =
  | number
  | readonly [index: number, dx: number, dy: number]
  | { readonly from: number; readonly to: number; readonly t: number };

export interface FaceFrame {
  /** Unit vectors of the face's axes in the image. */
  ax: Pt;
  ay: Pt;
  /** Face width in image pixels (mesh points 234 to 454). */
  width: number;
  /** The image position of a vertex. */
  at(v: MeshVertex): Pt;
  /** Coordinates (u, v) in face units of image point `p` relative to image point `origin`. */
  local(p: Pt, origin: Pt): Pt;
}

export function faceFrame(mesh: readonly XY[]): FaceFrame {
  const a = mesh[234]!;
  const b = mesh[454]!;
  const width = Math.max(1e-6, faceWidthOf(mesh));
  const ax: Pt = [(b[0] - a[0]) / width, (b[1] - a[1]) / width];
  const ay: Pt = [-ax[1], ax[0]];
  const point = (i: number): Pt => [mesh[i]![0], mesh[i]![1]];
  return {
    ax,
    ay,
    width,
    at(v) {
      if (typeof v === 'number') return point(v);
      if ('from' in v) {
        const p = point(v.from);
        const q = point(v.to);
        return [p[0] + v.t * (q[0] - p[0]), p[1] + v.t * (q[1] - p[1])];
      }
      const [i, dx, dy] = v;
      const p = point(i);
      return [p[0] + width * (dx * ax[0] + dy * ay[0]), p[1] + width * (dx * ax[1] + dy * ay[1])];
    },
    local(p, origin) {
      const x = p[0] - origin[0];
      const y = p[1] - origin[1];
      return [(x * ax[0] + y * ax[1]) / width, (x * ay[0] + y * ay[1]) / width];
    },
  };
}

/**
 * Face stickers (v1/EmojMaterialH5): the bundled SVG materials (assets/stickers, drawn for this
 * project) placed on each face by the 468-point face mesh, so they follow the face's position,
 * size and roll (and, for those anchored on two points, the narrowing of a turned head). No
 * model of its own: faces and meshes from the facepoints pipeline, through the retouch tasks'
 * face loop; the SVG drawn by the project's own rasteriser (image/svg.ts), straight onto the
 * photo through the anchor's affine map, so it is sharp at any size and angle.
 *
 * Anchors (assets/stickers/materials.json):
 *  - pair: two SVG points land exactly on the means of two mesh point groups (glasses on the
 *    eyes, a moustache on the mouth corners): the similarity transform through two points;
 *  - point: one SVG point lands on the mean of some mesh points, moved by an offset in eye
 *    distances along the eye line and up the face; the sticker is `width` eye distances wide, the
 *    eye distance measured in 3-D on the mesh (mesh z is in pixels), so a turned head does not
 *    shrink a hat; the sticker turns with the eye line (roll).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { DecodedImage } from '../../image/decode.ts';
import type { RgbPixels } from '../../image/resize.ts';
import { drawRgba, type RgbaPixels } from '../../image/rgba.ts';
import { drawSvg, parseSvg, type Affine, type SvgDrawing } from '../../image/svg.ts';
import type { Algorithm } from '../types.ts';
import { EYE_CONTOURS } from './mesh-topology.ts';
import type { MeshFaceModels } from './mesh-faces.ts';
import type { ImageMesh } from './retouch-faces.ts';
import { editFaces, meshModels } from './retouch-tasks.ts';
import {
  parseStickerParams,
  STICKER_MATERIALS,
  type StickerMaterial,
  type StickerParams,
  type StickerResult,
  type UploadAnchor,
  type UploadedSticker,
} from './stickers-params.ts';

type MeshGroup = 'rightEye' | 'leftEye' | number[];
type XY = [number, number];

export interface StickerAnchor {
  pair?: { mesh: [MeshGroup, MeshGroup]; svg: [XY, XY] };
  point?: { mesh: MeshGroup; svg: XY; width: number; offset: XY };
}

interface Material {
  name: StickerMaterial;
  file: string;
  anchor: StickerAnchor;
}

const ASSETS = new URL('../../../assets/stickers/', import.meta.url);

/** Mesh groups named in the data file: each eye's lid outline (upper and lower lid lines). */
export const MESH_GROUPS: Record<'rightEye' | 'leftEye', readonly number[]> = {
  rightEye: [...EYE_CONTOURS.right.EyeUpper0, ...EYE_CONTOURS.right.EyeLower0],
  leftEye: [...EYE_CONTOURS.left.EyeUpper0, ...EYE_CONTOURS.left.EyeLower0],
};

let loaded: Map<StickerMaterial, { material: Material; drawing: SvgDrawing }> | undefined;

/** The materials and their parsed drawings (read once per thread). */
export function stickerMaterials() {
  if (loaded) return loaded;
  const data = JSON.parse(readFileSync(new URL('materials.json', ASSETS), 'utf8')) as {
    materials: Material[];
  };
  const names = data.materials.map((m) => m.name);
  if (names.join() !== STICKER_MATERIALS.join())
    throw new Error(`materials.json lists ${names.join()}, the task ${STICKER_MATERIALS.join()}`);
  loaded = new Map(
    data.materials.map((material) => [
      material.name,
      { material, drawing: parseSvg(readFileSync(new URL(material.file, ASSETS), 'utf8')) },
    ]),
  );
  return loaded;
}

/** The mean of a mesh point group, in 3-D. */
function meanOf(mesh: ImageMesh, group: MeshGroup): [number, number, number] {
  const indices = typeof group === 'string' ? MESH_GROUPS[group] : group;
  let x = 0;
  let y = 0;
  let z = 0;
  for (const i of indices) {
    x += mesh[i]![0];
    y += mesh[i]![1];
    z += mesh[i]![2];
  }
  return [x / indices.length, y / indices.length, z / indices.length];
}

/**
 * The affine map from a sticker's SVG units to image pixels on the face of `mesh`; `viewWidth` is
 * the width of the sticker's view box (a point anchor's `width` is the whole drawing's).
 */
export function stickerTransform(anchor: StickerAnchor, mesh: ImageMesh, viewWidth: number): Affine {
  if (anchor.pair) {
    // The similarity through two point pairs: svg[0] -> A, svg[1] -> B.
    const [a, b] = anchor.pair.mesh.map((g) => meanOf(mesh, g));
    const [p, q] = anchor.pair.svg;
    const sx = q[0] - p[0];
    const sy = q[1] - p[1];
    const ix = b![0] - a![0];
    const iy = b![1] - a![1];
    const d2 = sx * sx + sy * sy;
    // (ix, iy) = (c -s; s c) (sx, sy): solve for c = k cos, s = k sin.
    const c = (ix * sx + iy * sy) / d2;
    const s = (iy * sx - ix * sy) / d2;
    return [c, s, -s, c, a![0] - (c * p[0] - s * p[1]), a![1] - (s * p[0] + c * p[1])];
  }
  const point = anchor.point!;
  const r = meanOf(mesh, 'rightEye');
  const l = meanOf(mesh, 'leftEye');
  const iod = Math.hypot(l[0] - r[0], l[1] - r[1], l[2] - r[2]);
  const roll = Math.atan2(l[1] - r[1], l[0] - r[0]);
  const cos = Math.cos(roll);
  const sin = Math.sin(roll);
  const at = meanOf(mesh, point.mesh);
  const k = (point.width * iod) / viewWidth;
  // The anchor moved by the offset along the eye line (x) and down the face (y).
  const ox = at[0] + iod * (point.offset[0] * cos - point.offset[1] * sin);
  const oy = at[1] + iod * (point.offset[0] * sin + point.offset[1] * cos);
  const [px, py] = point.svg;
  return [
    k * cos,
    k * sin,
    -k * sin,
    k * cos,
    ox - k * (cos * px - sin * py),
    oy - k * (sin * px + cos * py),
  ];
}

/**
 * The anchors of uploaded stickers, the places the bundled ones use (materials.json): a point of
 * the picture, as fractions of its width and height, lands on the mean of the mesh points, moved
 * by the offset (eye distances). The picture's middle sits between the eyes (the glasses' lens
 * centres), on the nose tip (clown_nose), between the mouth corners (moustache) or between the
 * cheek points (blush); the middle of its bottom edge 0.2 eye distances above mesh point 10, the
 * top of the forehead (cat_ears).
 */
export const UPLOAD_ANCHOR_POINTS: Record<UploadAnchor, { mesh: MeshGroup; at: XY; offset: XY }> = {
  eyes: { mesh: [...MESH_GROUPS.rightEye, ...MESH_GROUPS.leftEye], at: [0.5, 0.5], offset: [0, 0] },
  forehead: { mesh: [10], at: [0.5, 1], offset: [0, -0.2] },
  nose: { mesh: [1], at: [0.5, 0.5], offset: [0, 0] },
  mouth: { mesh: [61, 291], at: [0.5, 0.5], offset: [0, 0] },
  cheeks: { mesh: [50, 280], at: [0.5, 0.5], offset: [0, 0] },
};

/** An uploaded sticker ready to draw: its pixels and where it sits. */
export interface UploadedDrawing {
  value: string;
  pixels: RgbaPixels;
  anchor: StickerAnchor;
}

/** Decodes the uploaded stickers' PNGs (RGBA) and gives each its point anchor. */
export async function uploadedDrawings(uploaded: readonly UploadedSticker[]): Promise<UploadedDrawing[]> {
  return Promise.all(
    uploaded.map(async (u) => {
      const { data, info } = await sharp(u.png, { limitInputPixels: 16_000_000 })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const place = UPLOAD_ANCHOR_POINTS[u.anchor];
      const anchor: StickerAnchor = {
        point: {
          mesh: place.mesh,
          svg: [place.at[0] * info.width, place.at[1] * info.height],
          width: u.scale,
          offset: place.offset,
        },
      };
      return { value: u.value, pixels: { data, width: info.width, height: info.height }, anchor };
    }),
  );
}

/**
 * Draws the stickers on the face whose mesh (image pixels) is given, in place in `image`: bundled
 * ones by name, uploaded ones (already decoded) by their value.
 */
export function drawStickers(
  image: RgbPixels,
  mesh: ImageMesh,
  materials: readonly string[],
  uploaded: readonly UploadedDrawing[] = [],
): void {
  const all = stickerMaterials();
  for (const name of materials) {
    const bundled = all.get(name as StickerMaterial);
    if (bundled) {
      const { material, drawing } = bundled;
      drawSvg(image, drawing, stickerTransform(material.anchor, mesh, drawing.viewBox.width));
      continue;
    }
    const upload = uploaded.find((u) => u.value === name);
    if (upload) drawRgba(image, upload.pixels, stickerTransform(upload.anchor, mesh, upload.pixels.width));
  }
}

export const emojmaterial: Algorithm<StickerParams, StickerResult, MeshFaceModels> = {
  task: 'emojmaterial',
  ...meshModels,
  parseParams: parseStickerParams,
  run: async (image: DecodedImage, p, models) => {
    const uploaded = await uploadedDrawings(p.uploaded);
    return editFaces(
      image,
      p.maxFaceNum,
      models,
      async (pixels, mesh) => drawStickers(pixels, mesh, p.materials, uploaded),
      { materials: p.materials },
    );
  },
};

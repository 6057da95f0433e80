/**
 * The loop the face retouching tasks share (AI Beauty, beautify, shape tuning, makeup): the
 * photo decoded at full size, faces and their meshes found on a copy of at most DETECT_SIDE
 * pixels a side (the facepoints pipeline: BlazeFace + FaceMesh, without the iris model), each
 * face edited in place through its mesh in image pixels, and the result encoded as JPEG of the
 * same size.
 */
import { jpegOf } from '../image/encode.ts';
import { resizeRgb, type RgbPixels } from '../../image/resize.ts';
import type { DecodedImage } from '../../image/decode.ts';
import { findFaceMeshes, imageRectangle, type MeshFaceModels } from './mesh-faces.ts';

/** Detection and the mesh run on a copy of at most this many pixels a side (as facepoints). */
const DETECT_SIDE = 2048;

export type ImageMesh = ReadonlyArray<readonly [number, number, number]>;

export interface RetouchedFaceBox {
  /** Tight box around the mesh, original-image pixels (0.1 px). */
  rectangle: { left: number; top: number; width: number; height: number };
  /** Detector score, 0..1 (4 decimals). */
  score: number;
}

/**
 * Finds up to `maxFaces` faces of `image` and runs `edit` on each (in place in `image`), best
 * detector score first. Returns the faces left to right; no face leaves the image untouched.
 * `smallFaces` also scans tiles of photos over 800 px (faces down to ~2.5 % of the long side
 * instead of ~4 %, at about 200 ms more: detector.ts planPasses).
 */
export async function retouchFaces(
  image: DecodedImage,
  maxFaces: number,
  models: MeshFaceModels,
  edit: (image: RgbPixels, mesh: ImageMesh) => Promise<void>,
  smallFaces = true,
): Promise<RetouchedFaceBox[]> {
  const W = image.width;
  const H = image.height;
  const scale = Math.min(1, DETECT_SIDE / Math.max(W, H));
  const working =
    scale === 1
      ? image
      : {
          width: Math.round(W * scale),
          height: Math.round(H * scale),
          data: await resizeRgb(image, Math.round(W * scale), Math.round(H * scale)),
        };
  const toImage = W / working.width;
  const found = await findFaceMeshes(models, working, {
    maxFaces,
    minConfidence: 0.4,
    smallFaces,
    iris: false,
  });
  const faces: RetouchedFaceBox[] = [];
  for (const face of found) {
    const mesh = face.landmarks.mesh.map(([x, y, z]) => [x * toImage, y * toImage, z * toImage] as const);
    await edit(image, mesh);
    faces.push({
      rectangle: imageRectangle(face.bounds, toImage, toImage, W, H),
      score: Math.round(face.detection.score * 1e4) / 1e4,
    });
  }
  return faces.sort((a, b) => a.rectangle.left - b.rectangle.left);
}

/** The image as JPEG bytes of its own size (standard Huffman tables, as every image task: encode.ts). */
export async function encodeJpeg(image: RgbPixels, quality: number): Promise<Buffer> {
  const { media_data } = await jpegOf(image.data, image.width, image.height, quality);
  return Buffer.from(media_data.bytes.buffer, media_data.bytes.byteOffset, media_data.bytes.byteLength);
}

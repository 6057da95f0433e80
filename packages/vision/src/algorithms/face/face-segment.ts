/**
 * facesegment (capability v1/PhotoSegment): a face-parsing label image of the photo's people
 * (FACE_LABELS: skin, brows, eyes, nose, upper and lower lip, inside of the mouth, hair, ears),
 * and the labels painted in their colours. No model of its own:
 *
 *  - skin and hair are the masks of skinsegment and hairsegment (skin-hair.ts), at 128 and up;
 *  - ears are skin beside the face: outside the mesh's face oval, within EAR_REACH face widths of
 *    its side between the temple (127 / 356) and the jaw at mouth level (132 / 361); the mesh has
 *    no ear points, so ears hidden by hair are not labelled and skin of a raised hand there is;
 *  - brows, eyes, nose, lips and the inside of the mouth are mesh outlines (MediaPipe FaceMesh's
 *    lip, eye and brow contours; the nose from between the eyes down its sides to the alae).
 *
 * Later labels are painted over earlier ones: skin, ears, hair, then the mesh parts.
 */
import sharp from 'sharp';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { EncodedImage } from '../kinds.ts';
import {
  analysePhoto,
  hairProbability,
  loadSkinHairModels,
  NOT_SKIN,
  refineToFullSize,
  skinProbability,
  type HeadFrame,
  type SkinHairModels,
} from '../body/skin-hair.ts';
import { FACE_OVAL, fillPolygon } from './retouch.ts';
import {
  FACE_LABELS,
  parseFaceSegmentParams,
  type FaceLabel,
  type FaceSegmentParams,
  type FaceSegmentResult,
} from './face-segment-params.ts';

type Pt = [number, number];

const LABEL: Record<FaceLabel, number> = Object.fromEntries(
  FACE_LABELS.map((l) => [l.label, l.value]),
) as Record<FaceLabel, number>;

/** Mesh outlines of the parts, painted in this order (MediaPipe FaceMesh indices). */
export const FACE_PARTS: ReadonlyArray<{ label: FaceLabel; polygon: readonly number[] }> = [
  { label: 'inner_mouth', polygon: NOT_SKIN.mouth },
  // Outer lip line, then the inner one back.
  {
    label: 'upper_lip',
    polygon: [
      61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 308, 415, 310, 311, 312, 13, 82, 81, 80, 191, 78,
    ],
  },
  {
    label: 'lower_lip',
    polygon: [
      61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95, 78,
    ],
  },
  { label: 'nose', polygon: [168, 417, 465, 358, 327, 326, 2, 97, 98, 129, 245, 193] },
  { label: 'eyes', polygon: NOT_SKIN.eyeRight },
  { label: 'eyes', polygon: NOT_SKIN.eyeLeft },
  { label: 'brows', polygon: NOT_SKIN.browRight },
  { label: 'brows', polygon: NOT_SKIN.browLeft },
];

/** How far beside the face oval skin counts as ear, in face widths (cheek to cheek). */
export const EAR_REACH = 0.3;
/** The oval's side from the temple down to the jaw at mouth level: subject's right, then left. */
const EAR_SIDES = [
  [127, 234, 93, 132],
  [356, 454, 323, 361],
] as const;

/** The ear zone of one side: the oval's side and the same points pushed out by EAR_REACH. */
function earZone(face: HeadFrame, side: readonly number[], scale: number): Pt[] {
  const inner = side.map((p) => face.mesh[p]!);
  const outer = inner.map(([x, y]) => {
    const dx = x - face.cx;
    const dy = y - face.cy;
    const len = Math.hypot(dx, dy) || 1;
    return [x + (dx / len) * EAR_REACH * face.width, y + (dy / len) * EAR_REACH * face.width] as Pt;
  });
  return [...inner, ...outer.reverse()].map(([x, y]) => [x * scale, y * scale]);
}

const hex = (colour: string): [number, number, number] => [
  parseInt(colour.slice(1, 3), 16),
  parseInt(colour.slice(3, 5), 16),
  parseInt(colour.slice(5, 7), 16),
];

/**
 * The images of a label image (`labels`, W x H, values of `legend` or 0): the label image as an
 * 8-bit grey PNG (`mask`) and the labels painted in their colours, transparent at 0 (`media_data`);
 * `labelled` counts the pixels with a label.
 */
export async function labelImages(
  labels: Uint8Array,
  W: number,
  H: number,
  legend: ReadonlyArray<{ value: number; colour: string }>,
): Promise<{ labelled: number; images: { media_data: EncodedImage; mask: EncodedImage } }> {
  const n = W * H;
  const painted = Buffer.alloc(4 * n);
  const colours = new Map(legend.map((l) => [l.value, hex(l.colour)] as const));
  let labelled = 0;
  for (let i = 0; i < n; i++) {
    const v = labels[i]!;
    if (v === 0) continue;
    labelled++;
    const [r, g, b] = colours.get(v) ?? [0, 0, 0];
    painted[4 * i] = r;
    painted[4 * i + 1] = g;
    painted[4 * i + 2] = b;
    painted[4 * i + 3] = 255;
  }
  // One after the other: each sharp call then uses one libvips thread, the worker's one core.
  const maskPng = await sharp(Buffer.from(labels.buffer, labels.byteOffset, labels.byteLength), {
    raw: { width: W, height: H, channels: 1 },
  })
    .toColourspace('b-w')
    .png()
    .toBuffer();
  const paintedPng = await sharp(painted, { raw: { width: W, height: H, channels: 4 } })
    .png()
    .toBuffer();
  return {
    labelled,
    images: { media_data: { bytes: paintedPng, format: 'png' }, mask: { bytes: maskPng, format: 'png' } },
  };
}

async function run(
  image: DecodedImage,
  _params: FaceSegmentParams,
  models: SkinHairModels,
): Promise<FaceSegmentResult> {
  const W = image.width;
  const H = image.height;
  const n = W * H;
  const maps = await analysePhoto(image, models);
  const labels = new Uint8Array(n);
  if (maps.faces.length > 0) {
    const skinP = skinProbability(maps);
    const skin = await refineToFullSize(maps, skinP, image);
    const hair = await refineToFullSize(maps, hairProbability(maps, skinP), image);
    for (let i = 0; i < n; i++) if (skin[i]! >= 128) labels[i] = LABEL.skin;
    const scale = W / maps.working.width;
    const at = (face: HeadFrame) => (p: number) => [face.mesh[p]![0] * scale, face.mesh[p]![1] * scale] as Pt;
    // Ears: skin in the ear zones, outside every face oval.
    const zones = new Uint8Array(n);
    for (const face of maps.faces)
      for (const side of EAR_SIDES) fillPolygon(zones, W, H, earZone(face, side, scale), 1);
    for (const face of maps.faces) fillPolygon(zones, W, H, FACE_OVAL.map(at(face)), 0);
    for (let i = 0; i < n; i++) if (zones[i] === 1 && labels[i] === LABEL.skin) labels[i] = LABEL.ears;
    for (let i = 0; i < n; i++) if (hair[i]! >= 128) labels[i] = LABEL.hair;
    for (const face of maps.faces) {
      for (const part of FACE_PARTS) fillPolygon(labels, W, H, part.polygon.map(at(face)), LABEL[part.label]);
    }
  }
  const { labelled, images } = await labelImages(labels, W, H, FACE_LABELS);
  return {
    answer: {
      image_width: W,
      image_height: H,
      foreground_ratio: Math.round((labelled / n) * 1e4) / 1e4,
      face_num: maps.faces.length,
      legend: FACE_LABELS.map(({ value, label }) => ({ value, label })),
    },
    images,
  };
}

export const facesegment: Algorithm<FaceSegmentParams, FaceSegmentResult, SkinHairModels> = {
  task: 'facesegment',
  // Full size: the label image is returned at the size the photo came in.
  decode: {},
  parseParams: parseFaceSegmentParams,
  loadModels: loadSkinHairModels,
  // Every model is another task's (facepoints, bodypose, segment), warmed up by it at start.
  warmup: async () => {},
  run,
};

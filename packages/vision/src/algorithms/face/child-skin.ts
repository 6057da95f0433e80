/**
 * Clean skin for child fusion (v1/facefusechild): a child has no beard, moustache or glasses, so
 * before the parents are mixed each parent's photo has them taken out of the face:
 *
 *  - Zones on the 468-point mesh: the beard zone is the face oval below the nose tip (upper lip,
 *    cheeks beside the mouth, chin and jaw; measured along the face's axis, chin 152 to forehead
 *    top 10); the glasses zone is the band of the oval from the nose tip up to the top of the brows
 *    (rims, bridge, the frame's sides on the temples), used only
 *    when the face analysis's glasses detector (appearance.ts: a frame's straight edge across the
 *    nose bridge, or dark eye regions) finds glasses on that parent. The eyes, brows,
 *    lips and nostrils (retouch.ts SKIN_HOLES, grown as there) are never touched.
 *  - Skin test: the parent's clean skin is sampled on the forehead and the upper cheeks (mesh
 *    points listed in SKIN_SAMPLES), per CIELAB channel its median and spread (1.4826 x the median
 *    absolute deviation, at least CHILD_SKIN_RULES.minSpread). A pixel's distance is the root sum of
 *    squares of its robust z-scores, lightness counted only where the pixel is darker than the skin
 *    (hair and frames are darker; highlights are skin) and at lightWeight; the pixel is skin up to
 *    skinNear, hair or frame beyond skinFar, linear between (the same robust colour gate as
 *    fusion.ts foreheadSkin and retouch.ts skinMask). The non-skin weight is grown and softened by
 *    two box means (grow), so the hair's lighter tips and the rim of a frame go too.
 *  - Frames: a clear frame is a thin line, often of the skin's own hue, that the colour test alone
 *    misses; in the glasses zone a pixel is also a frame where the grey level's morphological
 *    black-hat or white-hat (closing minus image, image minus opening, by a square of side
 *    frameSize: lines and dots narrower than the square stand out; Soille, "Morphological Image
 *    Analysis", 2003, ch. 4.4) is deeper than frameNear, fully beyond frameFar.
 *  - Under the chin: a full beard reaches below the face oval's chin, where the fusion keeps the
 *    photo as it is; when the face analysis's beard detector (appearance.ts: chin and upper-lip
 *    skin darker than the cheeks) finds a beard, the band under the chin (the oval's points 136
 *    to 365 moved down the face's axis by underChin of the chin-to-forehead height, its edges
 *    softened over underSoften) is cleaned too, its darker-than-skin pixels only (a white collar
 *    stays), filled from the skin of the neck below it only (the underside of the jaw is in the
 *    neck's light, not the face's: filled from the face as well it came out a paler band). The
 *    band starts underSoften above the oval's chin line, so its softened edge does not fall on
 *    that line: starting on it, the band's weight was a half there, where the oval's zone ends,
 *    and the beard's edge along the jaw stayed as a dark line.
 *  - Fill: the skin where the test failed is filled by normalised convolution (Knutsson & Westin,
 *    "Normalized and differential convolution", CVPR 1993): the box mean of the skin pixels of the
 *    face (weight = skin test x face oval) over growing radii (fillRadii), the smallest radius
 *    that holds enough skin (minCover), and the reference skin colour where none does. The fill
 *    carries the parent's own skin colour and its slow shading, not the hair's texture.
 */
import type { DecodedImage } from '../../image/decode.ts';
import { labToSrgb, srgbToLab } from '../image/colour.ts';
import { appearance } from './appearance.ts';
import { median } from './facemask.ts';
import {
  boxAround,
  cropFloat,
  ovalOf,
  pasteFloat,
  polygonMask,
  softenMask,
  type Box,
  type XY,
} from './fusion.ts';
import { faceWidthOf, fillPolygon, SKIN_HOLES, squareMorph } from './retouch.ts';

/** The cleaning's fixed rules (lengths in face widths, mesh points 234 to 454). */
export const CHILD_SKIN_RULES = {
  /** Robust distance up to which a pixel is skin, and from which it is not. */
  skinNear: 2.5,
  skinFar: 4,
  /** Weight of the lightness (darker side only) in the distance. */
  lightWeight: 0.6,
  /** Least spreads of the reference skin (L*, a*, b*): a very even face keeps its own shading. */
  minSpread: [6, 3, 3],
  /** Softening radius of the non-skin weight (it is grown by doubling the softened value). */
  grow: 0.012,
  /** Radii of the normalised convolution, smallest first. */
  fillRadii: [0.04, 0.1, 0.25],
  /** Share of skin a window must hold for its mean to be used. */
  minCover: 0.25,
  /** Band over which a zone fades in along the face's axis, as a share of the chin-to-forehead height. */
  fade: 0.04,
  /** Side of the square of the frame's black-hat and white-hat, face widths. */
  frameSize: 0.035,
  /** Depth (8-bit grey levels) from which a thin line starts to count as a frame, and fully counts. */
  frameNear: 6,
  frameFar: 12,
  /** Depth of the band under the chin, as a share of the chin-to-forehead height. */
  underChin: 0.1,
  /** Softening radius of the band under the chin's edges, face widths. */
  underSoften: 0.03,
} as const;

/** The oval's chin points, from the subject's right jaw corner to the left. */
export const CHIN_OVAL = [136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365] as const;

/** Mesh points whose surroundings are the reference skin: forehead, then the upper cheeks. */
export const SKIN_SAMPLES = [151, 9, 108, 337, 50, 280, 101, 330, 118, 347] as const;

export interface CleanedParent {
  /** Share of the beard zone (inside the oval) taken as hair and filled. */
  beard: number;
  /** Whether the glasses detector found glasses (and the glasses zone was cleaned). */
  glasses: boolean;
}

/**
 * Takes facial hair (beard zone) and, when the glasses detector finds them, glasses (glasses zone)
 * out of the face of `image` (changed in place), whose mesh is `mesh`.
 */
export function cleanChildSkin(image: DecodedImage, mesh: readonly XY[]): CleanedParent {
  const R = CHILD_SKIN_RULES;
  const fw = faceWidthOf(mesh);
  const W = image.width;
  const H = image.height;
  // Along the face's axis (chin 152 -> forehead top 10).
  const chin = mesh[152]!;
  const top = mesh[10]!;
  const height = Math.hypot(top[0] - chin[0], top[1] - chin[1]);
  if (fw < 8 || height < 8) return { beard: 0, glasses: false };
  const ux = (top[0] - chin[0]) / height;
  const uy = (top[1] - chin[1]) / height;
  const under = CHIN_OVAL.map((k) => mesh[k]!);
  const down = (d: number) =>
    under.map(([x, y]) => [x - ux * d * height, y - uy * d * height] as XY).reverse();
  const lift = (R.underSoften * fw) / height;
  const band = [...down(-lift).reverse(), ...down(R.underChin)];
  // The box reaches below the band: the neck's skin there fills it.
  const box = boxAround([...ovalOf(mesh), ...down(2 * R.underChin)], 2, W, H);
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  if (bw < 8 || bh < 8) return { beard: 0, glasses: false };
  const look = appearance(
    image,
    mesh.map(([x, y]) => [x, y, 0] as const),
  );
  const glasses = look.glasses.value !== 'none';
  const bearded = look.beard.value === 1;
  const rgb = cropFloat(image, box);
  const n = bw * bh;
  const oval = polygonMask(ovalOf(mesh), box);
  const underChin = bearded
    ? softenMask(polygonMask(band, box), bw, bh, Math.max(1, Math.round(R.underSoften * fw)))
    : new Float32Array(n);
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const l = srgbToLab(clamp8(rgb[i * 3]!), clamp8(rgb[i * 3 + 1]!), clamp8(rgb[i * 3 + 2]!));
    lab.set(l, i * 3);
  }
  const ref = referenceSkin(lab, mesh, box, fw);
  if (!ref) return { beard: 0, glasses: false };

  // Zones.
  const along = (x: number, y: number) => (x - chin[0]) * ux + (y - chin[1]) * uy;
  const at = (i: number) => along(mesh[i]![0], mesh[i]![1]);
  const noseTip = at(1);
  const browTop = Math.max(at(105), at(334));
  const fade = R.fade * height;
  const below = (t: number, limit: number) => Math.min(1, Math.max(0, (limit - t) / fade + 0.5));
  const beardZone = new Float32Array(n);
  const frameZone = new Float32Array(n);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const i = y * bw + x;
      if (oval[i]! <= 0) continue;
      const t = along(x + box.x0, y + box.y0);
      beardZone[i] = below(t, noseTip);
      if (glasses) frameZone[i] = below(t, browTop + fade) * (1 - below(t, noseTip));
    }
  const holes = featureHoles(mesh, box, glasses);
  const frame = glasses ? thinLines(rgb, bw, bh, Math.max(1, Math.round((R.frameSize * fw) / 2))) : null;

  // Skin test, and what is not skin in the zones.
  const skin = new Float32Array(n);
  const hair = new Float32Array(n);
  const darker = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const s = skinOf(lab, i, ref);
    darker[i] = lab[i * 3]! < ref.centre[0]! ? 1 : 0;
    skin[i] = s * oval[i]! * (1 - holes[i]!);
    if (holes[i]! > 0) continue;
    const line = frame ? Math.min(1, Math.max(0, (frame[i]! - R.frameNear) / (R.frameFar - R.frameNear))) : 0;
    hair[i] = Math.max(beardZone[i]! * (1 - s), frameZone[i]! * Math.max(1 - s, line));
  }
  let beardSum = 0;
  let beardArea = 0;
  for (let i = 0; i < n; i++)
    if (beardZone[i]! > 0.5 && holes[i]! === 0) {
      beardArea++;
      beardSum += hair[i]!;
    }
  const beard = beardArea ? beardSum / beardArea : 0;
  // A full beard goes on under the chin: its darker-than-skin pixels there are hair too.
  if (bearded)
    for (let i = 0; i < n; i++) {
      if (underChin[i]! <= 0 || oval[i]! > 0 || !darker[i]) continue;
      const s = skinOf(lab, i, ref);
      hair[i] = Math.max(hair[i]!, 1 - s);
    }
  const grown = softenMask(hair, bw, bh, Math.max(1, Math.round(R.grow * fw)));
  const weight = new Float32Array(n);
  const zone = (i: number) => Math.max(beardZone[i]!, frameZone[i]!, underChin[i]!);
  // The fill fades out over the features' edges (a hard stop would draw their outline, such as a
  // lens's around an eye).
  const edge = softenMask(holes, bw, bh, Math.max(1, Math.round(R.grow * fw)));
  for (let i = 0; i < n; i++) weight[i] = Math.min(1, 2 * grown[i]!) * zone(i) * (1 - edge[i]!);
  const fallback = labToSrgb(ref.centre[0]!, ref.centre[1]!, ref.centre[2]!, [0, 0, 0]);
  if (!bearded) fillFromSkin(rgb, bw, bh, skin, weight, fw, fallback);
  else {
    // Inside the oval from the face's skin; under the chin from the neck's skin below the band.
    const neck = polygonMask([...under, ...down(2 * R.underChin)], box);
    const neckSkin = new Float32Array(n);
    const underWeight = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      if (oval[i]! > 0) continue;
      if (neck[i]! > 0) neckSkin[i] = skinOf(lab, i, ref);
      underWeight[i] = weight[i]!;
      weight[i] = 0;
    }
    const neckFill = new Float32Array(rgb);
    fillFromSkin(rgb, bw, bh, skin, weight, fw, fallback);
    fillFromSkin(neckFill, bw, bh, neckSkin, underWeight, fw, fallback);
    for (let i = 0; i < n; i++)
      if (underWeight[i]! > 0) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = neckFill[i * 3 + c]!;
  }
  pasteFloat(image, box, rgb);
  return { beard, glasses };
}

interface SkinReference {
  centre: number[];
  spread: number[];
}

/** Median and spread of the CIELAB skin in squares of half side 0.03 face widths around SKIN_SAMPLES. */
function referenceSkin(
  lab: Float32Array,
  mesh: readonly XY[],
  box: Box,
  fw: number,
): SkinReference | undefined {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const samples: number[][] = [[], [], []];
  const half = Math.max(1, Math.round(0.03 * fw));
  for (const k of SKIN_SAMPLES) {
    const cx = Math.round(mesh[k]![0] - box.x0);
    const cy = Math.round(mesh[k]![1] - box.y0);
    for (let y = Math.max(0, cy - half); y <= Math.min(bh - 1, cy + half); y++)
      for (let x = Math.max(0, cx - half); x <= Math.min(bw - 1, cx + half); x++)
        for (let c = 0; c < 3; c++) samples[c]!.push(lab[(y * bw + x) * 3 + c]!);
  }
  if (samples[0]!.length < 16) return undefined;
  const centre = samples.map(median);
  const spread = samples.map((v, c) =>
    Math.max(CHILD_SKIN_RULES.minSpread[c]!, 1.4826 * median(v.map((x) => Math.abs(x - centre[c]!)))),
  );
  return { centre, spread };
}

/** The skin test of pixel i (0..1): its robust distance from the reference, lightness on the darker side only. */
function skinOf(lab: Float32Array, i: number, ref: SkinReference): number {
  const R = CHILD_SKIN_RULES;
  const dl = Math.min(0, lab[i * 3]! - ref.centre[0]!) / ref.spread[0]!;
  const da = (lab[i * 3 + 1]! - ref.centre[1]!) / ref.spread[1]!;
  const db = (lab[i * 3 + 2]! - ref.centre[2]!) / ref.spread[2]!;
  const d = Math.sqrt(R.lightWeight * dl * dl + da * da + db * db);
  return Math.min(1, Math.max(0, (R.skinFar - d) / (R.skinFar - R.skinNear)));
}

/**
 * The eye openings (lid outlines) and how much they are grown for a parent in glasses: the skin
 * mask's eye holes (the ring around the lids) hold a frame's lower rim, and its brow holes the
 * upper rim, so with glasses only the lids, the lashes and the brows themselves are kept.
 */
const LIDS = [
  [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
] as const;
const LID_GROW = 1.3;
/** The brows grown for a parent in glasses: the frame's upper rim runs along them. */
const BROW_GROW = 1.05;

/**
 * 1 inside the eyes, brows, lips and nostrils (retouch.ts SKIN_HOLES, grown as the skin mask grows
 * them; with `glasses`, the eyes are the lids grown by LID_GROW and the brows grown by BROW_GROW instead).
 */
function featureHoles(mesh: readonly XY[], box: Box, glasses: boolean): Float32Array {
  const bw = box.x1 - box.x0;
  const holes = new Float32Array(bw * (box.y1 - box.y0));
  const kept = glasses
    ? [
        ...SKIN_HOLES.filter((h) => !h.name.startsWith('eye')).map((h) =>
          h.name.startsWith('brow') ? { ...h, grow: BROW_GROW } : h,
        ),
        ...LIDS.map((polygon) => ({ polygon, grow: LID_GROW })),
      ]
    : SKIN_HOLES;
  for (const hole of kept) {
    const pts = hole.polygon.map((k) => mesh[k]!);
    const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    fillPolygon(
      holes,
      bw,
      box.y1 - box.y0,
      pts.map(
        ([x, y]) =>
          [cx + (x - cx) * hole.grow - box.x0, cy + (y - cy) * hole.grow - box.y0] as [number, number],
      ),
      1,
    );
  }
  return holes;
}

/** Larger of the grey level's black-hat and white-hat by a square of half side r (thin dark or light lines). */
function thinLines(rgb: Float32Array, w: number, h: number, r: number): Float32Array {
  const n = w * h;
  const grey = new Float32Array(n);
  for (let i = 0; i < n; i++)
    grey[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  const a = new Float32Array(n);
  const closing = new Float32Array(n);
  const opening = new Float32Array(n);
  squareMorph(grey, w, h, r, true, a);
  squareMorph(a, w, h, r, false, closing);
  squareMorph(grey, w, h, r, false, a);
  squareMorph(a, w, h, r, true, opening);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.max(closing[i]! - grey[i]!, grey[i]! - opening[i]!);
  return out;
}

/**
 * Normalised convolution (Knutsson & Westin 1993): each pixel with `weight` > 0 moves that far
 * towards the mean of the `skin`-weighted pixels around it, over the smallest of fillRadii whose
 * window holds minCover of skin, or towards `fallback` (the reference colour) where none does.
 */
function fillFromSkin(
  rgb: Float32Array,
  w: number,
  h: number,
  skin: Float32Array,
  weight: Float32Array,
  fw: number,
  fallback: number[] | Float32Array,
): void {
  const R = CHILD_SKIN_RULES;
  const n = w * h;
  const fill = new Float32Array(n * 3);
  const done = new Uint8Array(n);
  const channel = new Float32Array(n);
  for (const radius of R.fillRadii) {
    const r = Math.max(1, Math.round(radius * fw));
    const cover = softenMask(skin, w, h, r);
    for (let c = 0; c < 3; c++) {
      for (let i = 0; i < n; i++) channel[i] = rgb[i * 3 + c]! * skin[i]!;
      const sum = softenMask(channel, w, h, r);
      for (let i = 0; i < n; i++)
        if (!done[i] && weight[i]! > 0 && cover[i]! >= R.minCover) fill[i * 3 + c] = sum[i]! / cover[i]!;
    }
    for (let i = 0; i < n; i++) if (weight[i]! > 0 && cover[i]! >= R.minCover) done[i] = 1;
  }
  for (let i = 0; i < n; i++) {
    const a = weight[i]!;
    if (a <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const k = i * 3 + c;
      rgb[k] = rgb[k]! + a * ((done[i] ? fill[k]! : fallback[c]!) - rgb[k]!);
    }
  }
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

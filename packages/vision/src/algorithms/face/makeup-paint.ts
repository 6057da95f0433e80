/**
 * Makeup painted on one face, placed by the 468-point face mesh (so it follows the head's pose
 * and expression): lipstick, blush, eyebrow, eyeliner and eye shadow. No model of its own.
 *
 * Each part is a mesh polygon (or a soft disc for blush) rasterised on a working grid of at most
 * RETOUCH_RULES.maxWorkSide pixels a side, feathered by box blurs, and painted at full
 * resolution in linear RGB:
 *
 *  - tint (lipstick, blush, eyebrow, eye shadow): the part's colour C scaled per pixel by the
 *    ratio of the pixel's luminance to the part's mean luminance, `T = C x Y / mean(Y)`, so the
 *    part takes the colour's hue and lightness on average while its texture, highlights and
 *    shadows (lip lines, pores, brow hairs) stay as they were relative to each other;
 *  - ink (eyeliner): the colour itself, opaque where the line is drawn.
 *
 * The result mixes the pixel towards T (or C) by strength x the part's feathered mask x the
 * part's most opacity (MAKEUP_RULES.opacity). Pixels outside every part keep their exact values.
 */
import { resizeRgb, type RgbPixels } from '../../image/resize.ts';
import {
  boxMean,
  encode,
  FACE_OVAL,
  faceWidthOf,
  fillPolygon,
  regionOf,
  RETOUCH_RULES,
  sample1,
  SKIN_HOLES,
  TO_LINEAR,
} from './retouch.ts';
import type { MakeupLookParts, MakeupPart } from './retouch-tasks-params.ts';

type XY = readonly [number, number] | readonly [number, number, number];
type Pt = [number, number];

/** Mesh polygons of the parts (MediaPipe face mesh indices). */
export const MAKEUP_REGIONS = {
  /** Outer lip line; the inner lip line (the mouth's opening) is left out. */
  lipsOuter: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185],
  lipsInner: [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308, 415, 310, 311, 312, 13, 82, 81, 80, 191],
  /** Upper lid line, outer corner to inner corner, then the ring above it (lashes), per eye. */
  lidRight: [33, 246, 161, 160, 159, 158, 157, 173, 133],
  lashRight: [130, 247, 30, 29, 27, 28, 56, 190, 243],
  lidLeft: [263, 466, 388, 387, 386, 385, 384, 398, 362],
  lashLeft: [359, 467, 260, 259, 257, 258, 286, 414, 463],
  /** The crease ring above the lid (eye shadow's upper edge), outer to inner. */
  creaseRight: [113, 225, 224, 223, 222, 221, 189],
  creaseLeft: [342, 445, 444, 443, 442, 441, 413],
  /** Eye openings (lid outlines), never painted but by the eyeliner's edge. */
  eyeRight: [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  eyeLeft: [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
  /** Cheek centres of the blush: the subject's right, then left. */
  cheeks: [50, 280],
} as const;

/**
 * Constants of the method. Lengths are fractions of the face width (mesh points 234 to 454)
 * unless said otherwise.
 */
export const MAKEUP_RULES = {
  /** Most opacity of each part at strength 100. */
  opacity: { lipstick: 0.85, blush: 0.45, eyebrow: 0.6, eyeliner: 0.9, eyeshadow: 0.55 },
  /** Feathering radius of each part's mask (two box blurs). */
  feather: { lipstick: 0.006, blush: 0.02, eyebrow: 0.008, eyeliner: 0.003, eyeshadow: 0.025 },
  /** Radius of the blush disc; the disc fades as (1 - d^2 / r^2)^2. */
  blushRadius: 0.15,
  /** Eyeliner width: the share of the way from the lid line to the lash ring. */
  linerWidth: 0.5,
} as const;

/** The paint order: broad washes first, lines on top. */
const ORDER: readonly MakeupPart[] = ['blush', 'eyeshadow', 'eyebrow', 'lipstick', 'eyeliner'];

function linearOf(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [TO_LINEAR[(v >> 16) & 255]!, TO_LINEAR[(v >> 8) & 255]!, TO_LINEAR[v & 255]!];
}

const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** The feathered mask 0..1 of one part on the w x h working grid (mesh in working pixels). */
export function partMask(part: MakeupPart, w: number, h: number, mesh: readonly XY[], faceWidth: number) {
  const R = MAKEUP_REGIONS;
  const at = (i: number): Pt => [mesh[i]![0], mesh[i]![1]];
  const poly = (indices: readonly number[]) => indices.map(at);
  const mask = new Float32Array(w * h);
  if (part === 'lipstick') {
    fillPolygon(mask, w, h, poly(R.lipsOuter), 1);
    fillPolygon(mask, w, h, poly(R.lipsInner), 0);
  } else if (part === 'eyebrow') {
    for (const hole of SKIN_HOLES)
      if (hole.name.startsWith('brow')) fillPolygon(mask, w, h, poly(hole.polygon), 1);
  } else if (part === 'eyeliner' || part === 'eyeshadow') {
    const sides = [
      { lid: R.lidRight, lash: R.lashRight, crease: R.creaseRight },
      { lid: R.lidLeft, lash: R.lashLeft, crease: R.creaseLeft },
    ];
    for (const side of sides) {
      const lid = poly(side.lid);
      if (part === 'eyeliner') {
        const t = MAKEUP_RULES.linerWidth;
        const upper = side.lash.map((i, k) => {
          const [x, y] = at(i);
          return [lid[k]![0] + t * (x - lid[k]![0]), lid[k]![1] + t * (y - lid[k]![1])] as Pt;
        });
        fillPolygon(mask, w, h, [...lid, ...upper.reverse()], 1);
      } else {
        fillPolygon(mask, w, h, [...lid, ...poly(side.crease).reverse()], 1);
      }
    }
  } else {
    // Blush: a soft disc on each cheek, inside the face outline.
    const r = MAKEUP_RULES.blushRadius * faceWidth;
    const oval = new Float32Array(w * h);
    fillPolygon(oval, w, h, poly(FACE_OVAL), 1);
    for (const c of R.cheeks) {
      const [cx, cy] = at(c);
      for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(h, Math.ceil(cy + r)); y++) {
        for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(w, Math.ceil(cx + r)); x++) {
          const q = ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) / (r * r);
          if (q < 1) mask[y * w + x] = Math.max(mask[y * w + x]!, oval[y * w + x]! * (1 - q) ** 2);
        }
      }
    }
  }
  const radius = Math.max(1, Math.round(MAKEUP_RULES.feather[part] * faceWidth));
  const tmp = new Float32Array(w * h);
  const once = new Float32Array(w * h);
  if (part !== 'blush') {
    // Feathered outwards: twice the blurred polygon, at most 1, is full up to the polygon's
    // edge (thin parts such as lips keep their full colour) and fades beyond it.
    boxMean(mask, w, h, radius, tmp, once);
    boxMean(once, w, h, radius, tmp, mask);
    for (let i = 0; i < w * h; i++) mask[i] = Math.min(1, 2 * mask[i]!);
  }
  // The eyes themselves are never tinted (the liner's feathered edge aside).
  if (part === 'eyeshadow' || part === 'eyebrow') {
    fillPolygon(mask, w, h, poly(R.eyeRight), 0);
    fillPolygon(mask, w, h, poly(R.eyeLeft), 0);
  }
  return mask;
}

/**
 * Paints the parts on the face whose mesh (image pixels) is given, in place in `image` (packed
 * RGB). Parts at strength 0 are left out.
 */
export async function paintMakeup(
  image: RgbPixels,
  mesh: readonly XY[],
  parts: MakeupLookParts,
): Promise<void> {
  const { width: W, height: H, data } = image;
  const active = ORDER.filter((part) => parts[part].strength > 0);
  if (active.length === 0) return;
  const region = regionOf(mesh, W, H);
  const k = Math.min(1, RETOUCH_RULES.maxWorkSide / Math.max(region.width, region.height));
  const w = Math.max(1, Math.round(region.width * k));
  const h = Math.max(1, Math.round(region.height * k));
  const sx = w / region.width;
  const sy = h / region.height;
  const local = mesh.map(([x, y]) => [(x - region.left) * sx, (y - region.top) * sy] as Pt);
  const faceWidth = faceWidthOf(mesh) * sx;
  const layers = active.map((part) => ({
    part,
    mask: partMask(part, w, h, local, faceWidth),
    colour: linearOf(parts[part].color),
    alpha: (parts[part].strength / 100) * MAKEUP_RULES.opacity[part],
    meanY: 0,
  }));
  // Mean luminance of each tinted part, weighted by its mask, on the working grid.
  const work = await resizeRgb(image, w, h, region);
  for (const layer of layers) {
    let sum = 0;
    let weight = 0;
    for (let i = 0; i < w * h; i++) {
      const m = layer.mask[i]!;
      if (m === 0) continue;
      sum +=
        m * luminance(TO_LINEAR[work[3 * i]!]!, TO_LINEAR[work[3 * i + 1]!]!, TO_LINEAR[work[3 * i + 2]!]!);
      weight += m;
    }
    layer.meanY = weight > 0 ? Math.max(1e-4, sum / weight) : 1;
  }
  const at = (grid: Float32Array, x: number, y: number) =>
    k === 1 ? grid[y * w + x]! : sample1(grid, w, h, (x + 0.5) * sx, (y + 0.5) * sy);
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      const o = ((region.top + y) * W + region.left + x) * 3;
      let r = -1;
      let g = 0;
      let b = 0;
      for (const layer of layers) {
        const a = layer.alpha * at(layer.mask, x, y);
        if (a < 1e-3) continue;
        if (r < 0) {
          r = TO_LINEAR[data[o]!]!;
          g = TO_LINEAR[data[o + 1]!]!;
          b = TO_LINEAR[data[o + 2]!]!;
        }
        const [cr, cg, cb] = layer.colour;
        // Ink for the liner; elsewhere the colour scaled by the pixel's relative luminance.
        const ratio = layer.part === 'eyeliner' ? 1 : luminance(r, g, b) / layer.meanY;
        r += a * (cr * ratio - r);
        g += a * (cg * ratio - g);
        b += a * (cb * ratio - b);
      }
      if (r < 0) continue;
      data[o] = Math.round(encode(r));
      data[o + 1] = Math.round(encode(g));
      data[o + 2] = Math.round(encode(b));
    }
  }
}

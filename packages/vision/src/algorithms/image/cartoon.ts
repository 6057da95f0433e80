/**
 * cartoon (v1/AICartoonStyle1, capability 20): a photo drawn as a cartoon, in the image
 * abstraction of H. Winnemöller, S. C. Olsen, B. Gooch, "Real-time video abstraction", SIGGRAPH
 * 2006, with XDoG lines (Winnemöller, Kyprianidis, Olsen 2012) and face features from the mesh:
 *
 *  1. A working copy of at most WORK_SIDE pixels a side (the colour layer is smooth, so it is made
 *     there and upsampled; the lines are made sharp at full size, see 5).
 *  2. Faces (face-lines.ts): mesh and skin mask; the skin is smoothed further (no pores, no
 *     stubble shading) and the photo's own small lines inside it are not drawn.
 *  3. Abstraction: the self-guided filter on each CIELAB channel (npr.ts abstractLab).
 *  4. Colour per style: k-means quantisation in CIELAB (cel shading: flat areas with a few
 *     shading bands; the skin keeps its own hue), then the style's lightness and chroma mapping
 *     (pastel: lifted, low contrast, washed colour); comic fills its darkest colour with ink black
 *     where its surroundings are dark too. The skin's shading is first drawn towards the face's
 *     median lightness (RELATIVE_TONE), so the bands are relative to the face's own light.
 *  5. Lines: XDoG ink of the abstracted lightness on the working copy, upsampled and passed
 *     through the steep tanh at full size (crisp edges at the photo's resolution), plus the mesh's
 *     eyelids, brows, mouth, nose base and jaw drawn as tapered strokes at full size; colour and
 *     ink are upsampled and combined in one pass (composeLines).
 *
 * Models: the facepoints pipeline (BlazeFace + FaceMesh, shared per worker). No face is not an
 * error: the photo is drawn without face features.
 */
import type { DecodedImage } from '../../image/decode.ts';
import { resizeRgb, type RgbPixels } from '../../image/resize.ts';
import { boxMeanFilter, samplingPositions } from '../body/guided-filter.ts';
import { loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import type { Algorithm } from '../types.ts';
import { jpegOf } from './encode.ts';
import { guidedFilterGrey } from './guided.ts';
import { faceStrokes, findStyleFaces } from './face-lines.ts';
import {
  abstractLab,
  dilate,
  kmeansLab,
  labPlanes,
  quantiseLab,
  rgbOfLab,
  xdogInk,
  type Planes,
} from './npr.ts';
import {
  CARTOON_DEFAULTS,
  parseCartoonParams,
  type CartoonParams,
  type CartoonResult,
  type CartoonStyle,
} from './style-params.ts';

/** The working copy's longest side. */
export const WORK_SIDE = 512;

interface CartoonLook {
  /** Abstraction: guided filter radius (fraction of the working long side), eps (L* units^2), passes. */
  radius: number;
  smoothEps: number;
  passes: number;
  /** k-means colours. */
  colours: number;
  /** k-means weight of L* against a*, b* (above 1: more shading bands; below 1 hues kept apart first). */
  lightness: number;
  /** Output lightness L' = lift + contrast (L - 50) + 50, chroma scaled by `chroma`. */
  lift: number;
  contrast: number;
  chroma: number;
  /** Colours darker than this L* become ink black (comic spot blacks); 0: none. */
  spotBlack: number;
  /** XDoG on the working copy: sigma (px at WORK_SIDE), tau, eps, phi; dilation radius (working px). */
  sigma: number;
  tau: number;
  eps: number;
  phi: number;
  thicken: number;
  /** Line colour: 0 black; above 0 the local colour at this share of its lightness. */
  lineTint: number;
  /** Face stroke width factor. */
  faceWeight: number;
}

/** The styles: one set of constants each. */
export const CARTOON_LOOKS: Record<CartoonStyle, CartoonLook> = {
  // Cel anime: many soft colours, thin black lines, clean skin.
  anime: {
    radius: 0.01,
    smoothEps: 40,
    passes: 1,
    colours: 14,
    lightness: 0.7,
    lift: 4,
    contrast: 1.05,
    chroma: 1.1,
    spotBlack: 0,
    sigma: 0.9,
    tau: 0.985,
    eps: -0.25,
    phi: 1.2,
    thicken: 0,
    lineTint: 0.25,
    faceWeight: 1,
  },
  // Comic ink: few colours, heavy black lines and spot blacks.
  comic: {
    radius: 0.01,
    smoothEps: 60,
    passes: 2,
    colours: 7,
    lightness: 0.9,
    lift: 0,
    contrast: 1.2,
    chroma: 1.15,
    spotBlack: 24,
    sigma: 1.2,
    tau: 0.98,
    eps: -0.15,
    phi: 1.5,
    thicken: 1,
    lineTint: 0,
    faceWeight: 1.5,
  },
  // Soft pastel: light, low-contrast washed colours, thin tinted lines.
  pastel: {
    radius: 0.012,
    smoothEps: 80,
    passes: 2,
    colours: 10,
    lightness: 1,
    lift: 22,
    contrast: 0.7,
    chroma: 0.55,
    spotBlack: 0,
    sigma: 1,
    tau: 0.985,
    eps: -0.4,
    phi: 0.8,
    thicken: 0,
    lineTint: 0.55,
    faceWeight: 0.8,
  },
  // Bold flat colour: very few saturated colours, outlines only.
  flat: {
    radius: 0.014,
    smoothEps: 100,
    passes: 2,
    colours: 6,
    lightness: 0.5,
    lift: 2,
    contrast: 1.1,
    chroma: 1.6,
    spotBlack: 0,
    sigma: 1.6,
    tau: 0.975,
    eps: -0.6,
    phi: 1.0,
    thicken: 1,
    lineTint: 0.15,
    faceWeight: 1.2,
  },
};

/** Smoothing of the skin before quantisation: guided filter radius (fraction of the long side), eps. */
const SKIN_SMOOTH = { radius: 0.02, eps: 400 } as const;

/**
 * Lightness relative to the face and to the neighbourhood:
 *  - skinShade: the skin's lightness is drawn towards the skin's median by this share before
 *    quantisation (cel shading keeps the face's light and shade, but a shadowed cheek or eye
 *    socket no longer falls into the dark colour of the hair or the background);
 *  - spotRadius, spotMargin: a colour darker than the style's spotBlack becomes ink black only
 *    where the mean lightness around it (box window of spotRadius of the long side) is also
 *    below spotBlack + spotMargin: black hair and dark clothes turn black, a dark strand in
 *    brown hair or an eye socket in a lit face does not.
 */
export const RELATIVE_TONE = { skinShade: 0.45, spotRadius: 0.05, spotMargin: 0 } as const;

/** A working copy of at most `side` pixels a side, and the full-size factor. */
export async function workingCopy(image: RgbPixels, side: number) {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  if (scale === 1) return { work: image, scale: 1 };
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  return { work: { width, height, data: await resizeRgb(image, width, height) }, scale: image.width / width };
}

/** The colour layer of a style on the working copy (CIELAB, changed in place) and its lightness before quantisation. */
export function colourLayer(lab: Planes, look: CartoonLook, skin: Float32Array | undefined): Float32Array {
  const { width: w, height: h } = lab;
  const side = Math.max(w, h);
  const r = Math.max(1, Math.round(look.radius * side));
  const abstracted = abstractLab(lab, r, look.smoothEps, look.passes);
  if (skin) {
    // Lightness only: the skin's a*, b* are replaced by the skin's mean below.
    const L = abstracted.c[0];
    const radius = Math.max(4, Math.round(SKIN_SMOOTH.radius * side));
    const smooth = guidedFilterGrey(L, L, w, h, radius, SKIN_SMOOTH.eps, 2);
    for (let i = 0; i < L.length; i++) L[i] = L[i]! + skin[i]! * (smooth[i]! - L[i]!);
  }
  if (skin) {
    const L = abstracted.c[0];
    const lit: number[] = [];
    for (let i = 0; i < L.length; i++) if (skin[i]! > 0.5) lit.push(L[i]!);
    if (lit.length > 0) {
      lit.sort((a, b) => a - b);
      const median = lit[lit.length >> 1]!;
      for (let i = 0; i < L.length; i++) L[i] = L[i]! - skin[i]! * RELATIVE_TONE.skinShade * (L[i]! - median);
    }
  }
  const lightness = abstracted.c[0].slice();
  const around =
    look.spotBlack > 0
      ? boxMeanFilter(w, h, Math.max(1, Math.round(RELATIVE_TONE.spotRadius * side)))(lightness)
      : undefined;
  // The faces' skin keeps its own hue: the mean a*, b* of the skin before quantisation.
  let skinA = 0;
  let skinB = 0;
  if (skin) {
    let total = 0;
    for (let i = 0; i < skin.length; i++) {
      total += skin[i]!;
      skinA += skin[i]! * abstracted.c[1][i]!;
      skinB += skin[i]! * abstracted.c[2][i]!;
    }
    skinA /= total || 1;
    skinB /= total || 1;
  }
  quantiseLab(abstracted, kmeansLab(abstracted, look.colours, 6, 11, look.lightness), look.lightness);
  const [L, A, B] = abstracted.c;
  for (let i = 0; i < L.length; i++) {
    let l = look.lift + look.contrast * (L[i]! - 50) + 50;
    let chroma = look.chroma;
    if (around && L[i]! < look.spotBlack && around[i]! < look.spotBlack + RELATIVE_TONE.spotMargin) {
      l = 6;
      chroma = 0;
    }
    lab.c[0][i] = l < 0 ? 0 : l > 100 ? 100 : l;
    // Skin: the quantised lightness band (cel shading) in the skin's own hue.
    const k = skin ? skin[i]! : 0;
    lab.c[1][i] = (A[i]! + k * (skinA - A[i]!)) * chroma;
    lab.c[2][i] = (B[i]! + k * (skinB - B[i]!)) * chroma;
  }
  return lightness;
}

/**
 * XDoG ink of lightness `L` (w x h working pixels), lines inside the `skin` muted, thickened by a
 * dilation of `thicken` working pixels. Continuous: the steep tanh is applied after upsampling.
 */
export function lineInk(
  L: Float32Array,
  w: number,
  h: number,
  s: { sigma: number; tau: number; eps: number; thicken: number },
  skin: Float32Array | undefined,
): Float32Array {
  const sigma = s.sigma * (Math.max(w, h) / WORK_SIDE);
  const ink = xdogInk(L, w, h, { sigma, tau: s.tau, eps: s.eps });
  // Inside the skin only the strongest edges (the face outline against the background) stay.
  if (skin) for (let i = 0; i < ink.length; i++) ink[i] = ink[i]! * (1 - 0.9 * skin[i]!);
  return dilate(ink, w, h, s.thicken);
}

/**
 * The full-size result in one pass: the working copy's colour layer (`colour`, packed RGB; null
 * for white paper) and XDoG ink bilinearly upsampled to W x H, the ink through 1 - T =
 * tanh(phi ink), combined with the face strokes (`strokes`, W x H alpha) by their maximum, and the
 * lines painted in the local colour times `tint` (0: black). The bilinear interpolation is done
 * separably: each output row first blends its two source rows (w values per channel), then each
 * output pixel blends two neighbours of that row.
 */
export function composeLines(
  colour: Uint8Array | null,
  ink: Float32Array,
  w: number,
  h: number,
  W: number,
  H: number,
  phi: number,
  tint: number,
  strokes: Float32Array | undefined,
): Uint8Array {
  const out = new Uint8Array(W * H * 3);
  const cols = samplingPositions(W, w);
  const rows = samplingPositions(H, h);
  const keep = 1 - tint;
  const inkRow = new Float64Array(w);
  const colourRow = new Float64Array(3 * w).fill(255);
  for (let y = 0; y < H; y++) {
    const fy = rows.f[y]!;
    const gy = 1 - fy;
    const r0 = rows.i0[y]! * w;
    const r1 = rows.i1[y]! * w;
    for (let x = 0; x < w; x++) inkRow[x] = ink[r0 + x]! * gy + ink[r1 + x]! * fy;
    if (colour) {
      for (let x = 0; x < 3 * w; x++) colourRow[x] = colour[3 * r0 + x]! * gy + colour[3 * r1 + x]! * fy;
    }
    for (let x = 0; x < W; x++) {
      const fx = cols.f[x]!;
      const gx = 1 - fx;
      const a0 = cols.i0[x]!;
      const a1 = cols.i1[x]!;
      const p = y * W + x;
      const e = inkRow[a0]! * gx + inkRow[a1]! * fx;
      let a = e > 0 ? Math.tanh(phi * e) : 0;
      if (strokes && strokes[p]! > a) a = strokes[p]!;
      const shade = 1 - a * keep;
      const c0 = 3 * a0;
      const c1 = 3 * a1;
      out[3 * p] = (colourRow[c0]! * gx + colourRow[c1]! * fx) * shade + 0.5;
      out[3 * p + 1] = (colourRow[c0 + 1]! * gx + colourRow[c1 + 1]! * fx) * shade + 0.5;
      out[3 * p + 2] = (colourRow[c0 + 2]! * gx + colourRow[c1 + 2]! * fx) * shade + 0.5;
    }
  }
  return out;
}

async function run(
  image: DecodedImage,
  params: CartoonParams,
  models: MeshFaceModels,
): Promise<CartoonResult> {
  const { width: W, height: H } = image;
  const look = CARTOON_LOOKS[params.style];
  const { work, scale } = await workingCopy(image, WORK_SIDE);
  const { width: w, height: h } = work;
  const faces = await findStyleFaces(models, work, scale);
  const lab = labPlanes(work.data, w, h);
  const lightness = colourLayer(lab, look, faces.skin);
  const ink = lineInk(lightness, w, h, look, faces.skin);
  const strokes = faceStrokes(faces.meshes, W, H, look.faceWeight);
  const out = composeLines(rgbOfLab(lab), ink, w, h, W, H, look.phi, look.lineTint, strokes);
  return {
    answer: { image_width: W, image_height: H, style: params.style, face_num: faces.meshes.length },
    images: await jpegOf(out, W, H, params.quality),
  };
}

export const cartoon: Algorithm<CartoonParams, CartoonResult, MeshFaceModels> = {
  task: 'cartoon',
  // Full size: the result is returned at the size the photo came in.
  decode: {},
  parseParams: parseCartoonParams,
  loadModels: loadMeshFaceModels,
  // The face models are facepoints' (warmed up by facepoints); the styles need no tables.
  warmup: async () => {
    void CARTOON_DEFAULTS;
  },
  run,
};

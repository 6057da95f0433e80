/**
 * artstyle (v1/mtstyle, capability 23): six documented non-photorealistic renderings of a photo.
 * Each is made on a working copy of at most WORK_SIDE pixels a side and upsampled (mosaic and the
 * pop-art halftone are drawn at full size, where their crisp shapes show):
 *
 * - oil: the Kuwahara filter (Kuwahara et al. 1976; npr.ts) twice, then brush strokes: a noise
 *   texture smeared along the edge tangent of the structure tensor by line integral convolution
 *   (Cabral & Leedom 1993), lit as a relief (emboss of the stroke height) over the paint.
 * - watercolor: after A. Bousseau, M. Kaplan, J. Thollot, F. X. Sillion, "Interactive watercolor
 *   rendering with temporal coherence and abstraction", NPAR 2006: abstraction (guided filter,
 *   colour simplified by soft luminance quantisation), then pigment density d modulating the
 *   colour C' = C (1 - (1 - C)(d - 1)), d from turbulent flow (low-frequency fractal noise),
 *   pigment dispersion (high-frequency noise), paper grain and edge darkening (the abstraction's
 *   gradient magnitude).
 * - pencil: the colour-dodge pencil sketch (grey, inverted, blurred, then base / (1 - blur)) for
 *   the outlines, and tone as pencil hatching: noise smeared along a fixed 45-degree direction
 *   (LIC) raised to a power so its mean is the tone (after C. Lu, L. Xu, J. Jia, "Combining
 *   sketch and tone for pencil drawing production", NPAR 2012, texture rendering J = H^beta).
 * - ink: ink wash (sumi-e): lightness abstracted (Kuwahara), quantised into soft wash bands,
 *   bled with a blur and a noisy edge, XDoG brush lines of varying width, on rice paper.
 * - pop_art: k-means colours pushed to vivid (posterisation), Ben-Day halftone dots on a 45-degree
 *   screen sized by the tone, bold XDoG outlines.
 * - mosaic: Voronoi tiles on a jittered grid (each pixel takes its nearest seed among the nine
 *   neighbouring cells), each tile the mean colour of its pixels, grout where a pixel is nearly
 *   as close to a second seed, a per-tile glaze variation.
 *
 * Faces (BlazeFace, the facepoints detector) only size things: a photo whose faces are small on
 * the working copy (a group photo) is rendered on a larger copy (FACE_RULES), and the mosaic's
 * tiles and the halftone dots shrink to keep about 18 tiles and 24 dots across the narrowest face. No face is not an error.
 * `strength` blends the rendering with the photo.
 */
import type { DecodedImage } from '../../image/decode.ts';
import { resampleMap, resizeRgb, type RgbPixels } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import { detectFaces } from '../face/detector.ts';
import { loadMeshFaceModels, type MeshFaceModels } from '../face/mesh-faces.ts';
import { workingCopy } from './cartoon.ts';
import { jpegOf } from './encode.ts';
import {
  abstractLab,
  fractalNoise,
  gaussianBlur,
  inkAlpha,
  kmeansLab,
  kuwahara,
  labPlanes,
  lic,
  quantiseLab,
  rgbOfLab,
  rng,
  sobel,
  softQuantiseL,
  tangentField,
  valueNoise,
  whiteNoise,
  xdogInk,
  type Planes,
} from './npr.ts';
import {
  parseArtStyleParams,
  type ArtStyle,
  type ArtStyleParams,
  type ArtStyleResult,
} from './style-params.ts';

/** The working copy's longest side. */
export const WORK_SIDE = 720;

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** A rendering of the working copy: packed RGB at w x h (upsampled after), or already at full size. */
interface Rendering {
  rgb: Uint8Array;
  full: boolean;
}

type Renderer = (ctx: {
  lab: Planes;
  work: Uint8Array;
  w: number;
  h: number;
  full: DecodedImage;
}) => Rendering;

/**
 * Lengths in pixels of a working copy of WORK_SIDE, scaled down with a smaller copy; a copy made
 * larger for small faces (workingSide) keeps them, so faces are abstracted less.
 */
const px = (v: number, w: number, h: number) => (v * Math.min(WORK_SIDE, Math.max(w, h))) / WORK_SIDE;

/**
 * Faces narrower than this on the working copy get a larger copy (up to MAX_WORK_SIDE): the
 * strokes, washes and tiles are sized for the picture, and would wipe out the eyes and mouth of
 * the small faces of a group photo.
 */
export const FACE_RULES = { minFace: 160, maxSide: 1600, mosaicTilesPerFace: 18, dotsPerFace: 24 } as const;

/**
 * The narrowest face found on a copy of at most WORK_SIDE pixels, in full-image pixels (undefined:
 * none), and that copy (the working copy itself when no face asks for a larger one).
 */
async function narrowestFace(
  image: DecodedImage,
  models: MeshFaceModels,
): Promise<{ face: number | undefined; copy: RgbPixels }> {
  const { work, scale } = await workingCopy(image, WORK_SIDE);
  const faces = await detectFaces(models.detector, work, { minScore: 0.5, iouThreshold: 0.3, tiling: false });
  if (faces.length === 0) return { face: undefined, copy: work };
  return { face: Math.min(...faces.map((f) => f.box.x2 - f.box.x1)) * scale, copy: work };
}

const oil: Renderer = ({ lab, w, h }) => {
  const r = Math.max(2, Math.round(px(5, w, h)));
  let paint = kuwahara(lab, r);
  paint = kuwahara(paint, Math.max(2, Math.round(r * 0.6)));
  // Slightly richer colour, as oil paint.
  for (let i = 0; i < paint.c[1].length; i++) {
    paint.c[1][i]! *= 1.15;
    paint.c[2][i]! *= 1.15;
  }
  const { tx, ty } = tangentField(paint.c[0], w, h, px(2.5, w, h));
  const noise = gaussianBlur(whiteNoise(w, h, 7), w, h, 0.7);
  const strokes = lic(noise, w, h, tx, ty, Math.max(4, Math.round(px(9, w, h))));
  // Relief: light from the upper left on the stroke height field.
  const rgb = rgbOfLab(paint);
  for (let y = 0; y < h; y++) {
    const above = (y > 0 ? y - 1 : 0) * w;
    const below = (y < h - 1 ? y + 1 : h - 1) * w;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const up = strokes[above + (x > 0 ? x - 1 : 0)]!;
      const down = strokes[below + (x < w - 1 ? x + 1 : w - 1)]!;
      const shade = 1 + 1.1 * (down - up);
      const o = 3 * i;
      rgb[o] = clamp255(rgb[o]! * shade + 0.5);
      rgb[o + 1] = clamp255(rgb[o + 1]! * shade + 0.5);
      rgb[o + 2] = clamp255(rgb[o + 2]! * shade + 0.5);
    }
  }
  return { rgb, full: false };
};

const watercolor: Renderer = ({ lab, w, h }) => {
  const abstracted = abstractLab(lab, Math.max(2, Math.round(px(6, w, h))), 120, 2);
  softQuantiseL(abstracted.c[0], 7, 0.08);
  // Washed-out pigment: lighter, softer colour.
  for (let i = 0; i < abstracted.c[0].length; i++) {
    abstracted.c[0][i] = 18 + 0.85 * abstracted.c[0][i]!;
    abstracted.c[1][i]! *= 0.8;
    abstracted.c[2][i]! *= 0.8;
  }
  const colour = rgbOfLab(abstracted);
  const turbulence = fractalNoise(w, h, px(90, w, h), 3, 11);
  const dispersion = gaussianBlur(whiteNoise(w, h, 12), w, h, 0.8);
  const paper = fractalNoise(w, h, px(6, w, h), 2, 13);
  const { gx, gy } = sobel(abstracted.c[0], w, h);
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    const edge = Math.min(1, Math.sqrt(gx[i]! * gx[i]! + gy[i]! * gy[i]!) / 60);
    // Pigment density: 1 is the colour as it is; above 1 denser (darker), below lighter.
    const d =
      1 +
      0.35 * (turbulence[i]! - 0.5) +
      0.25 * (dispersion[i]! - 0.5) +
      0.3 * (paper[i]! - 0.5) +
      0.55 * edge;
    for (let c = 0; c < 3; c++) {
      const C = colour[3 * i + c]! / 255;
      rgb[3 * i + c] = clamp255(255 * C * (1 - (1 - C) * (d - 1)) + 0.5);
    }
  }
  return { rgb, full: false };
};

const pencil: Renderer = ({ lab, w, h }) => {
  const n = w * h;
  const L = lab.c[0];
  const grey = new Float32Array(n);
  for (let i = 0; i < n; i++) grey[i] = L[i]! / 100;
  // Colour dodge of the grey by its blurred negative: outlines where the grey changes.
  const inverted = grey.map((v) => 1 - v);
  const blurred = gaussianBlur(inverted, w, h, px(6, w, h));
  // Tone: smoothed lightness, lifted (pencil drawings are mostly paper).
  const tone = gaussianBlur(grey, w, h, px(2, w, h));
  // Hatching: noise smeared along 45 degrees; strokes of about 20 px.
  const tx = new Float32Array(n).fill(Math.SQRT1_2);
  const ty = new Float32Array(n).fill(-Math.SQRT1_2);
  const hatch = lic(whiteNoise(w, h, 21), w, h, tx, ty, Math.max(4, Math.round(px(10, w, h))));
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    lo = Math.min(lo, hatch[i]!);
    hi = Math.max(hi, hatch[i]!);
  }
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const dodge = Math.min(1, grey[i]! / Math.max(1e-3, 1 - blurred[i]!));
    const t = Math.min(0.98, 0.35 + 0.7 * tone[i]!);
    // J = H^beta with beta chosen so a mid-grey hatch gives the tone (Lu et al.).
    const H = 0.55 + 0.45 * ((hatch[i]! - lo) / (hi - lo + 1e-6));
    const beta = Math.log(t) / Math.log(0.775);
    const shade = H ** beta;
    // Graphite grey.
    const v = clamp255(255 * dodge ** 1.6 * shade + 0.5);
    rgb[3 * i] = v;
    rgb[3 * i + 1] = v;
    rgb[3 * i + 2] = v;
  }
  return { rgb, full: false };
};

const ink: Renderer = ({ lab, w, h }) => {
  const n = w * h;
  const abstracted = kuwahara(lab, Math.max(2, Math.round(px(6, w, h))));
  const L = abstracted.c[0].slice();
  softQuantiseL(L, 5, 0.1);
  // Washes bleed: blurred, with a noisy edge.
  const wash = gaussianBlur(L, w, h, px(2, w, h));
  const bleed = fractalNoise(w, h, px(12, w, h), 3, 31);
  const lines = xdogInk(abstracted.c[0], w, h, { sigma: px(1.3, w, h), tau: 0.98, eps: -0.3 });
  const width = fractalNoise(w, h, px(40, w, h), 2, 32);
  const fibre = fractalNoise(w, h, px(3, w, h), 2, 33);
  const rgb = new Uint8Array(n * 3);
  const paper = [246, 240, 226];
  for (let i = 0; i < n; i++) {
    const density = Math.min(1, Math.max(0, (100 - wash[i]!) / 100 + 0.12 * (bleed[i]! - 0.5)));
    const wet = density ** 1.3 * 0.92;
    const line = inkAlpha(lines[i]!, 0.6 + 1.2 * width[i]!);
    const inked = 1 - (1 - wet) * (1 - line);
    const grain = 1 - 0.05 * fibre[i]!;
    for (let c = 0; c < 3; c++) rgb[3 * i + c] = clamp255(paper[c]! * grain * (1 - inked) + 18 * inked + 0.5);
  }
  return { rgb, full: false };
};

/** Pop art at full size: posterised colours (work copy, upsampled), halftone dots and outlines. */
async function popArt(
  lab: Planes,
  w: number,
  h: number,
  full: DecodedImage,
  face: number | undefined,
): Promise<Uint8Array> {
  const abstracted = abstractLab(lab, Math.max(2, Math.round(px(3, w, h))), 40, 1);
  const tone = abstracted.c[0].slice();
  quantiseLab(abstracted, kmeansLab(abstracted, 8, 6, 11, 0.8), 0.8, 1, 1);
  for (let i = 0; i < abstracted.c[0].length; i++) {
    abstracted.c[1][i]! *= 1.4;
    abstracted.c[2][i]! *= 1.4;
  }
  const { width: W, height: H } = full;
  const colour = await resizeRgb({ width: w, height: h, data: Buffer.from(rgbOfLab(abstracted)) }, W, H);
  const toneUp = resampleMap(tone, w, h, W, H);
  const inkUp = resampleMap(xdogInk(tone, w, h, { sigma: px(1.2, w, h), tau: 0.98, eps: -0.1 }), w, h, W, H);
  // Ben-Day screen: cells of `cell` full-size pixels on a 45-degree grid, finer on small faces.
  const cell = Math.max(4, Math.min(Math.max(W, H) / 110, face ? face / FACE_RULES.dotsPerFace : Infinity));
  const out = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const u = (x + y) / (cell * Math.SQRT2);
      const v = (x - y) / (cell * Math.SQRT2);
      const du = u - Math.round(u);
      const dv = v - Math.round(v);
      // sqrt rather than Math.hypot in per-pixel loops: V8's hypot (guarded against overflow
      // these magnitudes never reach) costs about 15 times as much.
      const dist = Math.sqrt(du * du + dv * dv);
      // Dot radius grows with darkness; full cover at about 0.7 of a cell.
      const dark = 1 - toneUp[i]! / 100;
      const radius = 0.72 * Math.sqrt(Math.max(0, dark));
      const dot = Math.min(1, Math.max(0, (radius - dist) * cell + 0.5));
      const line = inkAlpha(inkUp[i]!, 1.6);
      for (let c = 0; c < 3; c++) {
        const base = colour[3 * i + c]!;
        // Between dots the paper shows the colour lightened; the dot prints it darker.
        const paper = base + (255 - base) * 0.3;
        const printed = paper + dot * (base * 0.85 - paper);
        out[3 * i + c] = clamp255(printed * (1 - line) + 10 * line + 0.5);
      }
    }
  }
  return out;
}

/** Voronoi mosaic at full size on a jittered grid: about 120 tiles on the long side, smaller for small faces. */
function mosaic(full: DecodedImage, face: number | undefined): Uint8Array {
  const { width: W, height: H, data } = full;
  const cell = Math.max(
    4,
    Math.min(Math.max(W, H) / 120, face ? face / FACE_RULES.mosaicTilesPerFace : Infinity),
  );
  const cols = Math.ceil(W / cell) + 1;
  const rows = Math.ceil(H / cell) + 1;
  const random = rng(41);
  const sx = new Float32Array(cols * rows);
  const sy = new Float32Array(cols * rows);
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      sx[j * cols + i] = (i + 0.15 + 0.7 * random()) * cell;
      sy[j * cols + i] = (j + 0.15 + 0.7 * random()) * cell;
    }
  const label = new Int32Array(W * H);
  const gap = new Float32Array(W * H);
  const sums = new Float64Array(cols * rows * 4);
  for (let y = 0; y < H; y++) {
    const cj = Math.floor(y / cell);
    for (let x = 0; x < W; x++) {
      const ci = Math.floor(x / cell);
      let best = -1;
      let d1 = Infinity;
      let d2 = Infinity;
      for (let j = Math.max(0, cj - 1); j <= Math.min(rows - 1, cj + 1); j++) {
        for (let i = Math.max(0, ci - 1); i <= Math.min(cols - 1, ci + 1); i++) {
          const s = j * cols + i;
          const dx = x + 0.5 - sx[s]!;
          const dy = y + 0.5 - sy[s]!;
          const d = dx * dx + dy * dy;
          if (d < d1) {
            d2 = d1;
            d1 = d;
            best = s;
          } else if (d < d2) d2 = d;
        }
      }
      const p = y * W + x;
      label[p] = best;
      // Distance to the bisector with the second-nearest seed, approximately (d2 - d1) / (2 |s2 - s1|).
      gap[p] = (Math.sqrt(d2) - Math.sqrt(d1)) / 2;
      sums[4 * best]! += data[3 * p]!;
      sums[4 * best + 1]! += data[3 * p + 1]!;
      sums[4 * best + 2]! += data[3 * p + 2]!;
      sums[4 * best + 3]! += 1;
    }
  }
  const grout = Math.max(0.5, cell * 0.045);
  const out = new Uint8Array(W * H * 3);
  for (let p = 0; p < W * H; p++) {
    const s = label[p]!;
    const count = sums[4 * s + 3]! || 1;
    // A glaze variation per tile (+-6 %), from the tile's seed position.
    const glaze = 0.94 + 0.12 * valueNoise(sx[s]! * 0.37, sy[s]! * 0.37, 51);
    const edge = Math.min(1, Math.max(0, gap[p]! - grout + 0.5));
    for (let c = 0; c < 3; c++) {
      const tile = (sums[4 * s + c]! / count) * glaze;
      // Grout: the tile's colour darkened, so joints read as shadowed gaps rather than a grey net.
      out[3 * p + c] = clamp255(tile * (0.7 + 0.3 * edge) + 0.5);
    }
  }
  return out;
}

const RENDERERS: Record<Exclude<ArtStyle, 'pop_art' | 'mosaic'>, Renderer> = { oil, watercolor, pencil, ink };

/** The style's rendering of `image` at full size (packed RGB). */
export async function renderArtStyle(
  image: DecodedImage,
  style: ArtStyle,
  models: MeshFaceModels,
): Promise<Uint8Array> {
  const { width: W, height: H } = image;
  const { face, copy } = await narrowestFace(image, models);
  if (style === 'mosaic') return mosaic(image, face);
  const long = Math.max(W, H);
  let side = WORK_SIDE;
  if (face !== undefined && long > WORK_SIDE) {
    const faceOnCopy = (face * WORK_SIDE) / long;
    if (faceOnCopy < FACE_RULES.minFace)
      side = Math.min(FACE_RULES.maxSide, Math.round((WORK_SIDE * FACE_RULES.minFace) / faceOnCopy));
  }
  const work = side === WORK_SIDE ? copy : (await workingCopy(image, side)).work;
  const { width: w, height: h } = work;
  const lab = labPlanes(work.data, w, h);
  if (style === 'pop_art') return popArt(lab, w, h, image, face);
  const { rgb } = RENDERERS[style]({ lab, work: work.data, w, h, full: image });
  if (w === W && h === H) return rgb;
  return resizeRgb({ width: w, height: h, data: Buffer.from(rgb) }, W, H);
}

async function run(
  image: DecodedImage,
  params: ArtStyleParams,
  models: MeshFaceModels,
): Promise<ArtStyleResult> {
  const { width: W, height: H } = image;
  const rendered = await renderArtStyle(image, params.style, models);
  const s = params.strength / 100;
  // Full strength (the default) is the rendering itself: photo + 1 x (rendering - photo) + 0.5,
  // truncated, gives each rendered byte back, so the blend is skipped.
  let out = rendered;
  if (s < 1) {
    out = new Uint8Array(W * H * 3);
    for (let i = 0; i < out.length; i++) out[i] = image.data[i]! + s * (rendered[i]! - image.data[i]!) + 0.5;
  }
  return {
    answer: { image_width: W, image_height: H, style: params.style, strength: params.strength },
    images: await jpegOf(out, W, H, params.quality),
  };
}

export const artstyle: Algorithm<ArtStyleParams, ArtStyleResult, MeshFaceModels> = {
  task: 'artstyle',
  // Full size: the result is returned at the size the photo came in.
  decode: {},
  parseParams: parseArtStyleParams,
  // The face detector only sizes the working copy and the tiles (facepoints' models, shared).
  loadModels: loadMeshFaceModels,
  warmup: async () => {},
  run,
};

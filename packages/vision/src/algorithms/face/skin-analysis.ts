/**
 * skinanalysis (capability v2/skin): per face, skin measurements inside regions of the 468-point
 * face mesh. No model of its own beyond the face detector and mesh (mesh-faces.ts); each measure
 * is a classical image measurement, named here with its reference:
 *
 *  - The face is resampled so that its cheek-to-cheek width is SKIN_RULES.faceWidth pixels
 *    ("canonical pixels"), converted to CIELAB (D65), and its skin found with the beauty
 *    retouch's mask (retouch.ts: the mesh's face oval minus eyes, brows, lips and nostrils, gated
 *    by the face's own colour).
 *  - Pores and blackheads: small dark blobs, found as local maxima of a difference of Gaussians
 *    (Lindeberg 1994, "scale-space"; Gaussians approximated by three box passes, Wells 1986) of
 *    L* at ~1.4 vs ~3.5 canonical px; pores counted on the cheeks and nose per area, blackheads
 *    the stronger ones on the nose.
 *  - Acne marks: blobs redder than their surroundings (difference of Gaussians of a* at ~1.4 vs
 *    ~6 px); moles: blobs much darker than their surroundings at that scale that are not red.
 *  - Wrinkles: line (valley) strength from the Hessian of L* (Frangi et al. 1998's idea: one large
 *    positive eigenvalue, the other small), as the share of skin pixels above a threshold in the
 *    forehead, crow's-feet and nasolabial bands.
 *  - Dark circles: median L* of the cheeks minus that of the band under each eye.
 *  - Skin tone: the individual typology angle ITA = atan((L* - 50) / b*) x 180 / pi (Chardon,
 *    Cretois and Hourseau 1991) of the cheeks' median L* and b*; its category after Del Bino and
 *    Bernerd 2013; the 40 levels evenly spaced 3 degrees apart from ITA 70 (level 1, lightest)
 *    down to ITA -50 (level 40, darkest).
 *  - Skin type and oil areas: share of specular highlights (much lighter and less coloured than
 *    the face's median) on the T-zone (forehead and nose) and on the cheeks.
 *  - Rosacea (redness): median a* of the cheeks minus that of the forehead.
 *  - Skin age: a score 0..100 combining the severities above (weights in SKIN_RULES.ageWeights),
 *    not an age in years and not validated against ages.
 *
 * What a photo limits: at the sizes of ordinary photos (faces 150-400 px wide) single pores are
 * below the pixel size, so "pores" measures fine dark texture (and noise and JPEG blocks); make-up
 * (blush, eye shadow, drawn spots) is measured as what it looks like; the colour of the light
 * shifts the tone. The measures are described in docs/quality.md with how far they agree with a
 * person's labels.
 */
import type { DecodedImage } from '../../image/decode.ts';
import { resizeRgb } from '../../image/resize.ts';
import type { Algorithm } from '../types.ts';
import { labOf } from '../body/apparel-colour.ts';
import { EYE_CONTOURS } from './mesh-topology.ts';
import { findFaceMeshes, imageRectangle, loadMeshFaceModels, type MeshFaceModels } from './mesh-faces.ts';
import { boxMean, faceWidthOf, fillPolygon, skinMask } from './retouch.ts';
import { round1 } from './geometry.ts';
import {
  parseSkinAnalysisParams,
  SEVERITIES,
  SKIN_TONE_LEVELS,
  TONE_CATEGORIES,
  type SeverityAttribute,
  type SkinAnalysisFace,
  type SkinAnalysisParams,
  type SkinAnalysisResult,
  type SkinShape,
  type ToneCategory,
} from './skin-analysis-params.ts';

type Pt = [number, number];

/**
 * Constants of the method. Thresholds of a severity are [mild, moderate, severe] of its measure;
 * they were set on face-api samples 1-3 (the "tune" faces of test/fixtures/skin-labels.json), not
 * on the faces the quality figures are reported on.
 */
export const SKIN_RULES = {
  /** Cheek-to-cheek width of the face after resampling, canonical px. */
  faceWidth: 360,
  /** Margin around the mesh box, as a fraction of the face width. */
  margin: 0.08,
  /** Skin: retouch mask value from which a pixel counts (blob search: a stricter core). */
  skin: 0.5,
  skinCore: 0.9,
  /** Box radii of the three-pass Gaussians: fine, coarse for small blobs, coarse for larger blobs. */
  fineRadius: 1,
  smallRadius: 3,
  largeRadius: 6,
  /** Blob strength (L* or a* units of the difference of Gaussians) from which a blob counts. */
  pore: 2.5,
  blackhead: 6,
  acne: 3.5,
  mole: 14,
  /** Blobs closer than this (canonical px) are one. */
  blobSpacing: 3,
  /** Pores per 1000 canonical px of cheek and nose skin. */
  poreDensity: [1.5, 3, 5],
  /** Blackheads on the nose. */
  blackheadCount: [2, 5, 10],
  acneCount: [1, 3, 8],
  moleCount: [1, 3, 6],
  /** Hessian line strength (L* per px^2) from which a pixel is on a line, and the share of a band on lines. */
  ridge: 0.6,
  wrinkleShare: [0.05, 0.1, 0.2],
  /** Cheek L* minus under-eye L*. */
  darkCircle: [11, 15, 20],
  /** Highlight: L* above its large-scale Gaussian by this much. */
  highlightLift: 3,
  /** Share of a region in highlight from which it counts as shiny. */
  shiny: 0.02,
  /** Cheek a* minus forehead a*. */
  redness: [3, 6, 10],
  /** Skin age score: weight of each severity score (they add up to 1). */
  ageWeights: { wrinkles: 0.45, dark_circles: 0.15, pores: 0.15, spots: 0.15, rosacea: 0.1 },
  /** ITA of level 1 and the step between levels, degrees. */
  itaTop: 70,
  itaStep: 3,
  /** Most points of one kind of finding in the answer (the strongest first). */
  maxPoints: 200,
} as const;

/** Mesh outlines of the measured regions (MediaPipe FaceMesh indices); right/left are the subject's. */
export const SKIN_REGIONS = {
  forehead: [103, 67, 109, 10, 338, 297, 332, 293, 334, 296, 336, 9, 107, 66, 105, 63],
  cheekRight: [117, 118, 101, 36, 206, 207, 187, 123],
  cheekLeft: [346, 347, 330, 266, 426, 427, 411, 352],
  nose: [168, 417, 465, 358, 327, 326, 2, 97, 98, 129, 245, 193],
  // Between the lower lid's second contour and the cheek's upper edge.
  underEyeRight: [...EYE_CONTOURS.right.EyeLower1, ...[...EYE_CONTOURS.right.EyeLower3].reverse()],
  underEyeLeft: [...EYE_CONTOURS.left.EyeLower1, ...[...EYE_CONTOURS.left.EyeLower3].reverse()],
} as const;

/** Outer eye corner, inner eye corner: crow's feet lie beyond the outer one. */
const EYE_AXES = [
  [130, 133],
  [359, 362],
] as const;
/** Nose wing (ala) to mouth corner: the nasolabial fold runs beside this line. */
const NASOLABIAL_LINES = [
  [129, 61],
  [358, 291],
] as const;
const NOSE_TIP = 1;

/** Severity of measure `m` against thresholds [mild, moderate, severe], with its 0..1 score. */
export function severity(m: number, [mild, moderate, severe]: readonly [number, number, number]) {
  const knots = [0, mild, moderate, severe, 2 * severe - moderate];
  let score = 1;
  for (let k = 0; k < 4; k++) {
    if (m < knots[k + 1]!) {
      score = 0.25 * k + (0.25 * Math.max(0, m - knots[k]!)) / (knots[k + 1]! - knots[k]!);
      break;
    }
  }
  const level = m < mild ? 0 : m < moderate ? 1 : m < severe ? 2 : 3;
  return { value: SEVERITIES[level]!, score: Math.round(score * 1e4) / 1e4 } satisfies SeverityAttribute;
}

/** Individual typology angle, degrees, of a CIELAB L* and b*. */
export const itaOf = (L: number, b: number): number => (Math.atan2(L - 50, b) * 180) / Math.PI;

/** Del Bino and Bernerd's category of an ITA. */
export function toneCategory(ita: number): ToneCategory {
  const bounds = [55, 41, 28, 10, -30];
  const k = bounds.findIndex((b) => ita > b);
  return TONE_CATEGORIES[k === -1 ? 5 : k]!;
}

/** The level 1 (lightest) .. 40 (darkest) of an ITA: 3-degree steps from 70 down to -50. */
export function toneLevel(ita: number): number {
  const level = 1 + Math.floor((SKIN_RULES.itaTop - ita) / SKIN_RULES.itaStep);
  return Math.min(SKIN_TONE_LEVELS, Math.max(1, level));
}

/** Three box passes of radius r: a Gaussian of sigma ~ sqrt(r (r + 1)). */
function gauss(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const a = new Float32Array(src.length);
  const b = new Float32Array(src.length);
  boxMean(src, w, h, r, tmp, a);
  boxMean(a, w, h, r, tmp, b);
  boxMean(b, w, h, r, tmp, a);
  return a;
}

function median(values: Float32Array, where: Uint8Array): number {
  const picked = new Float32Array(values.length);
  let k = 0;
  for (let i = 0; i < values.length; i++) if (where[i]) picked[k++] = values[i]!;
  if (k === 0) return NaN;
  // A typed array sorts numerically.
  return picked.subarray(0, k).sort()[k >> 1]!;
}

const countOf = (where: Uint8Array): number => where.reduce((s, v) => s + v, 0);

/**
 * Local maxima of `response` above `min` inside `where`, at least SKIN_RULES.blobSpacing apart
 * (greedy, strongest first).
 */
function blobs(response: Float32Array, w: number, h: number, where: Uint8Array, min: number) {
  const found: Array<{ x: number; y: number; v: number }> = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const v = response[i]!;
      if (!where[i] || v < min) continue;
      if (
        v < response[i - 1]! ||
        v < response[i + 1]! ||
        v < response[i - w]! ||
        v < response[i + w]! ||
        v < response[i - w - 1]! ||
        v < response[i - w + 1]! ||
        v < response[i + w - 1]! ||
        v < response[i + w + 1]!
      )
        continue;
      found.push({ x, y, v });
    }
  }
  found.sort((a, b) => b.v - a.v);
  const kept: typeof found = [];
  const d2 = SKIN_RULES.blobSpacing ** 2;
  for (const f of found) if (kept.every((k) => (k.x - f.x) ** 2 + (k.y - f.y) ** 2 > d2)) kept.push(f);
  return kept;
}

/** Line (valley) strength of smoothed L* `s`: the larger Hessian eigenvalue less the other's size, where positive. */
function ridgeStrength(s: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(s.length);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const xx = s[i - 1]! - 2 * s[i]! + s[i + 1]!;
      const yy = s[i - w]! - 2 * s[i]! + s[i + w]!;
      const xy = (s[i + w + 1]! - s[i + w - 1]! - s[i - w + 1]! + s[i - w - 1]!) / 4;
      const mean = (xx + yy) / 2;
      const root = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
      const big = mean + root;
      const small = mean - root;
      out[i] = big > 0 ? Math.max(0, big - Math.abs(small)) : 0;
    }
  }
  return out;
}

function maskOf(w: number, h: number, polygon: readonly Pt[], skin?: Float32Array, level = 0): Uint8Array {
  const m = new Uint8Array(w * h);
  fillPolygon(m, w, h, polygon, 1);
  if (skin) for (let i = 0; i < m.length; i++) if (m[i] && skin[i]! < level) m[i] = 0;
  return m;
}

function union(...masks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(masks[0]!.length);
  for (const m of masks) for (let i = 0; i < m.length; i++) out[i] = out[i]! | m[i]!;
  return out;
}

/** A rectangle along unit vector u (length a..b from c) and across it (v, -half..half). */
function band(c: Pt, u: Pt, a: number, b: number, half: number, v: Pt = [-u[1], u[0]]): Pt[] {
  const at = (t: number, s: number): Pt => [c[0] + u[0] * t + v[0] * s, c[1] + u[1] * t + v[1] * s];
  return [at(a, -half), at(b, -half), at(b, half), at(a, half)];
}

const unit = (p: Pt, q: Pt): Pt => {
  const d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
  return [(q[0] - p[0]) / d, (q[1] - p[1]) / d];
};

/** Measures of one face from its canonical crop (packed RGB, w x h) and its mesh in crop pixels. */
export function measureFace(rgb: Buffer, w: number, h: number, mesh: readonly Pt[]) {
  const n = w * h;
  const R = SKIN_RULES;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const float = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    const [l, a, b] = labOf(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
    L[i] = l;
    A[i] = a;
    B[i] = b;
    float[3 * i] = rgb[3 * i]!;
    float[3 * i + 1] = rgb[3 * i + 1]!;
    float[3 * i + 2] = rgb[3 * i + 2]!;
  }
  const fw = R.faceWidth;
  const skin = skinMask(float, w, h, mesh, fw);
  const at = (k: number): Pt => mesh[k]!;
  const poly = (ids: readonly number[]) => ids.map(at);
  const region = (ids: readonly number[], level: number = R.skin) => maskOf(w, h, poly(ids), skin, level);
  const forehead = region(SKIN_REGIONS.forehead);
  const cheeks = union(region(SKIN_REGIONS.cheekRight), region(SKIN_REGIONS.cheekLeft));
  const nose = region(SKIN_REGIONS.nose);
  const core = (ids: readonly number[]) => region(ids, R.skinCore);
  const cheeksCore = union(core(SKIN_REGIONS.cheekRight), core(SKIN_REGIONS.cheekLeft));
  const noseCore = core(SKIN_REGIONS.nose);
  const spotArea = union(cheeksCore, core(SKIN_REGIONS.forehead), noseCore);

  // Blobs: differences of Gaussians, signed so that the sought blob is positive.
  const fineL = gauss(L, w, h, R.fineRadius);
  const smallL = gauss(L, w, h, R.smallRadius);
  const largeL = gauss(L, w, h, R.largeRadius);
  const fineA = gauss(A, w, h, R.fineRadius);
  const largeA = gauss(A, w, h, R.largeRadius);
  const darkSmall = new Float32Array(n);
  const darkLarge = new Float32Array(n);
  const redLarge = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    darkSmall[i] = smallL[i]! - fineL[i]!;
    darkLarge[i] = largeL[i]! - fineL[i]!;
    redLarge[i] = fineA[i]! - largeA[i]!;
  }
  const poreArea = union(cheeksCore, noseCore);
  const pores = blobs(darkSmall, w, h, poreArea, R.pore);
  const blackheads = blobs(darkSmall, w, h, noseCore, R.blackhead);
  const acne = blobs(redLarge, w, h, spotArea, R.acne);
  const moles = blobs(darkLarge, w, h, spotArea, R.mole).filter((m) => redLarge[m.y * w + m.x]! < R.acne / 2);

  // Wrinkles: share of each band's skin on lines.
  const ridge = ridgeStrength(fineL, w, h);
  const lineShare = (where: Uint8Array) => {
    let on = 0;
    let all = 0;
    for (let i = 0; i < n; i++) {
      if (!where[i]) continue;
      all++;
      if (ridge[i]! > R.ridge) on++;
    }
    return all === 0 ? 0 : on / all;
  };
  const crowsFeetBands = EYE_AXES.map(([outer, inner]) =>
    band(at(outer), unit(at(inner), at(outer)), 0.02 * fw, 0.14 * fw, 0.07 * fw),
  );
  const nasolabialBands = NASOLABIAL_LINES.map(([ala, corner]) => {
    const u = unit(at(ala), at(corner));
    // Across the line, away from the nose.
    let v: Pt = [-u[1], u[0]];
    const away = (at(ala)[0] - at(NOSE_TIP)[0]) * v[0] + (at(ala)[1] - at(NOSE_TIP)[1]) * v[1];
    if (away < 0) v = [-v[0], -v[1]];
    const length = Math.hypot(at(corner)[0] - at(ala)[0], at(corner)[1] - at(ala)[1]);
    const mid: Pt = [at(ala)[0] + v[0] * 0.045 * fw, at(ala)[1] + v[1] * 0.045 * fw];
    return band(mid, u, -0.05 * length, 1.1 * length, 0.035 * fw, v);
  });
  const bandMask = (polys: Pt[][]) => union(...polys.map((p) => maskOf(w, h, p, skin, R.skin)));
  const lines = {
    forehead: lineShare(forehead),
    crowsFeet: lineShare(bandMask(crowsFeetBands)),
    nasolabial: lineShare(bandMask(nasolabialBands)),
  };
  const foreheadWrinkles = severity(lines.forehead, R.wrinkleShare);
  const crowsFeet = severity(lines.crowsFeet, R.wrinkleShare);
  const nasolabial = severity(lines.nasolabial, R.wrinkleShare);
  const wrinkles = [foreheadWrinkles, crowsFeet, nasolabial].reduce((a, b) => (b.score > a.score ? b : a));

  // Dark circles: the under-eye bands against the cheeks.
  const underEye = union(
    maskOf(w, h, poly(SKIN_REGIONS.underEyeRight)),
    maskOf(w, h, poly(SKIN_REGIONS.underEyeLeft)),
  );
  const cheekL = median(L, cheeks);
  const underEyeDrop = cheekL - median(L, underEye);
  const darkCircles = severity(underEyeDrop, R.darkCircle);

  // Tone: ITA of the cheeks' median colour.
  const cheekB = median(B, cheeks);
  const ita = itaOf(cheekL, cheekB);

  // Shine: specular highlights, lighter than their surroundings (L* above its large-scale
  // Gaussian by SKIN_RULES.highlightLift) and than the face's median, and no more coloured than it.
  const face = union(forehead, cheeks, nose);
  const chroma = new Float32Array(n);
  for (let i = 0; i < n; i++) chroma[i] = Math.sqrt(A[i]! * A[i]! + B[i]! * B[i]!);
  const faceL = median(L, face);
  const faceC = median(chroma, face);
  const shine = (where: Uint8Array) => {
    let hi = 0;
    let all = 0;
    for (let i = 0; i < n; i++) {
      if (!where[i]) continue;
      all++;
      if (L[i]! - largeL[i]! > R.highlightLift && L[i]! > faceL && chroma[i]! <= faceC) hi++;
    }
    return all === 0 ? 0 : hi / all;
  };
  const tZoneShine = shine(union(forehead, nose));
  const cheekShine = shine(cheeks);
  const oilyT = tZoneShine >= R.shiny;
  const oilyCheeks = cheekShine >= R.shiny;

  const redness = median(A, cheeks) - median(A, forehead);
  const rosacea = severity(redness, R.redness);

  const poreArea1000 = countOf(poreArea) / 1000;
  const poresSeverity = severity(poreArea1000 > 0 ? pores.length / poreArea1000 : 0, R.poreDensity);
  const acneSeverity = severity(acne.length, R.acneCount);
  const molesSeverity = severity(moles.length, R.moleCount);
  const wts = R.ageWeights;
  const skinAge =
    100 *
    (wts.wrinkles * wrinkles.score +
      wts.dark_circles * darkCircles.score +
      wts.pores * poresSeverity.score +
      wts.spots * Math.max(acneSeverity.score, molesSeverity.score) +
      wts.rosacea * rosacea.score);

  return {
    attributes: {
      skin_tone: { value: toneLevel(ita) },
      skin_tone_category: { value: toneCategory(ita) },
      ita: { value: round1(ita) },
      pores: poresSeverity,
      blackheads: severity(blackheads.length, R.blackheadCount),
      acne: acneSeverity,
      moles: molesSeverity,
      wrinkles,
      forehead_wrinkles: foreheadWrinkles,
      crows_feet: crowsFeet,
      nasolabial_folds: nasolabial,
      dark_circles: darkCircles,
      skin_type: { value: oilyT && oilyCheeks ? 'oily' : oilyT ? 'combination' : 'normal' },
      oil_area: {
        value: oilyT && oilyCheeks ? 'whole_face' : oilyT ? 't_zone' : oilyCheeks ? 'cheeks' : 'none',
      },
      rosacea,
      skin_age: { value: Math.round(skinAge) },
    } satisfies SkinAnalysisFace['attributes'],
    /** Shapes in crop pixels. */
    shapes: [
      { label: 'skin_tone', polygons: [poly(SKIN_REGIONS.cheekRight), poly(SKIN_REGIONS.cheekLeft)] },
      { label: 'pores', points: pores },
      { label: 'blackheads', points: blackheads },
      { label: 'acne', points: acne },
      { label: 'moles', points: moles },
      ...(foreheadWrinkles.value !== 'none'
        ? [{ label: 'forehead_wrinkles', polygons: [poly(SKIN_REGIONS.forehead)] }]
        : []),
      ...(crowsFeet.value !== 'none' ? [{ label: 'crows_feet', polygons: crowsFeetBands }] : []),
      ...(nasolabial.value !== 'none' ? [{ label: 'nasolabial_folds', polygons: nasolabialBands }] : []),
      ...(darkCircles.value !== 'none'
        ? [
            {
              label: 'dark_circles',
              polygons: [poly(SKIN_REGIONS.underEyeRight), poly(SKIN_REGIONS.underEyeLeft)],
            },
          ]
        : []),
      ...(oilyT || oilyCheeks
        ? [
            {
              label: 'oil_area',
              polygons: [
                ...(oilyT ? [poly(SKIN_REGIONS.forehead), poly(SKIN_REGIONS.nose)] : []),
                ...(oilyCheeks ? [poly(SKIN_REGIONS.cheekRight), poly(SKIN_REGIONS.cheekLeft)] : []),
              ],
            },
          ]
        : []),
      ...(rosacea.value !== 'none'
        ? [{ label: 'rosacea', polygons: [poly(SKIN_REGIONS.cheekRight), poly(SKIN_REGIONS.cheekLeft)] }]
        : []),
    ] as Array<{ label: SkinShape['label']; polygons?: Pt[][]; points?: Array<{ x: number; y: number }> }>,
    /** The raw measures behind the severities (for scripts/measure-skin.ts). */
    measures: {
      poreDensity: poreArea1000 > 0 ? pores.length / poreArea1000 : 0,
      blackheads: blackheads.length,
      acne: acne.length,
      moles: moles.length,
      foreheadLines: lines.forehead,
      crowsFeetLines: lines.crowsFeet,
      nasolabialLines: lines.nasolabial,
      underEyeDrop,
      tZoneShine,
      cheekShine,
      redness,
      cheekL,
      cheekB,
    },
  };
}

export type FaceMeasures = ReturnType<typeof measureFace>['measures'];

/** Every face's measures, raw (for the measurement script) and as the answer's face. */
export async function analyseFaces(image: DecodedImage, params: SkinAnalysisParams, models: MeshFaceModels) {
  const found = await findFaceMeshes(models, image, {
    maxFaces: params.maxFaceNum,
    minConfidence: 0.4,
    smallFaces: true,
    iris: false,
  });
  const sx = image.originalWidth / image.width;
  const sy = image.originalHeight / image.height;
  const faces: Array<{ face: SkinAnalysisFace; measures: FaceMeasures }> = [];
  for (const { detection, landmarks, bounds } of found) {
    const mesh = landmarks.mesh.map(([x, y]) => [x, y] as Pt);
    const width = faceWidthOf(mesh);
    const scale = SKIN_RULES.faceWidth / width;
    const margin = SKIN_RULES.margin * width;
    const left = Math.max(0, Math.floor(bounds.x1 - margin));
    const top = Math.max(0, Math.floor(bounds.y1 - margin));
    const right = Math.min(image.width, Math.ceil(bounds.x2 + margin));
    const bottom = Math.min(image.height, Math.ceil(bounds.y2 + margin));
    if (right - left < 8 || bottom - top < 8) continue;
    const w = Math.round((right - left) * scale);
    const h = Math.round((bottom - top) * scale);
    const rgb = await resizeRgb(image, w, h, { left, top, width: right - left, height: bottom - top });
    const kx = w / (right - left);
    const ky = h / (bottom - top);
    const local = mesh.map(([x, y]) => [(x - left) * kx, (y - top) * ky] as Pt);
    const { attributes, shapes, measures } = measureFace(rgb, w, h, local);
    const out = (x: number, y: number): [number, number] => [
      round1((x / kx + left) * sx),
      round1((y / ky + top) * sy),
    ];
    const answerShapes: SkinShape[] = [];
    for (const s of shapes) {
      if (s.points) {
        if (s.points.length > 0)
          answerShapes.push({
            label: s.label,
            points: s.points.slice(0, SKIN_RULES.maxPoints).map((p) => out(p.x, p.y)),
          });
      } else
        for (const p of s.polygons ?? [])
          answerShapes.push({ label: s.label, polygon: p.map(([x, y]) => out(x, y)) });
    }
    faces.push({
      face: {
        face_rectangle: imageRectangle(bounds, sx, sy, image.originalWidth, image.originalHeight),
        score: Math.round(detection.score * 1e4) / 1e4,
        attributes,
        shapes: answerShapes,
      },
      measures,
    });
  }
  faces.sort((a, b) => a.face.face_rectangle.left - b.face.face_rectangle.left);
  return faces;
}

async function run(
  image: DecodedImage,
  params: SkinAnalysisParams,
  models: MeshFaceModels,
): Promise<SkinAnalysisResult> {
  const faces = (await analyseFaces(image, params, models)).map((f) => f.face);
  return {
    image_width: image.originalWidth,
    image_height: image.originalHeight,
    face_num: faces.length,
    faces,
  };
}

export const skinanalysis: Algorithm<SkinAnalysisParams, SkinAnalysisResult, MeshFaceModels> = {
  task: 'skinanalysis',
  decode: { maxSide: 2048 },
  parseParams: parseSkinAnalysisParams,
  loadModels: loadMeshFaceModels,
  // The detector and mesh are facepoints', warmed up by it at start.
  warmup: async () => {},
  run,
};

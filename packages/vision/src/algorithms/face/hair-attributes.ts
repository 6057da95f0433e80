/**
 * hairattributes (capability v1/hairclassifier): per face, the hair's length, bangs, curl,
 * hairline, ponytail, bun, shaved, bald and colour. Length, bangs, hairline and bald are linear
 * probes on the HSE-FaceRes descriptor (hairTopScores below); every other attribute is a
 * measurement on the hair mask of hairsegment (skin-hair.ts: face-seeded colour model grown from
 * above the forehead, Yacoob and Davis, IEEE TPAMI 28(7), 2006), the skin mask, the person mask of
 * segment and the shoulders of bodypose, all on the photo's working copy, in each face's own frame:
 * u up from the chin along the chin-to-forehead axis, v across it, both in face heights (chin 152
 * to forehead top 10 of the mesh), so that a tilted or small face is measured the same way.
 *
 * - length, bangs, hairline, bald: the probes, below; the rules the mask measured for them stay as
 *   the fallback and the baseline the fitting script prints.
 * - length rule (measureLength): how far down the hair hangs. Walking down from cheek level in bands
 *   of BAND face heights, the last band still holding hair at least LENGTH_RULES.minWidth face
 *   heights wide; ending above the chin -> short, above the shoulder line (bodypose's shoulders,
 *   else SHOULDER_FALLBACK under the chin) -> medium, below it -> long.
 * - probes (hairTopScores, hairTopAnswers): logistic regressions (Alain and Bengio,
 *   "Understanding intermediate layers using linear classifier probes", 2016) on the 1024-d
 *   descriptor of HSE-FaceRes (the face analysis's age and gender network) for hair below the chin,
 *   hair below the shoulders, a fringe over the forehead, a high (receding) hairline and a bald top,
 *   fitted on FairFace crops and London set portraits labelled by eye (scripts/fit-hair-probe.ts,
 *   hair-probe-weights.ts). The hair mask found almost no fringe, receding hairline or bald crown
 *   (it stops short of thin hair, fringes and bald tops) and its length was worse than a constant
 *   answer on independent portraits (it grows into dark clothes and backgrounds). Two curl probes
 *   (wavy or curly; curly) were fitted the same way and not kept: better than the coherence rule on
 *   FairFace crops, worse on independent adult portraits (they call older men's short grey hair
 *   wavy and miss women's waves).
 * - bangs rule (measureBangs): share of hair in the forehead band above the brows (the mesh's brow
 *   tops up to the forehead top, the middle of the forehead); BANGS_SHARE or more -> yes.
 * - hairline rule (hairlineHeight): going up the middle of the forehead from the brows, the first
 *   band mostly hair; its height above the brows relative to the chin-to-brow distance. By the
 *   classical facial thirds (forehead, nose and lower face each a third of the face; Farkas,
 *   "Anthropometry of the head and face", 1994) the forehead is about half the chin-to-brow
 *   distance; HAIRLINE_HIGH (1.5 times that) or more -> high (receding). Null under bangs or without
 *   hair.
 * - ponytail / bun (gathered): hair gathered away from the face leaves little hair beside
 *   the lower face (SIDE_MAX) and puts a hair mass outside the head's outline (an ellipse in the
 *   face frame, HEAD); that mass sitting above the head without hanging down -> bun, else ponytail.
 * - shaved (scalp): the scalp band above the forehead, on the person mask: little grown hair there
 *   (SCALP_HAIR_MAX) on a head not answered bald (stubble, a buzz cut) -> shaved. The bald rule
 *   (the fallback): such a band mostly skin colour and as light and smooth as the forehead's skin.
 * - curl (measureCurl): texture of the hair region on a crop of the photo scaled so the face is
 *   CURL_FACE_PX tall: the mean coherence of the lightness gradients' structure tensor (Bigun and
 *   Granlund, "Optimal orientation detection of linear symmetry", ICCV 1987; Kass and Witkin,
 *   "Analyzing oriented patterns", CVGIP 37, 1987) over the hair's interior in windows of
 *   CURL_WINDOW face heights: strands running one way (straight) give coherence near 1, waves
 *   less, curls little.
 * - colour (measureColour): the mean CIELAB colour of the core hair pixels named from its
 *   lightness, chroma and hue (COLOUR_RULES: dark -> black, greyish and light -> grey, light ->
 *   blonde, reddish and saturated -> red, else brown), or dyed when enough pixels have hues outside
 *   natural hair's orange range; the score is the share of the pixels whose own name is the answer.
 *
 * Constants were set on the tune half of test/fixtures/hair-labels.json (face-api samples 1-3 and
 * skimage camera), the grey colour also on the tune half of the independent face set's hair labels
 * (hair-portraits-labels.json); docs/quality.md reports the other halves. Weak where the hair mask
 * is (hair of the background's colour, dark clothes and backgrounds: short hair then reads long),
 * on hair hanging behind the shoulders (seen from the front it ends at the shoulders), on grey
 * hair the mask mixes with shadow (it reads brown), and for shaved heads and buns, which few
 * labelled photos hold; a hat reads as shaved. The probes read age and gender into their answers:
 * elderly faces are called high or bald more often than they are, adults' fringes are found less
 * often than children's, and women's short hair often reads longer.
 */
import sharp from 'sharp';
import type { DecodedImage } from '../../image/decode.ts';
import type { Algorithm } from '../types.ts';
import type { Rectangle } from '../kinds.ts';
import {
  analysePhoto,
  DETECT_SIDE,
  hairProbability,
  loadSkinHairModels,
  skinProbability,
  type HeadFrame,
  type PhotoMaps,
  type SkinHairModels,
} from '../body/skin-hair.ts';
import { boxMean } from '../body/guided-filter.ts';
import { VISIBLE_SCORE } from '../body/body14.ts';
import type { BodyPoseResult } from '../body/bodypose-params.ts';
import { labOf } from '../body/apparel-colour.ts';
import { probeAbove } from '../probe.ts';
import { HAIR_TOP_PROBES } from './hair-probe-weights.ts';
import {
  parseHairAttributesParams,
  type HairAttributesParams,
  type HairAttributesResult,
  type HairColour,
  type HairCurl,
  type HairFace,
  type HairLength,
  type Hairline,
  type YesNo,
} from './hair-attributes-params.ts';

/** Hair pixels: hair probability at least this. */
export const HAIR_LEVEL = 0.5;
/** Height of the bands the length and hairline walk through, face heights. */
export const BAND = 0.05;
export const LENGTH_RULES = {
  /** The walk down starts at this height (eye level), face heights above the chin. */
  from: 0.9,
  /** A band holds hair when its hair pixels would fill a strip this many face heights wide. */
  minWidth: 0.1,
  /** Hair ending above this height is short (the chin, with a band's slack). */
  short: -0.05,
  /** Hair ending no more than this below the shoulder line is medium. */
  longBelowShoulders: 0.1,
} as const;
/** Shoulder line under the chin when bodypose sees no shoulder of the face's person, face heights. */
export const SHOULDER_FALLBACK = -0.75;
/** Brow tops of the mesh (right and left brows' upper edges). */
const BROW_TOPS = [70, 63, 105, 66, 107, 336, 296, 334, 293, 300] as const;
/** The forehead band: from `gap` above the brow tops to at most `height` above them, |v| <= `half`. */
export const FOREHEAD = { gap: 0.06, height: 0.25, half: 0.22 } as const;
export const BANGS_SHARE = 0.35;
/** Middle strip of the forehead the hairline is looked for in (|v| <= half), up to `reach` above the brows. */
export const HAIRLINE_STRIP = { half: 0.2, reach: 1 } as const;
/**
 * A hairline this high (share of the chin-to-brow distance) or higher is receding. Tried 2026-11-29:
 * 0.6, the middle of the gap on the independent face set's tuning half (three of its five receding
 * hairlines at 0.64-0.70, its normal ones at 0.57 or lower); on the report half it found none of
 * the five receding hairlines and called one normal hairline high, so 0.75 stays.
 */
export const HAIRLINE_HIGH = 0.75;
/** Head outline: ellipse in the face frame (centre height, vertical and horizontal semi-axes). */
export const HEAD = { u: 0.7, au: 0.8, av: 0.7 } as const;
/** Beside the lower face: u in [from, to], from `inner` to `outer` face heights either side. */
export const SIDE = { from: -0.1, to: 0.35, inner: 0.5, outer: 0.85 } as const;
export const SIDE_MAX = 0.15;
/** Hair outside the head outline (face heights squared) from which hair counts as gathered. */
export const GATHERED_MASS = 0.15;
/** A gathered mass whose lowest hair is above this height (face heights) sits on top: a bun. */
export const BUN_LOWEST = 0.9;
/** Scalp band: u from `from` to `to`, |v| <= half; measured when the person covers `person` of it. */
export const SCALP = { from: 1.1, to: 1.35, half: 0.3, person: 0.5 } as const;
export const SCALP_HAIR_MAX = 0.15;
export const SCALP_SKIN_BALD = 0.4;
/** A bald scalp's lightness (Y levels) and roughness next to the forehead's skin. */
export const BALD_LIGHTNESS = 25;
export const BALD_TEXTURE = 1.5;
/**
 * Curl: the face's height on the crop (px), the tensor's window (face heights), thresholds. On
 * the tune photos the coherence did not separate the labels (curly 0.53, wavy 0.63-0.66, straight
 * 0.48-0.82; a crop at 160 px and windows of 0.05 and 0.1 did no better): these thresholds answer
 * straight for nearly all hair, and docs/quality.md says the attribute is not measured reliably.
 */
export const CURL_FACE_PX = 80;
export const CURL_WINDOW = 0.08;
export const CURL_STRAIGHT = 0.45;
export const CURL_CURLY = 0.3;
export const COLOUR_RULES = {
  /** Core hair pixels only (probability at least this): edges mix with the background. */
  core: 0.75,
  /** CIELAB lightness under which hair is black. */
  black: 14,
  /**
   * Hair from `greyLight` lightness with a chroma under `greyChroma` times its lightness is grey.
   * Until 2026-11-29 a fixed chroma under 8 from L 50: on the independent face set's tuning half
   * (hair-portraits-labels.json) white and grey hair under warm portrait light measured chroma 5-11
   * at L 45-87 and read blonde, while its blondes measure chroma 20-30 (a platinum blonde, 8.7 at
   * L 58, now reads grey). On the report half it found one more grey head and called one light
   * brown head grey.
   */
  greyChroma: 0.2,
  greyLight: 44,
  /** Lightness from which hair is blonde. */
  blonde: 45,
  /** Chroma from which reddish hair (hue under redHue degrees) is red. */
  redChroma: 28,
  redHue: 45,
  /** Natural hair's hues (degrees, CIELAB a*b*): outside [dyedFrom, dyedTo] with dyedChroma -> dyed. */
  dyedFrom: -5,
  dyedTo: 100,
  dyedChroma: 15,
  /** Share of dyed pixels from which the hair is dyed whatever the majority. */
  dyedShare: 0.3,
} as const;

type Pt = readonly [number, number];
const round1 = (v: number): number => Math.round(v * 10) / 10;
const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/** A face's frame on the working copy: chin, up vector, face height; and its pixels in range. */
interface Frame {
  face: HeadFrame;
  ox: number;
  oy: number;
  H: number;
  /** (u, v) of a working pixel. */
  at(x: number, y: number): Pt;
  /** Working pixels with u in [uMin, uMax] and |v| <= vMax, with their (u, v). */
  each(uMin: number, uMax: number, vMax: number, visit: (i: number, u: number, v: number) => void): void;
}

function frameOf(face: HeadFrame, w: number, h: number): Frame {
  const [ox, oy] = face.mesh[152]!;
  const { ux, uy } = face;
  const H = face.height;
  const at = (x: number, y: number): Pt => {
    const dx = x - ox;
    const dy = y - oy;
    return [(dx * ux + dy * uy) / H, (dx * -uy + dy * ux) / H];
  };
  const toXY = (u: number, v: number): Pt => [ox + (u * ux - v * uy) * H, oy + (u * uy + v * ux) * H];
  return {
    face,
    ox,
    oy,
    H,
    at,
    each(uMin, uMax, vMax, visit) {
      const corners = [toXY(uMin, -vMax), toXY(uMin, vMax), toXY(uMax, -vMax), toXY(uMax, vMax)];
      const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))));
      const x1 = Math.min(w - 1, Math.ceil(Math.max(...corners.map((c) => c[0]))));
      const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))));
      const y1 = Math.min(h - 1, Math.ceil(Math.max(...corners.map((c) => c[1]))));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const [u, v] = at(x, y);
          if (u >= uMin && u <= uMax && Math.abs(v) <= vMax) visit(y * w + x, u, v);
        }
      }
    },
  };
}

/** Mean height (u) of mesh points in the frame. */
const meanU = (frame: Frame, points: readonly number[]): number =>
  points.reduce((s, p) => s + frame.at(...frame.face.mesh[p]!)[0], 0) / points.length;

/** Shoulder line of the face's person: bodypose's person whose nose is nearest the face's, its seen shoulders. */
export function shoulderLine(frame: Frame, poses: BodyPoseResult): number {
  const [nx, ny] = frame.face.mesh[4]!;
  let best: { d: number; u: number } | undefined;
  for (const person of poses.persons) {
    const point = (name: string) => person.model_keypoints.find((k) => k.name === name);
    const nose = point('nose');
    if (!nose || nose.score < VISIBLE_SCORE) continue;
    const d = Math.hypot(nose.x - nx, nose.y - ny) / frame.H;
    const shoulders = [point('left_shoulder'), point('right_shoulder')].filter(
      (k) => k !== undefined && k.score >= VISIBLE_SCORE,
    );
    if (d > 0.5 || shoulders.length === 0) continue;
    const u = shoulders.reduce((s, k) => s + frame.at(k!.x, k!.y)[0], 0) / shoulders.length;
    if (!best || d < best.d) best = { d, u };
  }
  return best?.u ?? SHOULDER_FALLBACK;
}

/** Where the hair ends (u, face heights) walking down from eye level; LENGTH_RULES.from when it has none there. */
export function hairEnd(frame: Frame, hair: Float32Array): number {
  const bands = Math.ceil((LENGTH_RULES.from + 2.4) / BAND);
  const counts = new Float64Array(bands);
  frame.each(-2.4, LENGTH_RULES.from, 1.2, (i, u) => {
    if (hair[i]! >= HAIR_LEVEL) counts[Math.min(bands - 1, Math.floor((LENGTH_RULES.from - u) / BAND))]! += 1;
  });
  const enough = LENGTH_RULES.minWidth * BAND * frame.H * frame.H;
  let end = LENGTH_RULES.from;
  let gap = 0;
  for (let k = 0; k < bands; k++) {
    if (counts[k]! >= enough) {
      end = LENGTH_RULES.from - (k + 1) * BAND;
      gap = 0;
    } else if (++gap > 2) break;
  }
  return end;
}

function measureLength(end: number, shoulders: number): HairLength {
  if (end >= LENGTH_RULES.short) return 'short';
  return end >= shoulders - LENGTH_RULES.longBelowShoulders ? 'medium' : 'long';
}

/** Share of the pixels of a region that are hair. */
function share(frame: Frame, hair: Float32Array, uMin: number, uMax: number, vMax: number, vMin = 0): number {
  let n = 0;
  let found = 0;
  frame.each(uMin, uMax, vMax, (i, _u, v) => {
    if (Math.abs(v) < vMin) return;
    n++;
    if (hair[i]! >= HAIR_LEVEL) found++;
  });
  return n === 0 ? 0 : found / n;
}

/** Share of hair in the forehead band above the brows. */
export function measureBangs(frame: Frame, hair: Float32Array, brow: number): number {
  const top = Math.max(brow + FOREHEAD.gap + BAND, Math.min(brow + FOREHEAD.height, 1));
  return share(frame, hair, brow + FOREHEAD.gap, top, FOREHEAD.half);
}

/** Height above the brows of the first band mostly hair up the middle of the forehead, relative to chin-to-brow; undefined if none. */
export function hairlineHeight(frame: Frame, hair: Float32Array, brow: number): number | undefined {
  for (let u = brow + BAND; u < brow + HAIRLINE_STRIP.reach; u += BAND) {
    if (share(frame, hair, u, u + BAND, HAIRLINE_STRIP.half) >= 0.5) return (u - brow) / brow;
  }
  return undefined;
}

/** Hair beside the lower face (the larger side's share), and hair outside the head outline. */
export function gathered(
  frame: Frame,
  hair: Float32Array,
): { side: number; mass: number; lowest: number; tied: YesNo; bun: YesNo } {
  const sides = [0, 0];
  const totals = [0, 0];
  frame.each(SIDE.from, SIDE.to, SIDE.outer, (i, _u, v) => {
    if (Math.abs(v) < SIDE.inner) return;
    const k = v < 0 ? 0 : 1;
    totals[k]!++;
    if (hair[i]! >= HAIR_LEVEL) sides[k]!++;
  });
  const side = Math.max(...sides.map((s, k) => (totals[k] ? s / totals[k]! : 0)));
  let outside = 0;
  let lowest = Infinity;
  frame.each(0, HEAD.u + 2 * HEAD.au, 2 * HEAD.av, (i, u, v) => {
    if (hair[i]! < HAIR_LEVEL) return;
    if (((u - HEAD.u) / HEAD.au) ** 2 + (v / HEAD.av) ** 2 <= 1) return;
    outside++;
    lowest = Math.min(lowest, u);
  });
  const mass = outside / (frame.H * frame.H);
  const isGathered = side < SIDE_MAX && mass >= GATHERED_MASS;
  const bun = isGathered && lowest >= BUN_LOWEST;
  return { side, mass, lowest, tied: isGathered && !bun ? 'yes' : 'no', bun: bun ? 'yes' : 'no' };
}

/** Mean and standard deviation of the lightness (Y) of the pixels `visit` is given. */
function lightness(Y: Float32Array) {
  let n = 0;
  let sum = 0;
  let sum2 = 0;
  return {
    add(i: number) {
      n++;
      sum += Y[i]!;
      sum2 += Y[i]! * Y[i]!;
    },
    get mean() {
      return n ? sum / n : 0;
    },
    get deviation() {
      return n ? Math.sqrt(Math.max(0, sum2 / n - (sum / n) ** 2)) : 0;
    },
  };
}

/**
 * The scalp band's share of the person, of hair and of skin (the latter two among the person's
 * pixels), and whether it looks like the forehead's skin: its mean lightness within
 * BALD_LIGHTNESS of the skin of the forehead band, and no rougher than BALD_TEXTURE times it
 * (hair of skin colour, a blonde top, has strands and shading a bare scalp has not).
 */
export function scalp(
  frame: Frame,
  maps: PhotoMaps,
  hair: Float32Array,
  skin: Float32Array,
  brow: number,
): { person: number; hair: number; skin: number; likeForehead: boolean } {
  let n = 0;
  let person = 0;
  let hairs = 0;
  let skins = 0;
  const top = lightness(maps.Y);
  frame.each(SCALP.from, SCALP.to, SCALP.half, (i) => {
    n++;
    if (maps.person[i]! < 0.5) return;
    person++;
    top.add(i);
    if (hair[i]! >= HAIR_LEVEL) hairs++;
    if (skin[i]! >= 0.5) skins++;
  });
  const forehead = lightness(maps.Y);
  frame.each(brow + FOREHEAD.gap, Math.min(brow + FOREHEAD.height, 1), FOREHEAD.half, (i) => {
    if (skin[i]! >= 0.5) forehead.add(i);
  });
  return {
    person: n ? person / n : 0,
    hair: person ? hairs / person : 0,
    skin: person ? skins / person : 0,
    likeForehead:
      Math.abs(top.mean - forehead.mean) <= BALD_LIGHTNESS &&
      top.deviation <= BALD_TEXTURE * forehead.deviation + 2,
  };
}

/**
 * Mean structure-tensor coherence over the hair's interior, on a crop of the photo around the
 * face's hair scaled so the face is CURL_FACE_PX tall (never enlarged); undefined with too little hair.
 */
export async function curlCoherence(
  frame: Frame,
  maps: PhotoMaps,
  hair: Float32Array,
  image: DecodedImage,
): Promise<number | undefined> {
  const w = maps.working.width;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  frame.each(-2.4, 2, 1.5, (i) => {
    if (hair[i]! < HAIR_LEVEL) return;
    const x = i % w;
    const y = (i - x) / w;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + 1);
    y1 = Math.max(y1, y + 1);
  });
  if (x1 <= x0) return undefined;
  const toImage = image.width / w;
  const left = Math.max(0, Math.floor(x0 * toImage));
  const top = Math.max(0, Math.floor(y0 * toImage));
  const width = Math.min(image.width, Math.ceil(x1 * toImage)) - left;
  const height = Math.min(image.height, Math.ceil(y1 * toImage)) - top;
  const f = Math.min(1, CURL_FACE_PX / (frame.H * toImage));
  const cw = Math.max(1, Math.round(width * f));
  const ch = Math.max(1, Math.round(height * f));
  if (cw < 8 || ch < 8) return undefined;
  const grey = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(cw, ch)
    .greyscale()
    .raw()
    .toBuffer();
  // The hair mask on the crop (nearest working pixel), and its interior: windows all hair.
  const r = Math.max(2, Math.round(CURL_WINDOW * frame.H * toImage * f));
  const mask = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const wy = Math.min(maps.working.height - 1, Math.floor((top + (y + 0.5) / f) / toImage));
    for (let x = 0; x < cw; x++) {
      const wx = Math.min(w - 1, Math.floor((left + (x + 0.5) / f) / toImage));
      mask[y * cw + x] = hair[wy * w + wx]! >= HAIR_LEVEL ? 1 : 0;
    }
  }
  const interior = boxMean(mask, cw, ch, r);
  const jxx = new Float32Array(cw * ch);
  const jyy = new Float32Array(cw * ch);
  const jxy = new Float32Array(cw * ch);
  for (let y = 1; y < ch - 1; y++) {
    for (let x = 1; x < cw - 1; x++) {
      const i = y * cw + x;
      const gx = (grey[i + 1]! - grey[i - 1]!) / 2;
      const gy = (grey[i + cw]! - grey[i - cw]!) / 2;
      jxx[i] = gx * gx;
      jyy[i] = gy * gy;
      jxy[i] = gx * gy;
    }
  }
  const [sxx, syy, sxy] = [boxMean(jxx, cw, ch, r), boxMean(jyy, cw, ch, r), boxMean(jxy, cw, ch, r)];
  let sum = 0;
  let n = 0;
  for (let i = 0; i < cw * ch; i++) {
    if (interior[i]! < 0.8) continue;
    const trace = sxx[i]! + syy[i]!;
    if (trace < 1) continue;
    sum += Math.sqrt((sxx[i]! - syy[i]!) ** 2 + 4 * sxy[i]! ** 2) / trace;
    n++;
  }
  return n < 20 ? undefined : sum / n;
}

function measureCurl(coherence: number): HairCurl {
  if (coherence >= CURL_STRAIGHT) return 'straight';
  return coherence >= CURL_CURLY ? 'wavy' : 'curly';
}

/** The name of one hair pixel's colour by COLOUR_RULES, and whether its hue is unnatural. */
export function hairColourName(L: number, a: number, b: number): HairColour {
  const chroma = Math.sqrt(a * a + b * b);
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  const R = COLOUR_RULES;
  if (chroma >= R.dyedChroma && (hue < R.dyedFrom || hue > R.dyedTo)) return 'dyed';
  if (L < R.black) return 'black';
  if (L >= R.greyLight && chroma < R.greyChroma * L) return 'grey';
  if (L >= R.blonde) return 'blonde';
  if (chroma >= R.redChroma && hue < R.redHue) return 'red';
  return 'brown';
}

/** The most common colour name of the core hair pixels and its share; undefined without core hair. */
export function measureColour(
  frame: Frame,
  maps: PhotoMaps,
  hair: Float32Array,
): { value: HairColour; share: number; lab: [number, number, number] } | undefined {
  const counts = new Map<HairColour, number>();
  const data = maps.working.data;
  let n = 0;
  const sum = [0, 0, 0];
  frame.each(-2.4, 2, 1.5, (i) => {
    if (hair[i]! < COLOUR_RULES.core) return;
    const [L, a, b] = labOf(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!);
    const name = hairColourName(L, a, b);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    sum[0]! += L;
    sum[1]! += a;
    sum[2]! += b;
    n++;
  });
  if (n < 10) return undefined;
  const lab = sum.map((s) => Math.round((s / n) * 10) / 10) as [number, number, number];
  const dyed = (counts.get('dyed') ?? 0) / n;
  if (dyed >= COLOUR_RULES.dyedShare) return { value: 'dyed', share: round3(dyed), lab };
  // The name of the mean colour (steadier than the pixels' majority under shading), its share.
  const value = hairColourName(...lab);
  return { value, share: round3((counts.get(value) ?? 0) / n), lab };
}

/** The face's box (its mesh's extent) in original-image pixels. */
function faceRectangle(face: HeadFrame, scale: number, W: number, H: number): Rectangle {
  const xs = face.mesh.map((p) => p[0] * scale);
  const ys = face.mesh.map((p) => p[1] * scale);
  const left = Math.max(0, Math.min(...xs));
  const top = Math.max(0, Math.min(...ys));
  return {
    left: round1(left),
    top: round1(top),
    width: round1(Math.min(W, Math.max(...xs)) - left),
    height: round1(Math.min(H, Math.max(...ys)) - top),
  };
}

/**
 * The face's own hair: hair pixels nearer (in face heights from each face's centre) another face
 * of the photo are left out, so a neighbour's hair in the window is not measured.
 */
export function ownHair(face: HeadFrame, maps: PhotoMaps, hair: Float32Array): Float32Array {
  const w = maps.working.width;
  const others = maps.faces.filter((f) => f !== face);
  for (let i = 0; i < hair.length; i++) {
    if (hair[i] === 0) continue;
    const x = i % w;
    const y = (i - x) / w;
    const dx = x - face.cx;
    const dy = y - face.cy;
    const mine = Math.sqrt(dx * dx + dy * dy) / face.height;
    for (const f of others) {
      const ex = x - f.cx;
      const ey = y - f.cy;
      if (Math.sqrt(ex * ex + ey * ey) / f.height < mine) {
        hair[i] = 0;
        break;
      }
    }
  }
  return hair;
}

/** The probes' outputs on a face's FaceRes descriptor, each 0.5 at its cut (probeAbove). */
export type HairTopScores = Record<keyof typeof HAIR_TOP_PROBES, number>;

export function hairTopScores(f: { descriptor: Float32Array; norm: number }): HairTopScores {
  return Object.fromEntries(
    Object.entries(HAIR_TOP_PROBES).map(([name, probe]) => [name, probeAbove(probe, f.descriptor, f.norm)]),
  ) as HairTopScores;
}

/**
 * Length, bangs, hairline and bald from the probes' outputs: a bald top has no bangs, a high
 * (receded) hairline and short hair; bangs hide the hairline (null); hair that is not short is long
 * by the long probe, else medium. Each score is the deciding probe's output for the answered value
 * (0.5 at the cut; for medium the lower of the two): how clear the answer is, not a probability.
 */
export function hairTopAnswers(
  s: HairTopScores,
): Pick<HairFace['attributes'], 'length' | 'bangs' | 'hairline' | 'bald'> {
  const clear = (p: number, value: boolean) => round3(value ? p : 1 - p);
  const bald = s.bald >= 0.5;
  const bangs = !bald && s.bangs >= 0.5;
  const high = bald || s.high >= 0.5;
  const notShort = !bald && s.notShort >= 0.5;
  const long = notShort && s.long >= 0.5;
  return {
    length: bald
      ? { value: 'short', score: clear(s.bald, bald) }
      : !notShort
        ? { value: 'short', score: clear(s.notShort, false) }
        : long
          ? { value: 'long', score: clear(s.long, true) }
          : { value: 'medium', score: Math.min(clear(s.notShort, true), clear(s.long, false)) },
    bald: { value: bald ? 'yes' : 'no', score: clear(s.bald, bald) },
    bangs: { value: bangs ? 'yes' : 'no', score: bald ? clear(s.bald, bald) : clear(s.bangs, bangs) },
    hairline: bangs
      ? { value: null }
      : { value: high ? 'high' : 'normal', score: bald ? clear(s.bald, bald) : clear(s.high, high) },
  };
}

/** Every measurement of one face, for the answer and the measurement script. */
export interface HairMeasures {
  end: number;
  shoulders: number;
  bangs: number;
  hairline: number | undefined;
  side: number;
  mass: number;
  scalp: ReturnType<typeof scalp>;
  coherence: number | undefined;
  colour: ReturnType<typeof measureColour>;
  /**
   * The rules' answers for length, bangs, hairline and bald (the served ones before the probes), and
   * the served curl (the baseline of the curl probes that were tried; docs/quality.md).
   */
  rules: {
    length: HairLength | null;
    bangs: YesNo;
    hairline: Hairline | null;
    bald: YesNo;
    curl: HairCurl | null;
  };
  /** FaceRes's descriptor and its norm (the probes' input), and the probes' outputs (0.5 at each cut). */
  faceres?: { descriptor: Float32Array; norm: number };
  probes?: HairTopScores;
}

async function measureFace(
  face: HeadFrame,
  maps: PhotoMaps,
  skin: Float32Array,
  poses: BodyPoseResult,
  image: DecodedImage,
): Promise<{ attributes: HairFace['attributes']; measures: HairMeasures }> {
  const { width: w, height: h } = maps.working;
  const frame = frameOf(face, w, h);
  const hair = ownHair(face, maps, hairProbability({ ...maps, faces: [face] }, skin));
  const brow = meanU(frame, BROW_TOPS);
  const end = hairEnd(frame, hair);
  const shoulders = shoulderLine(frame, poses);
  const bangs = measureBangs(frame, hair, brow);
  const hairline = hairlineHeight(frame, hair, brow);
  const tied = gathered(frame, hair);
  const top = scalp(frame, maps, hair, skin, brow);
  const coherence = await curlCoherence(frame, maps, hair, image);
  const colour = measureColour(frame, maps, hair);
  const hasHair = colour !== undefined;
  const bareScalp = top.person >= SCALP.person && top.hair < SCALP_HAIR_MAX;
  const yes = (v: boolean): YesNo => (v ? 'yes' : 'no');
  // The measurements' own answers (the rules before the probes): the fallback without FaceRes, and
  // the baseline scripts/fit-hair-probe.ts prints beside the probes.
  const ruleBald = bareScalp && top.skin >= SCALP_SKIN_BALD && top.likeForehead;
  const ruleBangs = bangs >= BANGS_SHARE;
  const rules: HairMeasures['rules'] = {
    length: hasHair ? measureLength(end, shoulders) : null,
    bangs: yes(ruleBangs),
    hairline: ruleBangs || hairline === undefined ? null : hairline >= HAIRLINE_HIGH ? 'high' : 'normal',
    bald: yes(ruleBald),
    curl: coherence === undefined ? null : measureCurl(coherence),
  };
  const probes = face.faceres ? hairTopScores(face.faceres) : undefined;
  const top3 = probes ? hairTopAnswers(probes) : undefined;
  const bald = top3 ? top3.bald.value === 'yes' : ruleBald;
  const attributes: HairFace['attributes'] = {
    length: top3?.length ?? { value: rules.length },
    bangs: top3?.bangs ?? { value: rules.bangs, score: round3(bangs) },
    curl: coherence === undefined ? { value: null } : { value: rules.curl, score: round3(coherence) },
    hairline: top3?.hairline ?? { value: rules.hairline },
    ponytail: { value: tied.tied },
    bun: { value: tied.bun },
    shaved: { value: yes(bareScalp && !bald) },
    bald: top3?.bald ?? { value: rules.bald },
    colour: colour ? { value: colour.value, score: colour.share } : { value: null },
  };
  return {
    attributes,
    measures: {
      end,
      shoulders,
      bangs,
      hairline,
      side: tied.side,
      mass: tied.mass,
      scalp: top,
      coherence,
      colour,
      rules,
      ...(face.faceres ? { faceres: { descriptor: face.faceres.descriptor, norm: face.faceres.norm } } : {}),
      ...(probes ? { probes } : {}),
    },
  };
}

/** The task's answer, and each face's measurements (for scripts/measure-hair.ts). */
export async function hairAttributes(
  image: DecodedImage,
  params: HairAttributesParams,
  models: SkinHairModels,
): Promise<{ result: HairAttributesResult; measures: HairMeasures[] }> {
  const maps = await analysePhoto(image, models, { poses: true, faceres: true });
  const faces = maps.faces.slice(0, params.maxFaceNum);
  const W = image.originalWidth;
  const H = image.originalHeight;
  if (faces.length === 0)
    return { result: { image_width: W, image_height: H, face_num: 0, faces: [] }, measures: [] };
  const skin = skinProbability(maps);
  const poses = maps.poses ?? { image_width: 0, image_height: 0, person_num: 0, persons: [] };
  const scale = W / maps.working.width;
  const found: Array<{ face: HairFace; measures: HairMeasures }> = [];
  for (const face of faces) {
    const { attributes, measures } = await measureFace(face, maps, skin, poses, image);
    found.push({
      face: { face_rectangle: faceRectangle(face, scale, W, H), score: round3(face.score), attributes },
      measures,
    });
  }
  found.sort((a, b) => a.face.face_rectangle.left - b.face.face_rectangle.left);
  return {
    result: { image_width: W, image_height: H, face_num: found.length, faces: found.map((f) => f.face) },
    measures: found.map((f) => f.measures),
  };
}

export const hairattributes: Algorithm<HairAttributesParams, HairAttributesResult, SkinHairModels> = {
  task: 'hairattributes',
  // The face detector sees at most DETECT_SIDE px a side; the curl crop needs no more.
  decode: { maxSide: DETECT_SIDE },
  parseParams: parseHairAttributesParams,
  loadModels: loadSkinHairModels,
  // Every model is another task's (facepoints, bodypose, segment), warmed up by it at start.
  warmup: async () => {},
  run: async (image, params, models) => (await hairAttributes(image, params, models)).result,
};

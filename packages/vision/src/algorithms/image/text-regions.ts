/**
 * Text-like regions of a photo (v1/Album's `text` label): where lines of letter-like shapes are.
 * Nothing is read: this is not OCR, and no text model ships in any package here. The method is
 * the classical connected-component one: candidate characters are the components of a local
 * binarisation, kept by their geometry and stroke width, and grouped into text lines by their
 * height, alignment and spacing, as in Neumann and Matas ("A method for text localization and
 * recognition in real-world images", ACCV 2010; their extremal regions here reduced to one local
 * threshold per polarity and pyramid level) with the stroke-width test of Epshtein, Ofek and
 * Wexler ("Detecting text in natural scenes with stroke width transform", CVPR 2010; the stroke
 * width here estimated as twice the area over the boundary length, not by casting rays):
 *
 * 1. grey (Rec. 601 luma), halved until the short side is below MIN_LEVEL_SIDE, at most LEVELS
 *    levels, so that letters of 8 to 64 pixels at one level cover 8 to 256 pixels of a 640-px photo;
 * 2. at each level, a pixel is dark when it is CONTRAST below the mean of its WINDOW x WINDOW
 *    neighbourhood (an integral image), light when it is CONTRAST above; each polarity's
 *    8-connected components are candidates;
 * 3. a candidate character: height MIN_HEIGHT..MAX_HEIGHT, width up to MAX_ASPECT heights, a fill
 *    (area over its box) and a stroke width (2 area / boundary pixels) of a letter rather than of a
 *    solid blob (a plain patch, a window pane) or a speck;
 * 4. two candidates pair when their heights differ by at most HEIGHT_RATIO, they share at least
 *    half the smaller height vertically, the gap between them is below GAP heights and their stroke
 *    widths differ by at most STROKE_RATIO; pairs are joined into groups (union-find);
 * 5. a group is a text line when it has at least MIN_CHARS members, its box is no taller than
 *    LINE_HEIGHT median member heights (a line, not a snake through foliage), its members are not
 *    mostly thin bars (grass blades, railings: median width under BAR_ASPECT heights), and its
 *    box's grey levels split cleanly in two (Otsu's separability at least MIN_SEPARABILITY:
 *    letters on a plain ground, not a patch of fur, foliage or rock).
 *
 * The photo's evidence is the number of characters in text lines, summed over levels and
 * polarities (letters found at two levels count twice); its score is 1 - exp(-chars /
 * SCORE_CHARS), a score, not a probability. Weak where the method is: text under a few degrees of
 * tilt only (sideways and vertical text is missed), small or blurred print merges into blobs, and
 * rows of letter-sized marks on a plain ground (coins, sweets, windows) pass as text;
 * docs/quality.md "Text-like regions" has the figures.
 */
import type { RgbPixels } from '../../image/resize.ts';

/** At most this many pyramid levels (640, 320, 160 px). */
export const LEVELS = 3;
/** A level is made only while its short side is at least this. */
export const MIN_LEVEL_SIDE = 48;
/** Local mean over a WINDOW x WINDOW neighbourhood. */
export const WINDOW = 15;
/** Dark: this many grey levels below the local mean; light: this many above. */
export const CONTRAST = 14;
export const MIN_HEIGHT = 8;
export const MAX_HEIGHT = 64;
/** A character is at most this many of its heights wide (a few merged letters included). */
export const MAX_ASPECT = 2.5;
/** Fill (area over box area) of a character: strokes, not a solid patch or a thin outline. */
export const MIN_FILL = 0.12;
export const MAX_FILL = 0.85;
/** Narrow characters (I, l, 1) below this aspect may be solid bars. */
export const NARROW_ASPECT = 0.35;
/** Stroke width over height at most this (a solid blob is about 0.5). */
export const MAX_STROKE = 0.3;
export const MIN_AREA = 12;
/** Pairing rules (step 4). */
export const HEIGHT_RATIO = 1.7;
export const GAP = 1.0;
export const STROKE_RATIO = 2.5;
/** Line rules (step 5). */
export const MIN_CHARS = 3;
export const LINE_HEIGHT = 1.6;
export const BAR_ASPECT = 0.3;
/**
 * A line's box must split into two grey levels this cleanly (Otsu's separability, 0..1): letters
 * on a plain ground. On the tuning photos sign lines measured 0.85-0.96, lines through fur,
 * foliage and rock 0.58-0.80.
 */
export const MIN_SEPARABILITY = 0.8;
/** Score scale: chars in lines for a score of 1 - 1/e. */
export const SCORE_CHARS = 8;

/** A text line's box in the pixels of the image read and its number of candidate characters. */
export interface TextLine {
  left: number;
  top: number;
  right: number;
  bottom: number;
  chars: number;
  /** Otsu's separability of the grey levels in the box. */
  separable: number;
}

export interface TextRegions {
  /** 1 - exp(-chars / SCORE_CHARS): a score, not a probability. */
  score: number;
  /** Characters in text lines, summed over every level and polarity. */
  chars: number;
  /** Every text line found, at every level and polarity, in the pixels of the image read. */
  lines: TextLine[];
}

interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

function toGrey({ data, width, height }: RgbPixels): Grey {
  const out = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 3)
    out[i] = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
  return { data: out, width, height };
}

/** Half size, each pixel the mean of a 2 x 2 block. */
function halve({ data, width, height }: Grey): Grey {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * width;
    const r1 = r0 + width;
    for (let x = 0; x < w; x++)
      out[y * w + x] =
        (data[r0 + 2 * x]! + data[r0 + 2 * x + 1]! + data[r1 + 2 * x]! + data[r1 + 2 * x + 1]! + 2) >> 2;
  }
  return { data: out, width: w, height: h };
}

/** Per pixel: 1 dark, 2 light (against the local mean), 0 neither. */
function polarity({ data, width, height }: Grey): Uint8Array {
  const W = width + 1;
  const sum = new Int32Array(W * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1]! + row;
    }
  }
  const r = WINDOW >> 1;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const s = sum[y1 * W + x1]! - sum[y0 * W + x1]! - sum[y1 * W + x0]! + sum[y0 * W + x0]!;
      const mean = s / ((y1 - y0) * (x1 - x0));
      const v = data[y * width + x]!;
      out[y * width + x] = v < mean - CONTRAST ? 1 : v > mean + CONTRAST ? 2 : 0;
    }
  }
  return out;
}

interface Component {
  left: number;
  top: number;
  right: number;
  bottom: number;
  area: number;
  boundary: number;
}

function find(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]!]!;
    a = parent[a]!;
  }
  return a;
}

/** The 8-connected components of the pixels equal to `value` (two-pass union-find). */
function components(mask: Uint8Array, width: number, height: number, value: number): Component[] {
  const label = new Int32Array(width * height).fill(-1);
  const parent = new Int32Array(((width + 1) >> 1) * height + 1);
  let count = 0;
  const union = (p: number, q: number): void => {
    const a = find(parent, p);
    const b = find(parent, q);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  };
  // The neighbours already visited are a (upper left), b (up), c (upper right) and d (left). The
  // decision tree of Wu, Otoo & Suzuki ("Optimizing two-pass connected-component labeling
  // algorithms", Pattern Analysis and Applications 12, 2009) looks at as few as it can: when b is
  // set, a, c and d touch b and are already joined to it; only c with a or d needs a union.
  for (let y = 0; y < height; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) {
      const i = o + x;
      if (mask[i] !== value) continue;
      const b = y > 0 ? label[i - width]! : -1;
      let l: number;
      if (b >= 0) l = b;
      else {
        const c = y > 0 && x < width - 1 ? label[i - width + 1]! : -1;
        const a = y > 0 && x > 0 ? label[i - width - 1]! : -1;
        const d = x > 0 ? label[i - 1]! : -1;
        if (c >= 0) {
          l = c;
          if (a >= 0) union(c, a);
          else if (d >= 0) union(c, d);
        } else if (a >= 0) l = a;
        else if (d >= 0) l = d;
        else {
          l = count;
          parent[count] = count++;
        }
      }
      label[i] = l;
    }
  }
  const index = new Int32Array(count).fill(-1);
  const out: Component[] = [];
  for (let l = 0; l < count; l++) {
    const r = find(parent, l);
    if (index[r] === -1) {
      index[r] = out.length;
      out.push({ left: width, top: height, right: -1, bottom: -1, area: 0, boundary: 0 });
    }
    index[l] = index[r]!;
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const l = label[i]!;
      if (l < 0) continue;
      const c = out[index[l]!]!;
      if (x < c.left) c.left = x;
      if (x > c.right) c.right = x;
      if (y < c.top) c.top = y;
      if (y > c.bottom) c.bottom = y;
      c.area++;
      if (
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        mask[i - 1] !== value ||
        mask[i + 1] !== value ||
        mask[i - width] !== value ||
        mask[i + width] !== value
      )
        c.boundary++;
    }
  }
  return out;
}

interface Char {
  left: number;
  top: number;
  right: number;
  bottom: number;
  h: number;
  w: number;
  stroke: number;
}

/** Step 3: the components shaped like a character. */
function characters(comps: Component[]): Char[] {
  const out: Char[] = [];
  for (const c of comps) {
    const h = c.bottom - c.top + 1;
    const w = c.right - c.left + 1;
    if (h < MIN_HEIGHT || h > MAX_HEIGHT || w > MAX_ASPECT * h || c.area < MIN_AREA) continue;
    const fill = c.area / (w * h);
    const narrow = w < NARROW_ASPECT * h;
    if (fill < MIN_FILL || (!narrow && fill > MAX_FILL)) continue;
    const stroke = (2 * c.area) / Math.max(1, c.boundary);
    if (!narrow && stroke > MAX_STROKE * h) continue;
    out.push({ left: c.left, top: c.top, right: c.right, bottom: c.bottom, h, w, stroke });
  }
  return out;
}

/**
 * Otsu's separability of the grey levels in a box: the between-class variance of the best
 * two-class split over the total variance (Otsu, IEEE SMC 9(1), 1979). Letters on a plain ground
 * are near 1; a texture's mixed levels score lower.
 */
function separability(
  { data, width }: Grey,
  left: number,
  top: number,
  right: number,
  bottom: number,
): number {
  const hist = new Float64Array(256);
  let n = 0;
  let sum = 0;
  for (let y = top; y <= bottom; y++)
    for (let x = left; x <= right; x++) {
      const v = data[y * width + x]!;
      hist[v]!++;
      n++;
      sum += v;
    }
  const mean = sum / n;
  let total = 0;
  for (let v = 0; v < 256; v++) total += hist[v]! * (v - mean) ** 2;
  if (total === 0) return 0;
  let w0 = 0;
  let s0 = 0;
  let best = 0;
  for (let t = 0; t < 255; t++) {
    w0 += hist[t]!;
    s0 += t * hist[t]!;
    if (w0 === 0 || w0 === n) continue;
    const m0 = s0 / w0;
    const m1 = (sum - s0) / (n - w0);
    best = Math.max(best, w0 * (n - w0) * (m0 - m1) ** 2);
  }
  return best / n / total;
}

const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};

/** Steps 4 and 5: the characters grouped into text lines. */
function textLines(grey: Grey, chars: Char[]): TextLine[] {
  chars.sort((a, b) => a.left - b.left);
  const parent = new Int32Array(chars.length).map((_, i) => i);
  for (let i = 0; i < chars.length; i++) {
    const a = chars[i]!;
    for (let j = i + 1; j < chars.length; j++) {
      const b = chars[j]!;
      if (b.left > a.right + GAP * a.h) break;
      const lo = Math.min(a.h, b.h);
      if (Math.max(a.h, b.h) > HEIGHT_RATIO * lo) continue;
      if (b.left - a.right > GAP * lo || b.left - a.right < -2) continue;
      const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
      if (overlap < 0.5 * lo) continue;
      if (Math.max(a.stroke, b.stroke) > STROKE_RATIO * Math.min(a.stroke, b.stroke)) continue;
      const ra = find(parent, i);
      const rb = find(parent, j);
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }
  const groups = new Map<number, Char[]>();
  chars.forEach((c, i) => {
    const r = find(parent, i);
    const g = groups.get(r);
    if (g) g.push(c);
    else groups.set(r, [c]);
  });
  const lines: TextLine[] = [];
  for (const members of groups.values()) {
    if (members.length < MIN_CHARS) continue;
    const h = median(members.map((m) => m.h));
    const top = Math.min(...members.map((m) => m.top));
    const bottom = Math.max(...members.map((m) => m.bottom));
    if (bottom - top + 1 > LINE_HEIGHT * h) continue;
    if (median(members.map((m) => m.w / m.h)) < BAR_ASPECT) continue;
    const left = Math.min(...members.map((m) => m.left));
    const right = Math.max(...members.map((m) => m.right));
    const separable = separability(grey, left, top, right, bottom);
    if (separable < MIN_SEPARABILITY) continue;
    lines.push({ chars: members.length, left, top, right, bottom, separable });
  }
  return lines;
}

/** The text-like regions of a photo (any size; read at its own size and LEVELS - 1 halvings). */
export function textRegions(image: RgbPixels): TextRegions {
  let grey = toGrey(image);
  const lines: TextLine[] = [];
  for (let level = 0; level < LEVELS; level++) {
    if (level > 0) {
      if (Math.min(grey.width, grey.height) >> 1 < MIN_LEVEL_SIDE) break;
      grey = halve(grey);
    }
    const scale = image.width / grey.width;
    const mask = polarity(grey);
    for (const value of [1, 2])
      for (const l of textLines(grey, characters(components(mask, grey.width, grey.height, value))))
        lines.push({
          ...l,
          left: l.left * scale,
          top: l.top * scale,
          right: (l.right + 1) * scale,
          bottom: (l.bottom + 1) * scale,
        });
  }
  const chars = lines.reduce((n, l) => n + l.chars, 0);
  return { score: 1 - Math.exp(-chars / SCORE_CHARS), chars, lines };
}

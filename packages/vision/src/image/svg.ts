/**
 * A small SVG rasteriser for the subset this project's own drawings use (the stickers of
 * v1/EmojMaterialH5), drawn straight onto an RGB photo through an affine transform so a sticker
 * is sharp at any size and angle. No dependency.
 *
 * Subset: `<svg viewBox>`; `<path d>` with M, L, H, V, C, Q, Z (absolute or relative);
 * `<circle>` and `<ellipse>` (as four cubic Béziers; with `stroke` and `stroke-width` they draw a
 * ring); `fill` as `#rgb`, `#rrggbb`, `none` or `url(#id)` of a `<linearGradient>` in user space
 * (`x1 y1 x2 y2`, `<stop offset stop-color stop-opacity>`); `opacity`, `fill-opacity`;
 * `fill-rule` nonzero (default) or evenodd. Elements are painted in document order.
 *
 * Filling: curves are flattened to line segments of about FLATTEN_PX image pixels; each pixel
 * row is sampled on SUBROWS sub-scanlines, and on each the spans inside the shape (by the fill
 * rule) add their exact horizontal overlap with every pixel, so edges are anti-aliased in both
 * directions (4 x vertical supersampling, analytic horizontal coverage). Colours are composited
 * "over" the photo in sRGB, as browsers render SVG.
 */
import type { RgbPixels } from './resize.ts';

/** Affine map [a, b, c, d, e, f]: (x, y) -> (a x + c y + e, b x + d y + f), as SVG's matrix(). */
export type Affine = readonly [number, number, number, number, number, number];

type Paint =
  | { kind: 'solid'; rgb: [number, number, number] }
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: Stop[] };

interface Stop {
  offset: number;
  rgb: [number, number, number];
  opacity: number;
}

interface Shape {
  /** Closed subpaths in SVG user units: points of lines, cubic and quadratic segments kept as controls. */
  subpaths: Segment[][];
  paint: Paint;
  opacity: number;
  evenOdd: boolean;
}

type Segment =
  | { k: 'M' | 'L'; p: [number, number] }
  | { k: 'C'; c1: [number, number]; c2: [number, number]; p: [number, number] }
  | { k: 'Q'; c: [number, number]; p: [number, number] };

export interface SvgDrawing {
  viewBox: { x: number; y: number; width: number; height: number };
  shapes: Shape[];
}

const SUBROWS = 4;
const FLATTEN_PX = 1.5;

const attrsOf = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
};

function colour(text: string): [number, number, number] {
  const t = text.trim();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(t);
  if (short)
    return [1, 2, 3].map((i) => Number.parseInt(short[i]! + short[i]!, 16)) as [number, number, number];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(t);
  if (long) return [1, 2, 3].map((i) => Number.parseInt(long[i]!, 16)) as [number, number, number];
  throw new Error(`svg: colour ${text} is not #rgb or #rrggbb`);
}

/** Path data to subpaths (absolute coordinates). */
function pathSegments(d: string): Segment[][] {
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  const subpaths: Segment[][] = [];
  let current: Segment[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  let cmd = '';
  let i = 0;
  const num = () => {
    const v = Number(tokens[i++]);
    if (!Number.isFinite(v)) throw new Error(`svg: bad number in path ${d.slice(0, 40)}`);
    return v;
  };
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i]!)) cmd = tokens[i++]!;
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (cmd.toUpperCase()) {
      case 'M': {
        if (current.length) subpaths.push(current);
        x = ox + num();
        y = oy + num();
        [sx, sy] = [x, y];
        current = [{ k: 'M', p: [x, y] }];
        cmd = rel ? 'l' : 'L';
        break;
      }
      case 'L':
        x = ox + num();
        y = oy + num();
        current.push({ k: 'L', p: [x, y] });
        break;
      case 'H':
        x = ox + num();
        current.push({ k: 'L', p: [x, y] });
        break;
      case 'V':
        y = oy + num();
        current.push({ k: 'L', p: [x, y] });
        break;
      case 'C': {
        const c1: [number, number] = [ox + num(), oy + num()];
        const c2: [number, number] = [ox + num(), oy + num()];
        x = ox + num();
        y = oy + num();
        current.push({ k: 'C', c1, c2, p: [x, y] });
        break;
      }
      case 'Q': {
        const c: [number, number] = [ox + num(), oy + num()];
        x = ox + num();
        y = oy + num();
        current.push({ k: 'Q', c, p: [x, y] });
        break;
      }
      case 'Z':
        if (current.length) subpaths.push(current);
        current = [];
        [x, y] = [sx, sy];
        // A command after Z starts from the subpath's start.
        if (i < tokens.length && !/[A-Za-z]/.test(tokens[i]!)) throw new Error('svg: numbers after Z');
        break;
      default:
        throw new Error(`svg: path command ${cmd} is not in the supported subset`);
    }
  }
  if (current.length) subpaths.push(current);
  return subpaths;
}

/** An ellipse as four cubic Béziers (the usual 0.5523 kappa), clockwise or not. */
function ellipse(cx: number, cy: number, rx: number, ry: number, reverse = false): Segment[] {
  const k = 0.5522847498;
  const s = reverse ? -1 : 1;
  return [
    { k: 'M', p: [cx + rx, cy] },
    { k: 'C', c1: [cx + rx, cy + s * k * ry], c2: [cx + k * rx, cy + s * ry], p: [cx, cy + s * ry] },
    { k: 'C', c1: [cx - k * rx, cy + s * ry], c2: [cx - rx, cy + s * k * ry], p: [cx - rx, cy] },
    { k: 'C', c1: [cx - rx, cy - s * k * ry], c2: [cx - k * rx, cy - s * ry], p: [cx, cy - s * ry] },
    { k: 'C', c1: [cx + k * rx, cy - s * ry], c2: [cx + rx, cy - s * k * ry], p: [cx + rx, cy] },
  ];
}

/** Parses an SVG of the supported subset; throws on anything outside it that would be drawn wrong. */
export function parseSvg(text: string): SvgDrawing {
  const root = /<svg\b[^>]*>/.exec(text);
  if (!root) throw new Error('svg: no <svg> element');
  const vb = (attrsOf(root[0]).viewBox ?? '').split(/[\s,]+/).map(Number);
  if (vb.length !== 4 || vb.some((v) => !Number.isFinite(v))) throw new Error('svg: viewBox is required');
  const gradients = new Map<string, Paint>();
  for (const g of text.matchAll(/<linearGradient\b([^>]*)>([\s\S]*?)<\/linearGradient>/g)) {
    const a = attrsOf(g[1]!);
    const stops = [...g[2]!.matchAll(/<stop\b[^>]*>/g)].map((s) => {
      const sa = attrsOf(s[0]);
      const offset = sa.offset!.endsWith('%') ? Number.parseFloat(sa.offset!) / 100 : Number(sa.offset);
      return { offset, rgb: colour(sa['stop-color'] ?? '#000'), opacity: Number(sa['stop-opacity'] ?? 1) };
    });
    gradients.set(a.id!, {
      kind: 'linear',
      x1: Number(a.x1),
      y1: Number(a.y1),
      x2: Number(a.x2),
      y2: Number(a.y2),
      stops,
    });
  }
  const shapes: Shape[] = [];
  for (const m of text.matchAll(/<(path|circle|ellipse)\b([^>]*)\/?>/g)) {
    const a = attrsOf(m[2]!);
    const opacity = Number(a.opacity ?? 1) * Number(a['fill-opacity'] ?? 1);
    const paintOf = (spec: string): Paint => {
      const url = /^url\(#([\w-]+)\)$/.exec(spec.trim());
      if (url) {
        const g = gradients.get(url[1]!);
        if (!g) throw new Error(`svg: gradient ${url[1]} not found`);
        return g;
      }
      return { kind: 'solid', rgb: colour(spec) };
    };
    const subpaths = m[1] === 'path' ? pathSegments(a.d ?? '') : [];
    if (m[1] !== 'path') {
      const cx = Number(a.cx ?? 0);
      const cy = Number(a.cy ?? 0);
      const rx = Number(m[1] === 'circle' ? a.r : a.rx);
      const ry = Number(m[1] === 'circle' ? a.r : a.ry);
      const fill = a.fill ?? '#000';
      if (fill !== 'none')
        shapes.push({ subpaths: [ellipse(cx, cy, rx, ry)], paint: paintOf(fill), opacity, evenOdd: false });
      if (a.stroke && a.stroke !== 'none') {
        // A stroked ellipse, painted over its fill: the ring between the ellipse grown and shrunk
        // by half the stroke's width.
        const half = Number(a['stroke-width'] ?? 1) / 2;
        shapes.push({
          subpaths: [ellipse(cx, cy, rx + half, ry + half), ellipse(cx, cy, rx - half, ry - half, true)],
          paint: paintOf(a.stroke),
          opacity: Number(a.opacity ?? 1) * Number(a['stroke-opacity'] ?? 1),
          evenOdd: false,
        });
      }
      continue;
    }
    const fill = a.fill ?? '#000';
    if (fill === 'none') continue;
    shapes.push({ subpaths, paint: paintOf(fill), opacity, evenOdd: a['fill-rule'] === 'evenodd' });
  }
  return { viewBox: { x: vb[0]!, y: vb[1]!, width: vb[2]!, height: vb[3]! }, shapes };
}

const apply = (m: Affine, [x, y]: readonly [number, number]): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

/** The subpaths of a shape, transformed and flattened to closed polygons in image pixels. */
function flatten(subpaths: Segment[][], m: Affine): Array<Array<[number, number]>> {
  const polys: Array<Array<[number, number]>> = [];
  for (const sub of subpaths) {
    const poly: Array<[number, number]> = [];
    let last: [number, number] = [0, 0];
    for (const s of sub) {
      const p = apply(m, s.p);
      if (s.k === 'M' || s.k === 'L') poly.push(p);
      else {
        const ctrl = s.k === 'C' ? [apply(m, s.c1), apply(m, s.c2)] : s.k === 'Q' ? [apply(m, s.c)] : [];
        const hull = [last, ...ctrl, p];
        let length = 0;
        for (let i = 1; i < hull.length; i++)
          length += Math.hypot(hull[i]![0] - hull[i - 1]![0], hull[i]![1] - hull[i - 1]![1]);
        const n = Math.min(64, Math.max(2, Math.ceil(length / FLATTEN_PX)));
        for (let j = 1; j <= n; j++) {
          const t = j / n;
          const u = 1 - t;
          if (s.k === 'C') {
            const [c1, c2] = ctrl as [[number, number], [number, number]];
            poly.push([
              u * u * u * last[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p[0],
              u * u * u * last[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p[1],
            ]);
          } else {
            const c = ctrl[0]!;
            poly.push([
              u * u * last[0] + 2 * u * t * c[0] + t * t * p[0],
              u * u * last[1] + 2 * u * t * c[1] + t * t * p[1],
            ]);
          }
        }
      }
      last = p;
    }
    if (poly.length > 2) polys.push(poly);
  }
  return polys;
}

/** Fills one shape's polygons into a coverage row buffer and composites each row onto the image. */
function fillShape(image: RgbPixels, shape: Shape, m: Affine, inverse: Affine, opacity: number) {
  const { width: W, height: H, data } = image;
  const polys = flatten(shape.subpaths, m);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const edges: Array<[number, number, number, number, number]> = [];
  for (const poly of polys) {
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [x0, y0] = poly[j]!;
      const [x1, y1] = poly[i]!;
      minX = Math.min(minX, x1);
      maxX = Math.max(maxX, x1);
      minY = Math.min(minY, y1);
      maxY = Math.max(maxY, y1);
      if (y0 !== y1) edges.push(y0 < y1 ? [x0, y0, x1, y1, 1] : [x1, y1, x0, y0, -1]);
    }
  }
  const left = Math.max(0, Math.floor(minX));
  const right = Math.min(W, Math.ceil(maxX) + 1);
  const top = Math.max(0, Math.floor(minY));
  const bottom = Math.min(H, Math.ceil(maxY) + 1);
  if (left >= right || top >= bottom) return;
  const span = right - left;
  const cover = new Float32Array(span + 1);
  const xs: Array<[number, number]> = [];
  const paint = shape.paint;
  const alpha = shape.opacity * opacity;
  for (let y = top; y < bottom; y++) {
    cover.fill(0);
    let any = false;
    for (let s = 0; s < SUBROWS; s++) {
      const sy = y + (s + 0.5) / SUBROWS;
      xs.length = 0;
      for (const [x0, y0, x1, y1, dir] of edges)
        if (sy >= y0 && sy < y1) xs.push([x0 + ((sy - y0) * (x1 - x0)) / (y1 - y0), dir]);
      if (xs.length < 2) continue;
      xs.sort((a, b) => a[0] - b[0]);
      let winding = 0;
      for (let k = 0; k < xs.length - 1; k++) {
        winding += xs[k]![1];
        const inside = shape.evenOdd ? (k + 1) % 2 === 1 : winding !== 0;
        if (!inside) continue;
        // The span's exact overlap with each pixel it crosses.
        const xa = Math.max(left, xs[k]![0]);
        const xb = Math.min(right, xs[k + 1]![0]);
        if (xb <= xa) continue;
        any = true;
        const pa = Math.floor(xa);
        const pb = Math.floor(xb);
        if (pa === pb) cover[pa - left]! += (xb - xa) / SUBROWS;
        else {
          cover[pa - left]! += (pa + 1 - xa) / SUBROWS;
          for (let p = pa + 1; p < pb; p++) cover[p - left]! += 1 / SUBROWS;
          if (pb < right) cover[pb - left]! += (xb - pb) / SUBROWS;
        }
      }
    }
    if (!any) continue;
    for (let x = left; x < right; x++) {
      const c = Math.min(1, cover[x - left]!);
      if (c <= 0) continue;
      let rgb: readonly number[];
      let a = alpha * c;
      if (paint.kind === 'solid') rgb = paint.rgb;
      else {
        // The gradient's parameter at the pixel centre, in user space.
        const [ux, uy] = apply(inverse, [x + 0.5, y + 0.5]);
        const dx = paint.x2 - paint.x1;
        const dy = paint.y2 - paint.y1;
        const t = Math.min(
          1,
          Math.max(0, ((ux - paint.x1) * dx + (uy - paint.y1) * dy) / (dx * dx + dy * dy || 1)),
        );
        const stops = paint.stops;
        let k = 0;
        while (k < stops.length - 1 && stops[k + 1]!.offset < t) k++;
        const s0 = stops[k]!;
        const s1 = stops[Math.min(stops.length - 1, k + 1)]!;
        const f =
          s1.offset > s0.offset ? Math.min(1, Math.max(0, (t - s0.offset) / (s1.offset - s0.offset))) : 0;
        rgb = [0, 1, 2].map((i) => s0.rgb[i]! + f * (s1.rgb[i]! - s0.rgb[i]!));
        a *= s0.opacity + f * (s1.opacity - s0.opacity);
      }
      const o = (y * W + x) * 3;
      data[o] = Math.round(data[o]! + a * (rgb[0]! - data[o]!));
      data[o + 1] = Math.round(data[o + 1]! + a * (rgb[1]! - data[o + 1]!));
      data[o + 2] = Math.round(data[o + 2]! + a * (rgb[2]! - data[o + 2]!));
    }
  }
}

/** The inverse of an affine map. */
export function invert(m: Affine): Affine {
  const det = m[0] * m[3] - m[1] * m[2] || 1e-12;
  const a = m[3] / det;
  const b = -m[1] / det;
  const c = -m[2] / det;
  const d = m[0] / det;
  return [a, b, c, d, -(a * m[4] + c * m[5]), -(b * m[4] + d * m[5])];
}

/** Draws `drawing` onto `image` (in place) through `m` (user units to image pixels), at `opacity`. */
export function drawSvg(image: RgbPixels, drawing: SvgDrawing, m: Affine, opacity = 1): void {
  const inverse = invert(m);
  for (const shape of drawing.shapes) fillShape(image, shape, m, inverse, opacity);
}

/**
 * Colour looks uploaded as .cube files (Adobe "Cube LUT Specification" 1.0, 2013, the format
 * colour-grading tools export): a text file of keywords and data lines. Read here:
 * - `LUT_3D_SIZE N` (2..65): N^3 data lines follow, each three numbers (the output red, green,
 *   blue of one grid node), red varying fastest, then green, then blue;
 * - `DOMAIN_MIN r g b` / `DOMAIN_MAX r g b` (default 0 0 0 / 1 1 1): the input range the grid
 *   spans; inputs outside it are clamped to it;
 * - `TITLE "..."` and lines starting with `#` are ignored; a 1D table (`LUT_1D_SIZE`) is refused.
 * Output values are sRGB 0..1: values within CUBE_VALUE_RANGE are clamped to 0..1, values beyond
 * it are refused (a file of 0..255 or 0..1023 code values is not a .cube look).
 *
 * The result is a Lut3d applied like the bundled looks (tetrahedral interpolation, lut3d.ts);
 * a table whose domain is not 0..1 is first resampled on a 33^3 grid over 0..1 by trilinear
 * interpolation of the file's grid.
 */
import { TaskParamsError } from '../../errors.ts';
import { buildLut, clampCode, lutOfTable, type Lut3d } from './lut3d.ts';

/** Grid sizes accepted (65 is the largest common export; 65^3 lines fit in a 5 MB file only sparsely). */
export const CUBE_SIZE = { min: 2, max: 65 } as const;
/** Output values accepted (clamped to 0..1 when applied). */
export const CUBE_VALUE_RANGE = { min: -0.5, max: 1.5 } as const;

export interface CubeLook {
  size: number;
  title?: string;
  lut: Lut3d;
}

const number3 = (words: string[], line: number): [number, number, number] => {
  if (words.length !== 3) throw new TaskParamsError(`.cube line ${line}: expected three numbers`);
  const v = words.map(Number);
  if (!v.every(Number.isFinite)) throw new TaskParamsError(`.cube line ${line}: not a number`);
  return v as [number, number, number];
};

/** Reads a .cube file; TaskParamsError names the first line that breaks the format. */
export function parseCube(bytes: Uint8Array): CubeLook {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000')) throw new TaskParamsError('.cube: not a text file');
  let size = 0;
  let title: string | undefined;
  let min: [number, number, number] = [0, 0, 0];
  let max: [number, number, number] = [1, 1, 1];
  let values: Float64Array | undefined;
  let rows = 0;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const words = line.split(/\s+/);
    const head = words[0]!;
    if (/^[A-Z_0-9]+$/.test(head) && /[A-Z]/.test(head)) {
      if (values && rows > 0)
        throw new TaskParamsError(`.cube line ${i + 1}: keyword ${head} after the data`);
      if (head === 'TITLE') title = line.slice(5).trim().replace(/^"|"$/g, '');
      else if (head === 'LUT_3D_SIZE') {
        const n = Number(words[1]);
        if (!Number.isInteger(n) || n < CUBE_SIZE.min || n > CUBE_SIZE.max || words.length !== 2)
          throw new TaskParamsError(
            `.cube line ${i + 1}: LUT_3D_SIZE must be ${CUBE_SIZE.min}..${CUBE_SIZE.max}`,
          );
        size = n;
        values = new Float64Array(n * n * n * 3);
      } else if (head === 'LUT_1D_SIZE') throw new TaskParamsError('.cube: a 1D table is not a colour look');
      else if (head === 'DOMAIN_MIN') min = number3(words.slice(1), i + 1);
      else if (head === 'DOMAIN_MAX') max = number3(words.slice(1), i + 1);
      else if (head === 'LUT_3D_INPUT_RANGE') {
        const [lo, hi] = words.slice(1).map(Number);
        if (words.length !== 3 || !Number.isFinite(lo) || !Number.isFinite(hi))
          throw new TaskParamsError(`.cube line ${i + 1}: LUT_3D_INPUT_RANGE takes two numbers`);
        min = [lo!, lo!, lo!];
        max = [hi!, hi!, hi!];
      } else throw new TaskParamsError(`.cube line ${i + 1}: unknown keyword ${head}`);
      continue;
    }
    if (!values) throw new TaskParamsError(`.cube line ${i + 1}: data before LUT_3D_SIZE`);
    if (rows * 3 >= values.length)
      throw new TaskParamsError(`.cube line ${i + 1}: more than ${size}^3 data lines`);
    const v = number3(words, i + 1);
    for (const x of v)
      if (x < CUBE_VALUE_RANGE.min || x > CUBE_VALUE_RANGE.max)
        throw new TaskParamsError(
          `.cube line ${i + 1}: value ${x} outside ${CUBE_VALUE_RANGE.min}..${CUBE_VALUE_RANGE.max} (values are 0..1)`,
        );
    values.set(v, rows * 3);
    rows++;
  }
  if (!values) throw new TaskParamsError('.cube: no LUT_3D_SIZE');
  if (rows !== size ** 3)
    throw new TaskParamsError(`.cube: ${rows} data lines, LUT_3D_SIZE ${size} needs ${size ** 3}`);
  for (let c = 0; c < 3; c++)
    if (!(max[c]! > min[c]!)) throw new TaskParamsError('.cube: DOMAIN_MAX must be above DOMAIN_MIN');
  const grid = values;
  const n = size;
  const plain = min.every((v) => v === 0) && max.every((v) => v === 1);
  if (plain) {
    const table = new Int32Array(grid.length);
    for (let k = 0; k < grid.length; k++) table[k] = clampCode(grid[k]!);
    return { size, ...(title ? { title } : {}), lut: lutOfTable(size, table) };
  }
  // Another domain: the file's grid sampled by trilinear interpolation at each input, clamped to it.
  const at = (r: number, g: number, b: number, c: number) => grid[3 * (r + n * (g + n * b)) + c]!;
  const lut = buildLut((r, g, b) => {
    const pos = [r, g, b].map((v, c) => {
      const t = Math.min(1, Math.max(0, (v - min[c]!) / (max[c]! - min[c]!))) * (n - 1);
      const i = Math.min(n - 2, Math.floor(t));
      return [i, t - i] as const;
    });
    const [[ri, rf], [gi, gf], [bi, bf]] = pos as [[number, number], [number, number], [number, number]];
    const out: [number, number, number] = [0, 0, 0];
    for (let c = 0; c < 3; c++) {
      let v = 0;
      for (let d = 0; d < 8; d++) {
        const dr = d & 1;
        const dg = (d >> 1) & 1;
        const db = (d >> 2) & 1;
        const w = (dr ? rf : 1 - rf) * (dg ? gf : 1 - gf) * (db ? bf : 1 - bf);
        if (w) v += w * at(ri + dr, gi + dg, bi + db, c);
      }
      out[c] = v;
    }
    return out;
  });
  return { size, ...(title ? { title } : {}), lut };
}

/** Most uploaded looks whose parsed tables are kept (parseCubeCached). */
export const CUBE_CACHE_SIZE = 32;
const parsed = new Map<string, CubeLook>();

/**
 * parseCube once per `key` (the material's id and update time, which change whenever its file
 * could): the table of a look used again is taken from a cache of the CUBE_CACHE_SIZE most
 * recently used, so an uploaded look costs what a bundled one costs after its first call.
 */
export function parseCubeCached(key: string, bytes: Uint8Array): CubeLook {
  const hit = parsed.get(key);
  if (hit) {
    // Most recently used last: a Map keeps insertion order.
    parsed.delete(key);
    parsed.set(key, hit);
    return hit;
  }
  const look = parseCube(bytes);
  parsed.set(key, look);
  if (parsed.size > CUBE_CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
  return look;
}

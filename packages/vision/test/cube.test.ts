import { describe, expect, it } from 'vitest';
import { CUBE_CACHE_SIZE, parseCube, parseCubeCached } from '../src/algorithms/image/cube.ts';
import { applyLut } from '../src/algorithms/image/lut3d.ts';
import { parseFilterParams } from '../src/algorithms/image/filter-params.ts';

/** A .cube of size n whose output is `f` of the node's input, red fastest. */
function cube(n: number, f: (r: number, g: number, b: number) => number[], head = ''): Uint8Array {
  const rows: string[] = [];
  for (let b = 0; b < n; b++)
    for (let g = 0; g < n; g++)
      for (let r = 0; r < n; r++)
        rows.push(
          f(r / (n - 1), g / (n - 1), b / (n - 1))
            .map((v) => v.toFixed(6))
            .join(' '),
        );
  return new TextEncoder().encode(
    `# made by a test\nTITLE "t"\n${head}LUT_3D_SIZE ${n}\n${rows.join('\n')}\n`,
  );
}

const pixels = Uint8Array.from([0, 0, 0, 255, 255, 255, 200, 30, 90, 12, 250, 128]);

describe('.cube looks (cube.ts)', () => {
  it('an identity table leaves colours as they are; an inverting one inverts them', () => {
    const identity = parseCube(cube(17, (r, g, b) => [r, g, b]));
    expect(identity.size).toBe(17);
    expect(identity.title).toBe('t');
    expect([...applyLut(identity.lut, pixels)]).toEqual([...pixels]);
    const invert = parseCube(cube(2, (r, g, b) => [1 - r, 1 - g, 1 - b]));
    expect([...applyLut(invert.lut, pixels)]).toEqual([...pixels].map((v) => 255 - v));
  });

  it('a channel swap moves red to blue (red varies fastest in the file)', () => {
    const swap = parseCube(cube(5, (r, g, b) => [b, g, r]));
    expect([...applyLut(swap.lut, Uint8Array.from([200, 30, 90]))]).toEqual([90, 30, 200]);
  });

  it('a domain other than 0..1 is honoured: inputs are clamped to it', () => {
    // Grid over 0..0.5: inputs above 0.5 read the top node (1 here, the identity scaled by 2).
    const half = parseCube(cube(9, (r, g, b) => [r, g, b], 'DOMAIN_MIN 0 0 0\nDOMAIN_MAX 0.5 0.5 0.5\n'));
    const out = applyLut(half.lut, Uint8Array.from([64, 200, 0]));
    expect(Math.abs(out[0]! - 128)).toBeLessThanOrEqual(2);
    expect([out[1], out[2]]).toEqual([255, 0]);
  });

  it('refuses what is not a 3D look, naming the line', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    const bad: Array<[Uint8Array, RegExp]> = [
      [text('LUT_3D_SIZE 1\n0 0 0\n'), /LUT_3D_SIZE must be 2\.\.65/],
      [text('LUT_3D_SIZE 99\n'), /LUT_3D_SIZE must be/],
      [text('LUT_1D_SIZE 4\n0 0 0\n'), /1D table/],
      [text('0 0 0\n'), /data before LUT_3D_SIZE/],
      [text('LUT_3D_SIZE 2\n0 0 0\n1 1 1\n'), /2 data lines, LUT_3D_SIZE 2 needs 8/],
      [cube(2, (r, g, b) => [r * 255, g * 255, b * 255]), /outside -0\.5\.\.1\.5/],
      [text('LUT_3D_SIZE 2\n0 0 x\n'), /line 2: not a number/],
      [text('LUT_3D_SIZE 2\n0 0\n'), /line 2: expected three numbers/],
      [text('LUT_3D_SIZE 2\nFOO 1\n'), /unknown keyword FOO/],
      [text('\u0000\u0001PNG'), /not a text file/],
      [text(''), /no LUT_3D_SIZE/],
    ];
    for (const [bytes, message] of bad) expect(() => parseCube(bytes)).toThrow(message);
  });

  it('the filter task takes an uploaded look as bytes with its value', () => {
    const bytes = cube(2, (r, g, b) => [1 - r, 1 - g, 1 - b]);
    const p = parseFilterParams({ filterType: 'm7', cube: bytes });
    expect([p.filterType, p.cube?.size]).toEqual(['m7', 2]);
    expect(() => parseFilterParams({ filterType: 'warm', cube: bytes })).toThrow(/m<id>/);
    expect(() => parseFilterParams({ filterType: 'm7', cube: 'LUT_3D_SIZE 2' })).toThrow(/bytes/);
  });

  it('parses a look once per key: the same key gives the same table, a new key (a changed material) parses again; 32 kept', () => {
    const bytes = cube(5, (r, g, b) => [1 - r, 1 - g, 1 - b]);
    const first = parseFilterParams({ filterType: 'm7', cube: bytes, cubeKey: '7@t1' }).cube!;
    expect(parseFilterParams({ filterType: 'm7', cube: bytes, cubeKey: '7@t1' }).cube).toBe(first);
    const changed = parseCubeCached('7@t2', bytes);
    expect(changed).not.toBe(first);
    expect(changed.lut).toEqual(first.lut);
    // The least recently used goes once more than CUBE_CACHE_SIZE looks are kept.
    for (let k = 0; k < CUBE_CACHE_SIZE; k++) parseCubeCached(`other-${k}`, bytes);
    expect(parseCubeCached('7@t1', bytes)).not.toBe(first);
    expect(() => parseFilterParams({ filterType: 'm7', cube: bytes, cubeKey: 7 })).toThrow(/cubeKey/);
  });
});

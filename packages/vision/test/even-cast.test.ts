import { describe, expect, it } from 'vitest';
import { CAST_RULES, evenCast } from '../src/algorithms/face/fusion.ts';
import { labToSrgb, srgbToLab } from '../src/algorithms/image/colour.ts';

/**
 * fusion.ts evenCast on synthetic skin: a cast that changes across the patch is cut to CAST_RULES's
 * `keep` plus `rest` of the excess; a patch in one light (small variations) and the lightness are
 * left as they are.
 */
const W = 120;
const H = 100;

/** An RGB float patch whose CIELAB colour at (x, y) is `lab(x, y)`. */
function patch(lab: (x: number, y: number) => [number, number, number]): Float32Array {
  const rgb = new Float32Array(W * H * 3);
  const out = [0, 0, 0];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      labToSrgb(...lab(x, y), out);
      rgb.set(out, (y * W + x) * 3);
    }
  return rgb;
}
const labAt = (rgb: Float32Array, x: number, y: number) => {
  const i = (y * W + x) * 3;
  return srgbToLab(Math.round(rgb[i]!), Math.round(rgb[i + 1]!), Math.round(rgb[i + 2]!));
};
const everywhere = new Float32Array(W * H).fill(1);

describe('evenCast', () => {
  it('evens a cast that is blue on one side and orange on the other', () => {
    // Left half b* -8 (blue light), right half b* +28 (a warm lamp), a* 12, L* 65.
    const rgb = patch((x) => [65, 12, x < W / 2 ? -8 : 28]);
    evenCast(rgb, W, H, everywhere, everywhere, 6);
    const left = labAt(rgb, 10, 50);
    const right = labAt(rgb, W - 10, 50);
    // Before: 36 apart in b*. Each side keeps at most `keep` + `rest` of the rest from the median.
    expect(Math.abs(right[2] - left[2])).toBeLessThan(2 * (CAST_RULES.keep + CAST_RULES.rest * 36) + 1);
    expect(Math.abs(left[0] - 65)).toBeLessThan(1);
    expect(Math.abs(right[0] - 65)).toBeLessThan(1);
  });

  it('leaves a face in one light as it is', () => {
    // Rosy cheeks: a* varies by 2 units around 14; b* 18.
    const make = () => patch((x, y) => [60 + (y % 7), 14 + 2 * Math.sin(x / 9), 18]);
    const rgb = make();
    evenCast(rgb, W, H, everywhere, everywhere, 6);
    const before = make();
    let moved = 0;
    for (let i = 0; i < rgb.length; i++) moved = Math.max(moved, Math.abs(rgb[i]! - before[i]!));
    expect(moved).toBe(0);
  });

  it('changes nothing outside `apply`', () => {
    const rgb = patch((x) => [65, 12, x < W / 2 ? -8 : 28]);
    const before = rgb.slice();
    evenCast(rgb, W, H, everywhere, new Float32Array(W * H), 6);
    expect(rgb).toEqual(before);
  });
});

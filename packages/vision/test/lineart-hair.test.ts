import { describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import type { LineArtResult } from '../src/algorithms/image/style-params.ts';
import { cropOf, REPORT_CROPS } from './fusion-photos.ts';
import { manInGlasses } from './labelled.ts';
import { grey, type Grey } from './retouch-measures.ts';

/**
 * v1/AICartoonStyle2's line art draws the hair: on a dark photo (the face-api crop s1_middle, dark
 * hair before a dark room) and a close-up whose hair fills the frame (opencv-doc's man in
 * glasses), lines in the hair band above the face, where XDoG alone finds too little contrast.
 */

type Mesh = Array<[number, number, number]>;

/** The box around a face's mesh points. */
const boxOf = (mesh: Mesh) => {
  const xs = mesh.map((p) => p[0]);
  const ys = mesh.map((p) => p[1]);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
};

/**
 * In the hair band (the mesh box's width, from its top up a third of its height, cut at the
 * photo's top): the share of line pixels (grey below 128), and the share of its columns holding
 * one (a hair outline running across the band reaches most columns with few pixels).
 */
function hairBandInk(g: Grey, mesh: Mesh): { pixels: number; columns: number } {
  const box = boxOf(mesh);
  const y0 = Math.max(0, Math.round(box.top - box.height / 3));
  const y1 = Math.round(box.top);
  let ink = 0;
  let all = 0;
  let columns = 0;
  let allColumns = 0;
  for (let x = Math.max(0, Math.round(box.left)); x < Math.min(g.width, box.left + box.width); x++) {
    let hit = false;
    for (let y = y0; y < y1; y++) {
      all++;
      if (g.data[y * g.width + x]! < 128) {
        ink++;
        hit = true;
      }
    }
    allColumns++;
    if (hit) columns++;
  }
  return { pixels: ink / Math.max(1, all), columns: columns / Math.max(1, allColumns) };
}

const lineArt = async (image: Buffer, params: Record<string, unknown> = {}) =>
  grey(
    Buffer.from(
      (await runTaskInProcess<LineArtResult>('lineart', { image, params })).images.media_data.bytes,
    ),
  );
const meshOf = async (image: Buffer) =>
  (await runTaskInProcess<{ faces: Array<{ mesh: Mesh }> }>('facepoints', { image })).faces[0]!.mesh;

describe('line art hair', () => {
  it('draws lines in the hair above the face on a dark photo and on a close-up', async () => {
    const shares: Record<string, { pixels: number; columns: number }> = {};
    for (const [name, photo] of [
      ['s1_middle', await cropOf(REPORT_CROPS.s1_middle!)],
      ['glasses', await manInGlasses()],
    ] as const) {
      shares[name] = hairBandInk(await lineArt(photo, { lineWeight: 3 }), await meshOf(photo));
    }
    // XDoG and the face strokes alone (before), ink / columns: s1_middle 0.007 % / 0.5 %, glasses
    // 0.11 % / 6.4 %; with the person's outline and the contrast-enhanced hair: 0.49 % / 15 % and
    // 0.97 % / 39 %.
    for (const [name, share] of Object.entries(shares)) {
      expect(share.pixels, name).toBeGreaterThan(0.003);
      expect(share.columns, name).toBeGreaterThan(0.1);
      // Lines, not a filled area.
      expect(share.pixels, name).toBeLessThan(0.2);
    }
  });
});

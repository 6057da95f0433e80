import { describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { decodeImage } from '../src/image/decode.ts';
import { DECODE_SIDE } from '../src/algorithms/image/scene.ts';
import { textRegions } from '../src/algorithms/image/text-regions.ts';
import type { AlbumResult } from '../src/algorithms/image/scene-params.ts';
import { textPhoto } from './text-references.ts';

const decoded = async (name: string) =>
  decodeImage(await textPhoto(name), undefined, { maxSide: DECODE_SIDE });

describe('text-like regions of real photos (test/fixtures/text-labels.json)', () => {
  it('finds the lines of the parking sign, and only there', async () => {
    // opencv-doc scenetext01 at 640 x 480: a white sign, "NOTICE / DOUBLE / PARKING / PROHIBITED /
    // AT ALL TIMES", on a pole left of centre, between about x 210..360 and y 10..220 (by eye);
    // trees, cars and people around it.
    const found = textRegions(await decoded('notice-street'));
    expect(found.lines.length).toBeGreaterThanOrEqual(4);
    for (const l of found.lines) {
      expect(l.left).toBeGreaterThan(200);
      expect(l.right).toBeLessThan(370);
      expect(l.top).toBeGreaterThan(0);
      expect(l.bottom).toBeLessThan(230);
    }
    // Five lines of the sign stacked one above the other.
    const rows = new Set(found.lines.map((l) => Math.round((l.top + l.bottom) / 2 / 30)));
    expect(rows.size).toBeGreaterThanOrEqual(4);
  });

  it('finds none in a landscape of mountain, trees and grass', async () => {
    const found = textRegions(await decoded('aitzgorri'));
    expect(found.lines).toEqual([]);
    expect(found.score).toBe(0);
  });
});

describe('album: `text` when a photo has text-like regions', () => {
  const albumOf = async (name: string) =>
    ((await runTaskInProcess('album', { image: await textPhoto(name) })) as AlbumResult).labels;

  it.each(['freephone-sign', 'skimage-page'])('%s (a sign, a page of print): names text', async (name) => {
    const text = (await albumOf(name)).find((l) => l.label === 'text');
    expect(text).toBeDefined();
    expect(text!.score).toBeGreaterThan(0.5);
    expect(text!.score).toBeLessThanOrEqual(1);
  });

  it.each(['aitzgorri', 'forest-stream'])('%s (a landscape without text): no text', async (name) => {
    expect((await albumOf(name)).map((l) => l.label)).not.toContain('text');
  });
});

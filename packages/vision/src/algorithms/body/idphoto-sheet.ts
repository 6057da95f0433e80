/**
 * The print sheet of v1/certified: as many copies of the ID photo as fit on a photo-paper sheet
 * at 300 dpi (6-inch 1800 x 1200, 5-inch 1500 x 1050), in whichever orientation of the sheet
 * holds more (landscape on a tie), a MARGIN from the paper's edges and GAP between copies, the
 * grid centred, on white, with a short grey cut mark beside each corner of each copy.
 */
import { SHEETS, type Layout } from './idphoto-params.ts';

/** Paper edge to the nearest copy, px (0.1 inch at 300 dpi). */
export const MARGIN = 30;
/** Space between copies, px (2 mm at 300 dpi), where the cut marks are drawn. */
export const GAP = 24;
/** Cut marks: from MARK_FROM to MARK_TO px outside the copy's edge, MARK_GREY on white. */
const MARK_FROM = 3;
const MARK_TO = 10;
const MARK_GREY = 128;

export interface Sheet {
  data: Buffer;
  width: number;
  height: number;
  copies: number;
  columns: number;
  rows: number;
}

const fit = (side: number, copy: number) => Math.max(0, Math.floor((side - 2 * MARGIN + GAP) / (copy + GAP)));

/** The sheet of `layout` holding copies of the packed RGB `photo` (w x h). */
export function layoutSheet(photo: Buffer, w: number, h: number, layout: Exclude<Layout, 'none'>): Sheet {
  const paper = SHEETS[layout];
  const landscape = { width: paper.width, height: paper.height };
  const portrait = { width: paper.height, height: paper.width };
  const count = (s: { width: number; height: number }) => fit(s.width, w) * fit(s.height, h);
  const { width: SW, height: SH } = count(portrait) > count(landscape) ? portrait : landscape;
  const columns = fit(SW, w);
  const rows = fit(SH, h);
  const data = Buffer.alloc(SW * SH * 3, 255);
  const gridW = columns * w + Math.max(0, columns - 1) * GAP;
  const gridH = rows * h + Math.max(0, rows - 1) * GAP;
  const left0 = Math.floor((SW - gridW) / 2);
  const top0 = Math.floor((SH - gridH) / 2);
  const grey = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= SW || y >= SH) return;
    const o = 3 * (y * SW + x);
    data[o] = data[o + 1] = data[o + 2] = MARK_GREY;
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const left = left0 + c * (w + GAP);
      const top = top0 + r * (h + GAP);
      for (let y = 0; y < h; y++) photo.copy(data, 3 * ((top + y) * SW + left), 3 * y * w, 3 * (y + 1) * w);
      // Cut marks: each edge line of the copy continued a few px beyond its corners.
      for (let t = MARK_FROM; t <= MARK_TO; t++) {
        for (const x of [left, left + w - 1]) {
          grey(x, top - t);
          grey(x, top + h - 1 + t);
        }
        for (const y of [top, top + h - 1]) {
          grey(left - t, y);
          grey(left + w - 1 + t, y);
        }
      }
    }
  }
  return { data, width: SW, height: SH, copies: columns * rows, columns, rows };
}

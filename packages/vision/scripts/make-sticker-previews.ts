/**
 * The previews of v1/EmojMaterialH5's stickers for the web demo's material picker:
 * apps/web/public/samples/stickers/<name>.png, each sticker drawn by the engine's own SVG
 * rasteriser (src/image/svg.ts) centred on a 160-px light square.
 *
 *   node --import tsx packages/vision/scripts/make-sticker-previews.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { drawSvg } from '../src/image/svg.ts';
import { stickerMaterials } from '../src/algorithms/face/stickers.ts';

const SIDE = 160;
const MARGIN = 14;
const out = path.resolve(import.meta.dirname, '../../../apps/web/public/samples/stickers');
mkdirSync(out, { recursive: true });
for (const [name, { drawing }] of stickerMaterials()) {
  const data = Buffer.alloc(SIDE * SIDE * 3, 244);
  const { x, y, width, height } = drawing.viewBox;
  const k = (SIDE - 2 * MARGIN) / Math.max(width, height);
  const ox = (SIDE - k * width) / 2 - k * x;
  const oy = (SIDE - k * height) / 2 - k * y;
  drawSvg({ width: SIDE, height: SIDE, data }, drawing, [k, 0, 0, k, ox, oy]);
  await sharp(data, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, `${name}.png`));
  console.log(`${name}.png`);
}

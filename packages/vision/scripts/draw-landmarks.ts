/**
 * The drawing of the 106- and 118-point layouts in docs (docs/figures/landmarks-118.png): the
 * astronaut's face with every point of the 118 layout and its index, the 106 points in green and
 * the 12 that the 118 layout adds in orange.
 *
 *   node --import tsx packages/vision/scripts/draw-landmarks.ts [out.png]
 */
import path from 'node:path';
import sharp from 'sharp';
import { landmarks118, runTaskInProcess, type FacePointsResult } from '../src/index.ts';
import { astronautPath, read } from '../test/fixtures.ts';

const out = process.argv[2] ?? path.resolve(import.meta.dirname, '../../../docs/figures/landmarks-118.png');
const image = read(astronautPath());
const { faces } = await runTaskInProcess<FacePointsResult>('facepoints', { image });
const face = faces[0];
if (!face) throw new Error('no face on the astronaut');
const points = landmarks118(face.mesh, face.irisRight[0], face.irisLeft[0]);

// The face box with a margin, enlarged so that the indices can be read.
const SCALE = 6;
const r = face.rectangle;
const margin = 0.12 * Math.max(r.width, r.height);
const left = Math.max(0, Math.floor(r.left - margin));
const top = Math.max(0, Math.floor(r.top - 2 * margin));
const width = Math.ceil(r.width + 2 * margin);
const height = Math.ceil(r.height + 3 * margin);
const W = width * SCALE;
const H = height * SCALE;
const marks = points
  .map(([x, y], i) => {
    const cx = ((x - left) * SCALE).toFixed(1);
    const cy = ((y - top) * SCALE).toFixed(1);
    const colour = i < 106 ? '#2ecc40' : '#ff851b';
    return (
      `<circle cx="${cx}" cy="${cy}" r="3" fill="${colour}" stroke="#000" stroke-width="1"/>` +
      `<text x="${cx}" y="${cy}" dx="5" dy="-4" font-family="sans-serif" font-size="12" fill="#fff" ` +
      `stroke="#000" stroke-width="3" paint-order="stroke">${i}</text>`
    );
  })
  .join('');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${marks}</svg>`;
await sharp(image)
  .extract({ left, top, width, height })
  .resize(W, H, { kernel: 'lanczos3' })
  .modulate({ brightness: 0.8 })
  .composite([{ input: Buffer.from(svg) }])
  .png({ compressionLevel: 9, palette: true })
  .toFile(out);
console.log(`wrote ${out} (${W} x ${H})`);
process.exit(0);

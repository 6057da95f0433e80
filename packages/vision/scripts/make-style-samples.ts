/**
 * Writes the style pictures of the cartoon and art-style demos (apps/web/public/samples/, see
 * LICENSES.md):
 *
 *   node --import tsx packages/vision/scripts/make-style-samples.ts
 *
 * - cartoon/<style>.jpg and artstyles/<style>.jpg: the astronaut (astronaut.jpg of the samples)
 *   rendered by the engine in each style of v1/AICartoonStyle1 and v1/mtstyle, then a 150 px
 *   square around her face scaled to 120 px, quality 80: the pictures of the style pickers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import { ART_STYLES, CARTOON_STYLES } from '../src/algorithms/image/style-params.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const samples = path.join(root, 'apps/web/public/samples');
const astronaut = fs.readFileSync(path.join(samples, 'astronaut.jpg'));

async function picture(task: string, style: string, file: string) {
  const result = await runTaskInProcess<{ images: { media_data: { bytes: Uint8Array } } }>(task, {
    image: astronaut,
    params: { style },
  });
  // Her face and shoulders: x 150-300, y 40-190 of the 512 px photo.
  await sharp(result.images.media_data.bytes)
    .extract({ left: 150, top: 40, width: 150, height: 150 })
    .resize(120, 120)
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(file);
}

for (const [task, folder, styles] of [
  ['cartoon', 'cartoon', CARTOON_STYLES],
  ['artstyle', 'artstyles', ART_STYLES],
] as const) {
  fs.mkdirSync(path.join(samples, folder), { recursive: true });
  for (const style of styles) await picture(task, style, path.join(samples, folder, `${style}.jpg`));
}
console.log(`${CARTOON_STYLES.length} cartoon and ${ART_STYLES.length} art-style pictures`);

/**
 * Writes the effect pictures of the v1/mtai demo (apps/web/public/samples/effects/, see
 * LICENSES.md):
 *
 *   node --import tsx packages/vision/scripts/make-effect-samples.ts
 *
 * effects/<effect>.jpg: the astronaut (astronaut.jpg of the samples) through each effect's chain
 * by the engine, then a 150 px square around her face scaled to 120 px, quality 80: the pictures
 * of the effect picker (as make-style-samples.ts makes the style pickers').
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { runTaskInProcess } from '../src/index.ts';
import { EFFECTS, type EffectsResult } from '../src/algorithms/image/effects-params.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folder = path.join(root, 'apps/web/public/samples/effects');
const astronaut = fs.readFileSync(path.join(root, 'apps/web/public/samples/astronaut.jpg'));

fs.mkdirSync(folder, { recursive: true });
for (const effect of EFFECTS) {
  const result = await runTaskInProcess<EffectsResult>('aieffects', { image: astronaut, params: { effect } });
  // Her face and shoulders: x 150-300, y 40-190 of the 512 px photo.
  await sharp(result.images.media_data.bytes)
    .extract({ left: 150, top: 40, width: 150, height: 150 })
    .resize(120, 120)
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(path.join(folder, `${effect}.jpg`));
}

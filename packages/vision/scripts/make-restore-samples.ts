/**
 * Writes the demo samples of the restoration capabilities (apps/web/public/samples/, see its
 * LICENSES.md), from scikit-image photos with damage made on purpose (scripts/degrade.ts):
 *
 *   node --import tsx packages/vision/scripts/make-restore-samples.ts
 *
 * enhance-chelsea.jpg: chelsea.png reduced to 226 x 150 (a small photo to enlarge);
 * noisy-coffee.jpg: coffee.png with Gaussian noise of sigma 20;
 * damaged-cameraman.jpg: camera.png with 6 scratches, 40 spots and Gaussian noise of sigma 6.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { cameraPath, chelseaPath, coffeePath } from '../test/fixtures.ts';
import { gaussianNoise, scratchesAndSpots, type Rgb } from './degrade.ts';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/web/public/samples');
const rgb = async (file: string): Promise<Rgb> => {
  const { data, info } = await sharp(readFileSync(file))
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const save = (p: Rgb, name: string) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(path.join(out, name));

await sharp(readFileSync(chelseaPath()))
  .resize(226, 150)
  .jpeg({ quality: 90 })
  .toFile(path.join(out, 'enhance-chelsea.jpg'));
await save(gaussianNoise(await rgb(coffeePath()), 20, 11), 'noisy-coffee.jpg');
const camera = await rgb(cameraPath());
await save(
  gaussianNoise(scratchesAndSpots(camera, { lines: 6, spots: 40, seed: 5 }).damaged, 6, 13),
  'damaged-cameraman.jpg',
);
console.log('wrote enhance-chelsea.jpg, noisy-coffee.jpg, damaged-cameraman.jpg');

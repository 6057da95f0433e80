/**
 * Writes the demo samples of the tone capabilities (apps/web/public/samples/, see LICENSES.md):
 *
 *   node --import tsx packages/vision/scripts/make-tone-samples.ts && node scripts/sample-thumbs.mjs
 *
 * - rocket.jpg: scikit-image's rocket.jpg (a launch pad at dusk, public domain), a real low-light
 *   photo, re-encoded (quality 82);
 * - coffee-dark.jpg: scikit-image's coffee.png (CC0) darkened on purpose as measure-tone.ts does
 *   (test/tone-measures.ts darken: x -> 0.25 x^1.8, Poisson and read noise, seed 1), quality 90;
 * - filters/<look>.jpg: the picture of each v1/filter look in the demo's look picker: a 120 px
 *   square around the astronaut's face (astronaut.jpg of the samples) with the look applied by
 *   the engine's own table, quality 80.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { LOOKS, lookTable } from '../src/algorithms/image/looks.ts';
import { applyLut } from '../src/algorithms/image/lut3d.ts';
import { coffeePath, skimageDataDir } from '../test/fixtures.ts';
import { darken } from '../test/tone-measures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const samples = path.join(root, 'apps/web/public/samples');

await sharp(path.join(skimageDataDir(), 'rocket.jpg'))
  .jpeg({ quality: 82 })
  .toFile(path.join(samples, 'rocket.jpg'));

const coffee = await sharp(coffeePath()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
await sharp(Buffer.from(darken(new Uint8Array(coffee.data), 1)), {
  raw: { width: coffee.info.width, height: coffee.info.height, channels: 3 },
})
  .jpeg({ quality: 90 })
  .toFile(path.join(samples, 'coffee-dark.jpg'));

// Her face and shoulders: x 150-300, y 40-190 of the 512 px photo.
const face = await sharp(path.join(samples, 'astronaut.jpg'))
  .extract({ left: 150, top: 40, width: 150, height: 150 })
  .resize(120, 120)
  .raw()
  .toBuffer({ resolveWithObject: true });
fs.mkdirSync(path.join(samples, 'filters'), { recursive: true });
for (const look of LOOKS) {
  const pixels = applyLut(lookTable(look.id)!, new Uint8Array(face.data));
  await sharp(Buffer.from(pixels), { raw: { width: 120, height: 120, channels: 3 } })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(path.join(samples, 'filters', `${look.id}.jpg`));
}
console.log(`rocket.jpg, coffee-dark.jpg and ${LOOKS.length} looks in filters/`);

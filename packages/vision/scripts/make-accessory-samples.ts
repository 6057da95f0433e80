/**
 * Writes the demo samples of v1/mask and v1/Ornaments (apps/web/public/samples, see its LICENSES.md):
 *
 *   node --import tsx packages/vision/scripts/make-accessory-samples.ts
 *
 * - masked-astronaut.jpg: scikit-image's astronaut (NASA, public domain) with a light-blue
 *   synthetic mask drawn over her face by synthetic-mask.ts (placed by the face mesh of the
 *   unmasked photo), JPEG quality 82;
 * - glasses-man.jpg: the left copy (387 x 580) of opencv-doc's example.jpg, a man in clear
 *   metal-framed glasses, JPEG quality 82.
 * Run `node scripts/sample-thumbs.mjs` afterwards for the thumbnails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { initTf } from '../src/runtime/tfjs.ts';
import { decodeImage } from '../src/image/decode.ts';
import { findFaceMeshes, loadMeshFaceModels } from '../src/algorithms/face/mesh-faces.ts';
import { astronautPath } from '../test/fixtures.ts';
import { manInGlasses } from '../test/labelled.ts';
import { drawSyntheticMask } from './synthetic-mask.ts';

const samples = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/web/public/samples',
);
await initTf();
const models = await loadMeshFaceModels();
const astronaut = await decodeImage(readFileSync(astronautPath()));
const [face] = await findFaceMeshes(models, astronaut, {
  maxFaces: 1,
  minConfidence: 0.4,
  smallFaces: false,
  iris: false,
});
if (!face) throw new Error('no face on the astronaut');
const masked = drawSyntheticMask(astronaut, face.landmarks.modelMesh, 'light_blue', 49);
await sharp(masked, { raw: { width: astronaut.width, height: astronaut.height, channels: 3 } })
  .jpeg({ quality: 82 })
  .toFile(path.join(samples, 'masked-astronaut.jpg'));
await sharp(await manInGlasses())
  .jpeg({ quality: 82 })
  .toFile(path.join(samples, 'glasses-man.jpg'));
console.log('masked-astronaut.jpg, glasses-man.jpg');

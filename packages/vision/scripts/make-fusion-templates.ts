/**
 * Writes the bundled templates of v3/facefuse and v2/headreplace (packages/vision/assets/fusion)
 * and their pictures for the web's template picker (apps/web/public/samples/fusion):
 *
 *   node --import tsx packages/vision/scripts/make-fusion-templates.ts
 *
 * Each template is a head-and-shoulders crop around one face of a licence-clear photo (the crop
 * boxes below, in the source's pixels, chosen by eye around the face), at most 720 px a side,
 * JPEG quality 90; its picture is a 120 px square around the face, quality 80. Sources (see
 * apps/web/public/samples/LICENSES.md):
 *  - astronaut: scikit-image astronaut.png (NASA, public domain);
 *  - glasses_man: opencv-doc html/example.jpg, left copy (Apache-2.0 AND BSD-3-Clause);
 *  - smiling_man: opencv-doc html/227943776_1.jpg (Apache-2.0 AND BSD-3-Clause);
 *  - party, window, sofa: face-api demo sample2.jpg, sample6.jpg, sample5.jpg (MIT, face-api).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { astronautPath, groupSamplePath, opencvDocPath } from '../test/fixtures.ts';
import { FUSION_TEMPLATES, type FusionTemplate } from '../src/algorithms/face/facefuse-params.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const assets = path.resolve(here, '../assets/fusion');
const pictures = path.resolve(here, '../../../apps/web/public/samples/fusion');

interface Source {
  file: () => Promise<string> | string;
  /** Crop box in the source: left, top, width, height. */
  crop: [number, number, number, number];
  /** The face's square in the crop, for the picture: left, top, side. */
  face: [number, number, number];
}

const SOURCES: Record<FusionTemplate, Source> = {
  astronaut: { file: astronautPath, crop: [0, 0, 512, 512], face: [150, 40, 190] },
  glasses_man: {
    file: () => opencvDocPath('opencv4/html/example.jpg'),
    crop: [0, 0, 387, 580],
    face: [45, 140, 300],
  },
  smiling_man: {
    file: () => opencvDocPath('opencv4/html/227943776_1.jpg'),
    crop: [0, 0, 434, 434],
    face: [110, 40, 220],
  },
  party: { file: () => groupSamplePath(2), crop: [1270, 0, 560, 720], face: [140, 150, 260] },
  window: { file: () => groupSamplePath(6), crop: [1030, 150, 440, 700], face: [105, 170, 270] },
  sofa: { file: () => groupSamplePath(5), crop: [190, 700, 560, 698], face: [150, 180, 280] },
};

mkdirSync(assets, { recursive: true });
mkdirSync(pictures, { recursive: true });
for (const name of FUSION_TEMPLATES) {
  const src = SOURCES[name];
  const file = await src.file();
  const [left, top, width, height] = src.crop;
  const crop = await sharp(readFileSync(file)).extract({ left, top, width, height }).toBuffer();
  await sharp(crop)
    .resize({ width: 720, height: 720, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toFile(path.join(assets, `${name}.jpg`));
  const [fl, ft, side] = src.face;
  await sharp(crop)
    .extract({ left: fl, top: ft, width: side, height: side })
    .resize(120, 120)
    .jpeg({ quality: 80 })
    .toFile(path.join(pictures, `${name}.jpg`));
  console.log(name, width, height);
}

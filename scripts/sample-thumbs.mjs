// Writes the small copies of the demo sample photos that the image pickers show
// (apps/web/public/samples/thumbs/): 192 px wide, enough for a 96-px thumbnail on a 2x screen.
// Run after adding a sample: node scripts/sample-thumbs.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const samples = path.join(root, 'apps/web/public/samples');
const thumbs = path.join(samples, 'thumbs');
fs.mkdirSync(thumbs, { recursive: true });
for (const { file } of JSON.parse(fs.readFileSync(path.join(samples, 'samples.json'), 'utf8'))) {
  await sharp(path.join(samples, file))
    .resize({ width: 192, withoutEnlargement: true })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(path.join(thumbs, file));
  console.log(`thumbs/${file}`);
}

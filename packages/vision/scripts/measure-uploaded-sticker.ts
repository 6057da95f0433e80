/**
 * Speed of v1/EmojMaterialH5 with a sticker uploaded in the back office: the engine decodes the
 * PNG sent with the job and composites it (image/rgba.ts), against the bundled cat ears (SVG), on
 * the astronaut at 640 px, one thread. The sticker: a 512 x 512 PNG with alpha (a ring), on the nose,
 * two eye distances wide.
 *
 *   taskset -c 0 node --single-threaded-gc --import tsx packages/vision/scripts/measure-uploaded-sticker.ts
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { speedPhotos, timeTask } from './task-timing.ts';

const side = 512;
const rgba = Buffer.alloc(side * side * 4);
for (let y = 0; y < side; y++)
  for (let x = 0; x < side; x++) {
    const r = Math.hypot(x + 0.5 - side / 2, y + 0.5 - side / 2) / (side / 2);
    if (r >= 0.5 && r <= 1) rgba.set([30, 200, 40, 255], (y * side + x) * 4);
  }
const png = new Uint8Array(
  await sharp(rgba, { raw: { width: side, height: side, channels: 4 } })
    .png()
    .toBuffer(),
);
const { astronaut } = await speedPhotos();
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `bundled cat_ears, 640 px: ${await timeTask('emojmaterial', astronaut, 20, { material: 'cat_ears' })}`,
);
console.log(
  `uploaded 512-px PNG, 640 px: ${await timeTask('emojmaterial', astronaut, 20, {
    material: 'm1',
    uploaded: [{ value: 'm1', png, anchor: 'nose', scale: 2 }],
  })}`,
);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

/**
 * Records the gateway answers the face demo unit tests render
 * (apps/web/src/features/algorithm/demos/face-kit/fixtures/), from a running server on real photos:
 *
 *   PORT=18290 DATA_DIR=/tmp/pixora-faceweb node --import tsx apps/server/src/main.ts &
 *   node --import tsx e2e/support/face-fixtures.ts http://127.0.0.1:18290
 *
 * Answers are written as the gateway sends them (errors included), so the tests see real shapes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { facePhotos, type FacePhoto } from './face-photos.ts';

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/features/algorithm/demos/face-kit/fixtures',
);

const RECORDINGS: ReadonlyArray<[name: string, endpoint: string, parameter: object, photos: FacePhoto[]]> = [
  ['facedetect-v1-sample1', 'v1/facedetect', { nFront: 20 }, ['groupOfThree']],
  ['facedetect-v2-astronaut', 'v2/facedetect', { max_face_num: 20 }, ['astronaut']],
  ['facedetect-error-20003-chelsea', 'v1/facedetect', {}, ['cat']],
  ['faceanalysis-astronaut', 'v2/macro_facial_analysis', {}, ['astronaut']],
  ['faceanalysis-cameraman', 'v2/macro_facial_analysis', {}, ['cameraman']],
  ['faceanalysis-sample1', 'v2/macro_facial_analysis', {}, ['groupOfThree']],
  [
    'facecharacter-astronaut',
    'v1/micro_facial_analysis',
    { return_attributes: 'facial_analysis' },
    ['astronaut'],
  ],
  ['facecompare-astronaut-mirrored', 'v1/face_compare', {}, ['astronaut', 'astronautMirrored']],
  ['facecompare-error-20010-astronaut-chelsea', 'v1/face_compare', {}, ['astronaut', 'cat']],
  ['facecompare-error-20022-astronaut-cameraman', 'v1/face_compare', {}, ['astronaut', 'cameraman']],
  ['babyrecognition-sample1', 'v1/baby_recognition', {}, ['groupOfThree']],
];

async function record(base: string) {
  const key = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';
  for (const [name, endpoint, parameter, photos] of RECORDINGS) {
    const media_info_list = await Promise.all(
      photos.map(async (photo) => ({
        media_data: (await readFile(facePhotos[photo])).toString('base64'),
        media_profiles: { media_data_type: 'jpg' },
      })),
    );
    const response = await fetch(`${base}/${endpoint}?${key}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ parameter, extra: {}, media_info_list }),
    });
    await writeFile(path.join(out, `${name}.json`), `${JSON.stringify(await response.json(), null, 2)}\n`);
    console.log(name, response.status);
  }
}

await record(process.argv[2] ?? 'http://127.0.0.1:8080');

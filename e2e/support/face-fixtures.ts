/**
 * Records the gateway answers the face demo unit tests render
 * (apps/web/src/features/algorithm/demos/face-kit/fixtures/), from a running server on real photos:
 *
 *   PORT=18290 DATA_DIR=/tmp/pixora-faceweb node --import tsx apps/server/src/main.ts &
 *   node --import tsx e2e/support/face-fixtures.ts http://127.0.0.1:18290
 *
 * Answers are written as the gateway sends them (errors included), so the tests see real shapes.
 * The face-search answers are recorded as a website visitor (demo header and cookie) would get them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { facePhotos, type FacePhoto } from './face-photos.ts';
import { RECORDINGS } from './face-recordings.ts';

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/features/algorithm/demos/face-kit/fixtures',
);

const KEY = 'api_key=pixora-demo-key&api_secret=pixora-demo-secret';

async function photoBase64(photo: FacePhoto, width?: number): Promise<string> {
  const bytes = await readFile(facePhotos[photo]);
  return (width ? await sharp(bytes).resize(width).jpeg({ quality: 80 }).toBuffer() : bytes).toString(
    'base64',
  );
}

/**
 * Face search as a website visitor: no credentials, the demo header, the demo cookie kept between
 * calls. The astronaut is added as "Eileen", then searched for with her mirrored copy.
 */
async function recordFaceSearch(base: string) {
  let cookie = '';
  const call = async (name: string, endpoint: string, parameter: object, photo?: FacePhoto) => {
    const response = await fetch(`${base}/${endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-pixora-demo': '1', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({
        parameter,
        extra: {},
        media_info_list: photo
          ? [{ media_data: await photoBase64(photo), media_profiles: { media_data_type: 'jpg' } }]
          : [],
      }),
    });
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
    const answer = await response.json();
    await writeFile(path.join(out, `${name}.json`), `${JSON.stringify(answer, null, 2)}\n`);
    console.log(name, response.status);
    return answer.media_info_list?.[0]?.media_extra;
  };
  await call('facesearch-list-empty', 'v1/faceset/list', {});
  const set = await call('facesearch-create', 'v1/faceset/create', { faceset_name: 'Website demo' });
  const token = set.faceset_token;
  await call(
    'facesearch-add-astronaut',
    'v1/faceset/add_face',
    { faceset_token: token, face_name: 'Eileen' },
    'astronaut',
  );
  await call(
    'facesearch-add-error-20003-chelsea',
    'v1/faceset/add_face',
    { faceset_token: token, face_name: 'Cat' },
    'cat',
  );
  await call('facesearch-list', 'v1/faceset/list', {});
  await call('facesearch-detail', 'v1/faceset/detail', { faceset_token: token });
  await call('facesearch-search-mirrored', 'v1/face_search', { faceset_token: token }, 'astronautMirrored');
}

async function record(base: string) {
  for (const [name, endpoint, parameter, photos, width] of RECORDINGS) {
    const media_info_list = await Promise.all(
      photos.map(async (photo) => ({
        media_data: await photoBase64(photo, width),
        media_profiles: { media_data_type: 'jpg' },
      })),
    );
    const response = await fetch(`${base}/${endpoint}?${KEY}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ parameter, extra: {}, media_info_list }),
    });
    await writeFile(path.join(out, `${name}.json`), `${JSON.stringify(await response.json(), null, 2)}\n`);
    console.log(name, response.status);
  }
}

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
await record(base);
await recordFaceSearch(base);

import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** The real photos the face demo tests use. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const samples = path.join(root, 'apps/web/public/samples');

export const facePhotos = {
  /** sample1.jpg of @vladmandic/face-api (MIT package; test use only, never served): three women. */
  groupOfThree: path.join(root, 'node_modules/@vladmandic/face-api/demo/sample1.jpg'),
  /** Public-domain samples served by the site (see apps/web/public/samples/LICENSES.md). */
  astronaut: path.join(samples, 'astronaut.jpg'),
  astronautMirrored: path.join(samples, 'astronaut-mirrored.jpg'),
  cameraman: path.join(samples, 'cameraman.jpg'),
  cat: path.join(samples, 'chelsea.jpg'),
} as const;

export type FacePhoto = keyof typeof facePhotos;

/**
 * The woman on the right of sample1.jpg (frontal, head tilted), cut out to a file of her own:
 * a second person for face search, whose add_face needs exactly one face.
 */
export async function womanOfSample1(): Promise<string> {
  const file = path.join(os.tmpdir(), 'pixora-e2e-sample1-right.jpg');
  await sharp(facePhotos.groupOfThree)
    .extract({ left: 1340, top: 90, width: 480, height: 480 })
    .jpeg()
    .toFile(file);
  return file;
}

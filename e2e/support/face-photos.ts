import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

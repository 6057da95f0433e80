/**
 * The hand references of test/fixtures/hand-references.json (how they were made is in its
 * "note"): per photo, the hands a person saw, each with a loose box, its gesture and, where the
 * photo tells, its side. Used by the handgesture tests and scripts/measure-hand.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Gesture, Handedness } from '../src/algorithms/body/handgesture-params.ts';
import { photoPath } from './fixtures.ts';

export interface ReferenceHand {
  /** [left, top, right, bottom], px. */
  box: [number, number, number, number];
  gesture: Gesture;
  handedness: Handedness | null;
  why: string;
}

export interface HandReferencePhoto {
  file: string;
  /**
   * 'tune': a photo the gesture rules were written or changed with in view (rounds 1-10); 'report':
   * labelled after the rules were fixed and never used to change them (round 11 on).
   */
  set: 'tune' | 'report';
  size: [number, number];
  hands: ReferenceHand[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

const raw = JSON.parse(readFileSync(path.join(here, 'fixtures/hand-references.json'), 'utf8')) as {
  photos: Record<string, Omit<HandReferencePhoto, 'file' | 'set'> & { set?: 'report' }>;
};

/** Every reference photo, in the file's order. */
export const HAND_REFERENCES: HandReferencePhoto[] = Object.entries(raw.photos).map(([file, photo]) => ({
  file,
  ...photo,
  set: photo.set ?? 'tune',
}));

export const handReference = (file: string): HandReferencePhoto => {
  const photo = HAND_REFERENCES.find((p) => p.file === file);
  if (!photo) throw new Error(`no hand reference for ${file}`);
  return photo;
};

/** Path of a reference photo (same sources as the body references). */
export const handPhotoPath = (photo: HandReferencePhoto): Promise<string> => photoPath(photo.file);

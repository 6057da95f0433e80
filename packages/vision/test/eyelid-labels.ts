import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One face of fixtures/eyelid-labels.json (labelled by eye; its note says how). */
export interface EyelidLabel {
  file: string;
  set: 'tune' | 'report';
  eyelid: 'single' | 'double' | null;
  /** The London Set's self-reported age and gender (not labelled by eye). */
  record?: { age: number; gender: 'male' | 'female' };
  /** London Set faces: skin tone by eye, roughly Fitzpatrick I-II, III-IV, V-VI. */
  skin?: 'light' | 'medium' | 'dark';
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every labelled face by id (ldn-001 ..., acc-04 ...). */
export const EYELID_LABELS = (
  JSON.parse(readFileSync(path.join(here, 'fixtures/eyelid-labels.json'), 'utf8')) as {
    photos: Record<string, EyelidLabel>;
  }
).photos;

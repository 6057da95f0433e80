/**
 * The text labels of test/fixtures/text-labels.json (how they were made is in its "note"): whether
 * a person sees writing in the photo. Used by the text-region test and scripts/measure-text.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenePhotoPath } from './scene-references.ts';

export interface TextLabel {
  /** As scene-labels.json's `file`. */
  file: string;
  set: 'tuning' | 'report' | 'holdout';
  size: [number, number];
  text: boolean;
  note: string;
  licence?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const TEXT_LABELS = (
  JSON.parse(readFileSync(path.join(here, 'fixtures/text-labels.json'), 'utf8')) as {
    photos: Record<string, TextLabel>;
  }
).photos;

/** The photo's bytes (a Debian package's file read installed or extracted on first use). */
export async function textPhoto(name: string): Promise<Buffer> {
  const label = TEXT_LABELS[name];
  if (!label) throw new Error(`no text label ${name}`);
  return readFileSync(await scenePhotoPath(label));
}

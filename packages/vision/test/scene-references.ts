/**
 * The scene labels of test/fixtures/scene-labels.json (how they were made is in its "note"): the
 * scenes a person accepts for each photo (main first) and the COCO things plainly in it. Used by
 * the scene and album tests and scripts/measure-scene.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { photoPath } from './fixtures.ts';

export interface SceneLabel {
  /** `skimage:<file>`, `opencv-doc:<path>`, `face-api:demo/<file>` or `<debian package>:<absolute path>`. */
  file: string;
  set: 'tuning' | 'report' | 'holdout';
  size: [number, number];
  scenes: string[];
  objects?: string[];
  licence?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export const SCENE_LABELS = (
  JSON.parse(readFileSync(path.join(here, 'fixtures/scene-labels.json'), 'utf8')) as {
    photos: Record<string, SceneLabel>;
  }
).photos;

/** The photo file of a label; a Debian package's file is read installed or extracted on first use. */
export const scenePhotoPath = (label: Pick<SceneLabel, 'file'>): Promise<string> => photoPath(label.file);

/** The photo's bytes. */
export async function scenePhoto(name: string): Promise<Buffer> {
  const label = SCENE_LABELS[name];
  if (!label) throw new Error(`no scene label ${name}`);
  return readFileSync(await scenePhotoPath(label));
}

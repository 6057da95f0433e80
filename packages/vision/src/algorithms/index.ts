/**
 * Task registry: task name -> algorithm module. Adding an algorithm is one module plus one line
 * here. Modules are imported lazily, so code that only needs task names or the worker pool
 * (the HTTP gateway's main thread) does not load TensorFlow.js (measured: +98 MB RSS and
 * ~0.8 s of start-up when it does).
 */
import type { AnyAlgorithm } from './types.ts';

export const algorithmLoaders = {
  facepoints: async () => (await import('./face/facepoints.ts')).facepoints,
  faceanalysis: async () => (await import('./face/analysis.ts')).faceanalysis,
  facebeauty: async () => (await import('./face/beauty.ts')).facebeauty,
  bodypose: async () => (await import('./body/bodypose.ts')).bodypose,
  segment: async () => (await import('./body/segment.ts')).segment,
  bodycontour: async () => (await import('./body/contour.ts')).bodycontour,
  apparel: async () => (await import('./body/apparel.ts')).apparel,
  humandetect: async () => (await import('./body/humandetect.ts')).humandetect,
  handgesture: async () => (await import('./body/handgesture.ts')).handgesture,
  skinsegment: async () => (await import('./body/skin-hair-tasks.ts')).skinsegment,
  hairsegment: async () => (await import('./body/skin-hair-tasks.ts')).hairsegment,
  facesegment: async () => (await import('./face/face-segment.ts')).facesegment,
  hairattributes: async () => (await import('./face/hair-attributes.ts')).hairattributes,
  facemask: async () => (await import('./face/facemask.ts')).facemask,
  ornaments: async () => (await import('./body/ornaments.ts')).ornaments,
  skinanalysis: async () => (await import('./face/skin-analysis.ts')).skinanalysis,
  beautify: async () => (await import('./face/retouch-tasks.ts')).beautify,
  shapetuning: async () => (await import('./face/retouch-tasks.ts')).shapetuning,
  makeup: async () => (await import('./face/retouch-tasks.ts')).makeup,
  beard: async () => (await import('./face/beard.ts')).beard,
  emojmaterial: async () => (await import('./face/stickers.ts')).emojmaterial,
  filter: async () => (await import('./image/filter.ts')).filter,
  hdr: async () => (await import('./image/hdr.ts')).hdr,
  night: async () => (await import('./image/night.ts')).night,
  enhance: async () => (await import('./image/enhance.ts')).enhance,
  denoise: async () => (await import('./image/denoise.ts')).denoise,
  restore: async () => (await import('./image/restore.ts')).restore,
  studio: async () => (await import('./image/studio.ts')).studio,
  idphoto: async () => (await import('./body/idphoto.ts')).idphoto,
  skysegment: async () => (await import('./image/sky.ts')).skysegment,
  aesthetic: async () => (await import('./image/aesthetic.ts')).aesthetic,
  cartoon: async () => (await import('./image/cartoon.ts')).cartoon,
  lineart: async () => (await import('./image/lineart.ts')).lineart,
  artstyle: async () => (await import('./image/artstyle.ts')).artstyle,
  scene: async () => (await import('./image/scene.ts')).scene,
  album: async () => (await import('./image/album.ts')).album,
  depth: async () => (await import('./image/depth.ts')).depth,
  aieffects: async () => (await import('./image/effects.ts')).aieffects,
  catsanddogs: async () => (await import('./recognition/catsanddogs.ts')).catsanddogs,
  fooddetect: async () => (await import('./recognition/fooddetect.ts')).fooddetect,
  foodsegment: async () => (await import('./recognition/foodsegment.ts')).foodsegment,
  facefuse: async () => (await import('./face/facefuse.ts')).facefuse,
  facefusechild: async () => (await import('./face/facefusechild.ts')).facefusechild,
  headreplace: async () => (await import('./face/headreplace.ts')).headreplace,
} as const satisfies Record<string, () => Promise<AnyAlgorithm>>;

export type TaskName = keyof typeof algorithmLoaders;

type AlgorithmOf<K extends TaskName> = Awaited<ReturnType<(typeof algorithmLoaders)[K]>>;

/** Result type of each task, for typed callers: `backend.run<TaskResults['facepoints']>(...)`. */
export type TaskResults = { [K in TaskName]: Awaited<ReturnType<AlgorithmOf<K>['run']>> };

/** Parameter type of each task after validation and defaults. */
export type TaskParams = { [K in TaskName]: ReturnType<AlgorithmOf<K>['parseParams']> };

export const taskNames = Object.keys(algorithmLoaders) as TaskName[];

export function isTaskName(task: string): task is TaskName {
  return Object.prototype.hasOwnProperty.call(algorithmLoaders, task);
}

/** Imports the algorithm module for `task`; undefined for unknown tasks. */
export async function loadAlgorithm(task: string): Promise<AnyAlgorithm | undefined> {
  return isTaskName(task) ? algorithmLoaders[task]() : undefined;
}

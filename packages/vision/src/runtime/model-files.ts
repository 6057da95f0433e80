/**
 * Loads tfjs graph models from files shipped inside npm packages.
 *
 * tfjs only routes http(s) and browser storage URLs; in Node without tfjs-node there is no
 * `file://` handler. We read model.json, then concatenate the weight shards it lists (in manifest
 * order, which is the order tfjs expects) into one ArrayBuffer. Nothing is ever downloaded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GraphModel, io } from '@tensorflow/tfjs';
import { tf } from './tfjs.ts';

interface ModelJsonFile {
  modelTopology: object;
  weightsManifest: Array<{ paths: string[]; weights: io.WeightsManifestEntry[] }>;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  modelInitializer?: object;
}

/** Reads a graph model (model.json + its weight shards) from disk into tfjs model artifacts. */
export function readModelArtifacts(modelJsonPath: string): io.ModelArtifacts {
  const json = JSON.parse(readFileSync(modelJsonPath, 'utf8')) as ModelJsonFile;
  const dir = path.dirname(modelJsonPath);
  const weightSpecs: io.WeightsManifestEntry[] = [];
  const shards: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const shard of group.paths) shards.push(readFileSync(path.join(dir, shard)));
  }
  const joined = Buffer.concat(shards);
  // Copy into a standalone ArrayBuffer: Buffer.concat may return a view on a shared pool slab.
  const weightData = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    modelInitializer: json.modelInitializer,
    weightSpecs,
    weightData,
  };
}

/** A tfjs IOHandler that serves one model from a file path. */
export function fileModelHandler(modelJsonPath: string): io.IOHandler {
  return { load: async () => readModelArtifacts(modelJsonPath) };
}

let routerRegistered = false;

/**
 * Registers a global tfjs load router for `file://` URLs so libraries that load models by URL
 * (such as Human, given a file:// modelBasePath) can read them from disk. Idempotent.
 */
export function registerFileRouter(): void {
  if (routerRegistered) return;
  routerRegistered = true;
  const router = (url: string | string[]): io.IOHandler | null => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith('file://')) return null;
    return fileModelHandler(fileURLToPath(first));
  };
  // tfjs's router registry treats null as "not my URL", but its declared type omits null.
  tf.io.registerLoadRouter(router as (url: string | string[]) => io.IOHandler);
}

/**
 * Loads a graph model from a model.json path on disk. Once loaded, the weights live in the
 * backend's tensors (the wasm backend copies them into its heap), but the GraphModel still holds
 * the artifacts it was loaded from, weight bytes included, for a `save()` we never call: those
 * bytes are let go (measured: 37 MB per worker with every model loaded, the size of the weight
 * files).
 */
export async function loadGraphModelFromFile(modelJsonPath: string): Promise<GraphModel> {
  const model = await tf.loadGraphModel(fileModelHandler(modelJsonPath));
  const kept = (model as unknown as { artifacts?: io.ModelArtifacts }).artifacts;
  if (kept) delete kept.weightData;
  return model;
}

export function toFileUrl(p: string): string {
  return pathToFileURL(p).href;
}

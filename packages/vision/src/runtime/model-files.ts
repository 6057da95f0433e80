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

/** A tfjs IOHandler that serves one model from a file path (cut at `fed`: see cutAbove). */
export function fileModelHandler(modelJsonPath: string, fed: readonly string[] = []): io.IOHandler {
  return {
    load: async () => {
      const artifacts = readModelArtifacts(modelJsonPath);
      return fed.length ? cutAbove(artifacts, fed) : artifacts;
    },
  };
}

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, float16: 2, uint16: 2, uint8: 1, bool: 1 };

/**
 * The artifacts of a graph model whose tensors `fed` are computed elsewhere (runtime/graph-part.ts
 * feeds them by name): every node that only serves to compute them is left out, and the fed nodes
 * become placeholders, so the weights of the part that runs with onnxruntime are not also held
 * in the tfjs heap. What the model's outputs need besides (a decoder's constants, another input)
 * stays. Weights are dropped only for the constants of the graph's own node list.
 */
export function cutAbove(artifacts: io.ModelArtifacts, fed: readonly string[]): io.ModelArtifacts {
  const topology = artifacts.modelTopology as { node: GraphNode[] };
  const byName = new Map(topology.node.map((n) => [n.name, n]));
  const cut = new Set(fed);
  for (const name of cut) if (!byName.has(name)) throw new Error(`no node ${name} to cut the graph at`);
  const signature = artifacts.signature as
    { inputs?: Record<string, { name: string }>; outputs?: Record<string, { name: string }> } | undefined;
  const nodeOf = (input: string) => input.replace(/^\^/, '').replace(/:\d+$/, '');
  const consumed = new Set(topology.node.flatMap((n) => (n.input ?? []).map(nodeOf)));
  const outputs = signature?.outputs
    ? Object.values(signature.outputs).map((o) => nodeOf(o.name))
    : topology.node.filter((n) => !consumed.has(n.name)).map((n) => n.name);
  const keep = new Set<string>();
  const stack = [...outputs];
  while (stack.length) {
    const name = stack.pop()!;
    if (keep.has(name)) continue;
    keep.add(name);
    if (!cut.has(name)) for (const input of byName.get(name)?.input ?? []) stack.push(nodeOf(input));
  }
  const node = topology.node
    .filter((n) => keep.has(n.name))
    .map((n) =>
      cut.has(n.name) ? { name: n.name, op: 'Placeholder', attr: { dtype: { type: 'DT_FLOAT' } } } : n,
    );
  // The weight bytes, spec by spec in manifest order; a dropped node's constant is left out.
  const specs = artifacts.weightSpecs ?? [];
  const data = new Uint8Array(artifacts.weightData as ArrayBuffer);
  const keptSpecs: io.WeightsManifestEntry[] = [];
  const pieces: Uint8Array[] = [];
  let offset = 0;
  for (const spec of specs) {
    const bytes = BYTES[spec.quantization?.dtype ?? spec.dtype];
    if (bytes === undefined) return artifacts; // a string or other variable-size weight: not cut
    const size = spec.shape.reduce((a, b) => a * b, 1) * bytes;
    if (!byName.has(spec.name) || keep.has(spec.name)) {
      keptSpecs.push(spec);
      pieces.push(data.subarray(offset, offset + size));
    }
    offset += size;
  }
  if (offset !== data.byteLength) return artifacts; // sizes not understood: not cut
  const joined = Buffer.concat(pieces);
  const inputs = Object.fromEntries([
    ...Object.entries(signature?.inputs ?? {}).filter(([, v]) => keep.has(nodeOf(v.name))),
    ...fed.map((name) => [name, { name, dtype: 'DT_FLOAT' }] as const),
  ]);
  return {
    ...artifacts,
    modelTopology: { ...topology, node },
    signature: signature ? { ...signature, inputs } : undefined,
    weightSpecs: keptSpecs,
    weightData: joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength),
  };
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
export async function loadGraphModelFromFile(
  modelJsonPath: string,
  fed: readonly string[] = [],
): Promise<GraphModel> {
  const model = await tf.loadGraphModel(fileModelHandler(modelJsonPath, fed));
  const kept = (model as unknown as { artifacts?: io.ModelArtifacts }).artifacts;
  if (kept) delete kept.weightData;
  return model;
}

export function toFileUrl(p: string): string {
  return pathToFileURL(p).href;
}

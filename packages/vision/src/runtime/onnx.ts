/**
 * onnxruntime-node sessions, one per model per thread (or worker process), created once.
 *
 * Why onnxruntime and not tfjs-wasm for the super-resolution models: measured on this machine
 * (docs/quality.md, image enhancement), the same RDN model ran 512 -> 1024 px in about 1.4-1.8 s
 * on one core with onnxruntime-node against 5.3 s with tfjs-wasm, with identical results (the
 * converted graph agrees with tfjs to 136 dB PSNR, test/enhance.test.ts). One intra-op thread: the
 * pool runs one worker per core, and two threads per job were slower with both cores busy.
 *
 * The native library ships inside the npm package (bin/napi-v6/linux/x64); its install script,
 * which would fetch optional GPU libraries, is not run (root package.json `allowScripts`).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InferenceSession } from 'onnxruntime-node';
import { ESRGAN_INT8 } from './esrgan-int8.ts';
import { kerasLayersToOnnx } from './keras-onnx.ts';
import { tfjsGraphToOnnx } from './graph-onnx.ts';
import { modelPath } from './models.ts';
import { cachedOnnxFile, prepareOnnxFiles } from './onnx-cache.ts';
import { GRAPH_PARTS } from './graph-parts.ts';

const require = createRequire(import.meta.url);

/**
 * Models run with onnxruntime: the UpscalerJS "ESRGAN slim" super-resolution models (MIT, Kevin
 * Scott; an RDN, Zhang et al. 2018, of 4 feature maps per dense block, trained on DIV2K), shipped
 * as tfjs layers models in @upscalerjs/esrgan-slim and converted in memory (keras-onnx.ts); as
 * they are (float) and in the int8 form the task serves (`-int8`, esrgan-int8.ts).
 */
export type OnnxModelName =
  'esrgan-slim-x2' | 'esrgan-slim-x4' | 'esrgan-slim-x2-int8' | 'esrgan-slim-x4-int8';

/** The float network an int8 model is made from (the float models are their own). */
const floatModel = (name: OnnxModelName): 'esrgan-slim-x2' | 'esrgan-slim-x4' =>
  name.startsWith('esrgan-slim-x2') ? 'esrgan-slim-x2' : 'esrgan-slim-x4';

/**
 * The int8 plan of an int8 model (esrgan-int8.ts, made by scripts/calibrate-enhance.ts): seven
 * of twelve convolutions in 8-bit integers, which onnxruntime runs as integer convolutions
 * (QLinearConv); x2 about 1.3 times as fast as the float network on one core (docs/quality.md,
 * image enhancement). Undefined for a float model.
 */
const int8Plan = (name: OnnxModelName | OnnxGraphName) =>
  name === 'esrgan-slim-x2-int8' || name === 'esrgan-slim-x4-int8'
    ? ESRGAN_INT8[floatModel(name)]
    : undefined;

export { GRAPH_PARTS };
export type OnnxGraphName = keyof typeof GRAPH_PARTS;

/** The model.json of a model inside its package. */
export function onnxModelSource(name: OnnxModelName): string {
  // The package's exports map names its JavaScript entries only; the x2 entry is
  // dist/cjs/models/esrgan-slim/src/2x.js, five folders below the package root.
  const root = path.resolve(path.dirname(require.resolve('@upscalerjs/esrgan-slim/2x')), '../../../../..');
  return path.join(root, 'models', floatModel(name) === 'esrgan-slim-x2' ? '2x' : '4x', 'model.json');
}

const sessions = new Map<OnnxModelName | OnnxGraphName, Promise<InferenceSession>>();

/** The ONNX bytes of a graph model's converted part. */
function graphPart(name: OnnxGraphName): Uint8Array {
  const part: { outputs: readonly string[]; input?: string } = GRAPH_PARTS[name];
  return tfjsGraphToOnnx(modelPath(name), part.outputs, part.input);
}

const isGraph = (name: OnnxModelName | OnnxGraphName): name is OnnxGraphName => name in GRAPH_PARTS;

/** Every model run with onnxruntime. */
export const ONNX_MODEL_NAMES: ReadonlyArray<OnnxModelName | OnnxGraphName> = [
  'esrgan-slim-x2',
  'esrgan-slim-x4',
  'esrgan-slim-x2-int8',
  'esrgan-slim-x4-int8',
  ...(Object.keys(GRAPH_PARTS) as OnnxGraphName[]),
];

/** Whether `name` is a model this module runs (the converter process checks its argument). */
export function isOnnxName(name: string): name is OnnxModelName | OnnxGraphName {
  return (ONNX_MODEL_NAMES as readonly string[]).includes(name);
}

/** The model converted to ONNX, in memory (keras-onnx.ts or graph-onnx.ts). */
export function onnxModelBytes(name: OnnxModelName | OnnxGraphName): Uint8Array {
  return isGraph(name) ? graphPart(name) : kerasLayersToOnnx(onnxModelSource(name), { int8: int8Plan(name) });
}

/** The tfjs model.json a model is converted from, and what its converted part is (the cache's key). */
export function onnxModelOrigin(name: OnnxModelName | OnnxGraphName): { modelJson: string; part: string } {
  return isGraph(name)
    ? { modelJson: modelPath(name), part: JSON.stringify(GRAPH_PARTS[name]) }
    : { modelJson: onnxModelSource(name), part: kerasPart(int8Plan(name)) };
}

const kerasPart = (plan: ReturnType<typeof int8Plan>) =>
  `keras layers${plan ? ` int8 ${JSON.stringify(plan)}` : ''}`;

/**
 * The float super-resolution networks: the reference of the served int8 ones (tests,
 * calibrate-enhance.ts), converted when first opened rather than at every engine's start.
 */
const NOT_SERVED: ReadonlySet<string> = new Set(['esrgan-slim-x2', 'esrgan-slim-x4']);

/**
 * Converts every served model that has no converted file yet, in one child process (onnx-cache.ts), so
 * that the sessions made afterwards load files: an engine calls this before loading its models.
 */
export function prepareOnnxModels(): Promise<void> {
  return prepareOnnxFiles(
    ONNX_MODEL_NAMES.filter((name) => !NOT_SERVED.has(name)).map((name) => ({
      name,
      origin: onnxModelOrigin(name),
    })),
  );
}

/**
 * Models whose session keeps onnxruntime's memory arena (its largest run's buffers, kept for the
 * next run). The other graph parts allocate per run at the same speed (scripts/measure-onnx-memory.ts
 * speed, one core, arena on / off alternating, ms): selfie 8.6 / 8.4, hand landmarks 15.8 / 16.8,
 * BlazeFace 12.1 / 11.9, front 3.2 / 3.2, FaceMesh 5.1 / 5.2, MoveNet 37.5 / 37.7, HandTrack 30.1 /
 * 30.5. CenterNet, the largest run, keeps it: three runs gave 103.4 / 99.8, 84.3 / 92.2 and 75.1 /
 * 74.8, not shown as fast without it; ESRGAN (docs/quality.md, v1/aiquality) keeps it for the
 * tiles of one job (its session is made per job, openOnnxSession).
 */
const KEEPS_ARENA: ReadonlySet<string> = new Set([
  'centernet',
  'esrgan-slim-x2',
  'esrgan-slim-x4',
  'esrgan-slim-x2-int8',
  'esrgan-slim-x4-int8',
]);

/** The session options of a model (one thread: one core per worker, decision 0004). */
export function sessionOptions(name: OnnxModelName | OnnxGraphName) {
  return {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: KEEPS_ARENA.has(name),
  } as const;
}

/**
 * The session of a model, created once per thread; a failed creation is retried next time. The
 * model comes from the converted-model cache (onnx-cache.ts: converted once per machine, in a
 * process of its own), or is converted here when the cache cannot be used.
 */
export function getOnnxSession(name: OnnxModelName | OnnxGraphName): Promise<InferenceSession> {
  let p = sessions.get(name);
  if (!p) {
    p = openOnnxSession(name);
    p.catch(() => sessions.delete(name));
    sessions.set(name, p);
  }
  return p;
}

/**
 * A new session of a model, for the caller alone, which releases it (`release()`) when done. For
 * the super-resolution models (enhance.ts), made per job: a session's memory arena keeps its
 * largest run's buffers while the session lives (with the tiles of before: about 190 MB for x2
 * and 230 MB more for x4), which a kept session would hold in every worker between the rare calls
 * that need it. Released, that memory is given back (642 -> 278 MB RSS after an x2 and an x4 run);
 * a session is made from the cached file in about 4 ms, and its first run lays out its arena,
 * about 4 % of an x2 call at the served tiles (docs/decisions/0014-enhance-memory-over-latency.md).
 */
export async function openOnnxSession(name: OnnxModelName | OnnxGraphName): Promise<InferenceSession> {
  const ort = await import('onnxruntime-node');
  const file = await cachedOnnxFile(name, onnxModelOrigin(name));
  if (file) {
    try {
      return await ort.InferenceSession.create(file, sessionOptions(name));
    } catch {
      // A damaged file is removed (the next process converts again); this one converts here.
      fs.rmSync(file, { force: true });
    }
  }
  return ort.InferenceSession.create(onnxModelBytes(name), sessionOptions(name));
}

/**
 * Runs a converted graph part on one NHWC float input and returns its tensors (GRAPH_PARTS'
 * names) as NHWC float arrays with their shapes.
 */
export async function runOnnxGraph(
  name: OnnxGraphName,
  input: Float32Array,
  dims: readonly [number, number, number, number],
): Promise<Record<string, { data: Float32Array; dims: number[] }>> {
  const ort = await import('onnxruntime-node');
  const session = await getOnnxSession(name);
  const out = await session.run({ input: new ort.Tensor('float32', input, dims) });
  const result: Record<string, { data: Float32Array; dims: number[] }> = {};
  for (const key of GRAPH_PARTS[name].outputs)
    result[key] = { data: out[key]!.data as Float32Array, dims: [...out[key]!.dims] };
  return result;
}

/**
 * Makes the sessions of graph parts by running each once on a blank square input of `side` px and
 * `channels` channels (default 3): a session's first run allocates, which belongs to start-up.
 */
export async function warmupOnnxGraphs(
  parts: ReadonlyArray<readonly [name: OnnxGraphName, side: number, channels?: number]>,
): Promise<void> {
  for (const [name, side, channels = 3] of parts)
    await runOnnxGraph(name, new Float32Array(side * side * channels), [1, side, side, channels]);
}

/** Runs a model with one NHWC float input "input" and returns "output" with its shape. */
export async function runOnnx(
  session: InferenceSession,
  input: Float32Array,
  dims: readonly [number, number, number, number],
): Promise<{ data: Float32Array; dims: readonly number[] }> {
  const ort = await import('onnxruntime-node');
  const out = await session.run({ input: new ort.Tensor('float32', input, dims) });
  const t = out.output!;
  return { data: t.data as Float32Array, dims: t.dims };
}

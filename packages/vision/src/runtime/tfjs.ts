/**
 * TensorFlow.js runtime setup: the WebAssembly backend, single-threaded, SIMD on.
 *
 * Why wasm: `@tensorflow/tfjs-node` (native libtensorflow) cannot be installed on our targets and
 * the pure-JS `cpu` backend is about 30x slower. Why single-threaded: the pool runs one worker per
 * core, so each worker must use exactly one core; wasm threads would oversubscribe the machine.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);

let initPromise: Promise<typeof tf> | undefined;

/** Folder holding `tfjs-backend-wasm*.wasm`, with the trailing slash emscripten expects. */
export function wasmBinariesDir(): string {
  // The package main lives in dist/, next to the .wasm binaries.
  return path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
}

/**
 * Initialises tfjs once per thread (each worker thread has its own tfjs and wasm instance).
 * Later calls return the same promise.
 */
export function initTf(): Promise<typeof tf> {
  initPromise ??= (async () => {
    // Flags must be set before the backend initialises. SIMD is supported by Node >= 16;
    // threads stay off (see file comment). Setting them explicitly also skips feature probing.
    tf.env().set('WASM_HAS_SIMD_SUPPORT', true);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    setWasmPaths(wasmBinariesDir());
    // The emscripten glue installs process-wide 'uncaughtException' / 'unhandledRejection'
    // listeners that re-throw, which changes the host's error semantics and makes Node print the
    // whole minified glue source on any crash. We remove exactly the listeners it adds.
    const before = {
      uncaughtException: new Set(process.listeners('uncaughtException')),
      unhandledRejection: new Set(process.listeners('unhandledRejection')),
    };
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new Error('tfjs: the wasm backend failed to initialise');
    await tf.ready();
    for (const listener of process.listeners('uncaughtException')) {
      if (!before.uncaughtException.has(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!before.unhandledRejection.has(listener)) process.removeListener('unhandledRejection', listener);
    }
    // Production mode removes debug checks on every op (NaN scanning etc.).
    tf.enableProdMode();
    return tf;
  })();
  return initPromise;
}

export { tf };

/**
 * Engine worker (a worker thread or a worker process, see pool/port.ts): loads every algorithm's
 * models once, reports 'ready', then runs jobs one at a time, in the order the pool sends them.
 * Errors go back serialised so the pool can re-create the same class (ImageInputError with its
 * code, ...).
 */
import { workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { createEngine, type Engine } from '../engine.ts';
import { serializeError, TaskAbortedError } from '../errors.ts';
import { poolPort } from './port.ts';
import type { RunMessage, ToWorker, WorkerInit } from './protocol.ts';

const port = poolPort();

/**
 * The inference runtimes' JavaScript (TensorFlow.js, its wasm backend, onnxruntime-node) is
 * imported with source maps off, then they are turned back on. tsx turns Node's source maps on
 * so that stack traces name our TypeScript lines; with them on, Node also reads and keeps the
 * source map files these packages ship next to their bundles (tf-core.node.js.map and the like):
 * measured, 37 MB more RSS per worker for stack frames inside those bundles, which nobody reads.
 * The modules are cached, so the algorithms' own imports of them later load nothing again, and
 * our TypeScript, imported after, keeps its source maps.
 */
async function loadRuntimesWithoutSourceMaps(): Promise<void> {
  const enabled = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    await import('@tensorflow/tfjs');
    await import('@tensorflow/tfjs-backend-wasm');
    await import('onnxruntime-node');
  } finally {
    process.setSourceMapsEnabled(enabled);
  }
}

const init = (workerData ?? JSON.parse(process.env.PIXORA_WORKER_INIT ?? '{}')) as WorkerInit;
if (init.sharpConcurrency !== undefined) {
  // libvips' thread count is process-wide, so this also applies to sharp on the main thread.
  // One thread per operation keeps each worker on one core: measured on this 2-core machine, a
  // single worker otherwise used 1.25 cores (libvips decode/resize threads), which makes a second
  // worker scale poorly.
  sharp.concurrency(init.sharpConcurrency);
}
let engine: Engine;
try {
  await loadRuntimesWithoutSourceMaps();
  engine = await createEngine(init.limits, init.tasks);
} catch (err) {
  port.postMessage({ type: 'init-error', error: serializeError(err) });
  // Let the pool see the exit; it decides whether to retry.
  process.exit(1);
}

// Jobs run one at a time, in the order they came: the pool may send the next job while one runs
// (protocol.ts), so that the worker never waits for the main thread between two jobs.
const waiting: RunMessage[] = [];
const cancelled = new Set<number>();
let running = false;

async function drain(): Promise<void> {
  running = true;
  for (let msg = waiting.shift(); msg; msg = waiting.shift()) {
    if (cancelled.delete(msg.id)) {
      port.postMessage({ type: 'error', id: msg.id, error: serializeError(new TaskAbortedError()) });
      continue;
    }
    const image = Buffer.from(msg.image.buffer, msg.image.byteOffset, msg.image.byteLength);
    try {
      port.postMessage({
        type: 'result',
        id: msg.id,
        result: await engine.run(msg.task, { image, params: msg.params }),
      });
    } catch (err) {
      port.postMessage({ type: 'error', id: msg.id, error: serializeError(err) });
    }
  }
  running = false;
}

port.onMessage((msg: ToWorker) => {
  if (msg.type === 'cancel') {
    if (waiting.some((m) => m.id === msg.id)) cancelled.add(msg.id);
    return;
  }
  if (msg.type !== 'run') return;
  waiting.push(msg);
  if (!running) void drain();
});

port.postMessage({ type: 'ready' });

/**
 * Engine worker thread: loads every algorithm's models once, reports 'ready', then runs jobs one
 * at a time as the pool sends them. Errors go back serialised so the pool can re-create the same
 * class (ImageInputError with its code, ...).
 */
import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { createEngine, type Engine } from '../engine.ts';
import { serializeError } from '../errors.ts';
import type { FromWorker, ToWorker, WorkerInit } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('pool/worker.ts must run inside a worker thread');

function post(msg: FromWorker): void {
  port?.postMessage(msg);
}

const init = (workerData ?? {}) as WorkerInit;
if (init.sharpConcurrency !== undefined) {
  // libvips' thread count is process-wide, so this also applies to sharp on the main thread.
  // One thread per operation keeps each worker on one core: measured on this 2-core machine, a
  // single worker otherwise used 1.25 cores (libvips decode/resize threads), which makes a second
  // worker scale poorly.
  sharp.concurrency(init.sharpConcurrency);
}
let engine: Engine;
try {
  engine = await createEngine(init.limits);
} catch (err) {
  post({ type: 'init-error', error: serializeError(err) });
  // Let the pool see the exit; it decides whether to retry.
  process.exit(1);
}

port.on('message', (msg: ToWorker) => {
  if (msg.type !== 'run') return;
  const image = Buffer.from(msg.image.buffer, msg.image.byteOffset, msg.image.byteLength);
  engine.run(msg.task, { image, params: msg.params }).then(
    (result) => post({ type: 'result', id: msg.id, result }),
    (err: unknown) => post({ type: 'error', id: msg.id, error: serializeError(err) }),
  );
});

post({ type: 'ready' });

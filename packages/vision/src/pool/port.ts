/**
 * The worker's end of the pool protocol (protocol.ts): the parent thread for a worker thread, the
 * parent process for a worker process (local.ts, isolation 'process'). The engine worker and the
 * test stand-ins use it alike.
 */
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface PoolPort {
  postMessage(msg: FromWorker): void;
  onMessage(listener: (msg: ToWorker) => void): void;
}

export function poolPort(): PoolPort {
  const thread = parentPort;
  if (thread) {
    return {
      postMessage: (msg) => thread.postMessage(msg),
      onMessage: (listener) => thread.on('message', listener),
    };
  }
  if (process.send) {
    // A worker process ends with its pool, and only then: Ctrl-C in a terminal signals the whole
    // process group, and the pool, not each worker, decides how to shut down.
    process.on('disconnect', () => process.exit(0));
    process.on('SIGINT', () => {});
    return {
      postMessage: (msg) => void process.send?.(msg),
      onMessage: (listener) => process.on('message', listener),
    };
  }
  throw new Error('an engine worker must run in a worker thread or a forked process');
}

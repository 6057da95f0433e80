/**
 * A queue worker in a process of its own for the Redis backend's tests: an engine stand-in (no
 * models) served through startQueueWorker on REDIS_URL / INFERENCE_QUEUE. Tasks: `echo` answers
 * what it received (bytes as a Buffer), `slow` answers after `params.ms`, `bad` fails as a bad
 * image does. It prints `ready` once serving and `start <task>` when a job starts; the tests kill
 * it with SIGKILL or stop it with SIGTERM.
 */
import { ImageInputError, UnknownTaskError, type InferenceBackend, type RunInput } from '@pixora/vision';
import { startQueueWorker } from '../src/platform/inference-worker.ts';

const backend: InferenceBackend = {
  async run<T>(task: string, input: RunInput): Promise<T> {
    process.stdout.write(`start ${task}\n`);
    const params = input.params ?? {};
    if (task === 'echo') return { pid: process.pid, image: Buffer.from(input.image), params } as T;
    if (task === 'slow') {
      await new Promise((r) => setTimeout(r, Number(params.ms ?? 1000)));
      return { pid: process.pid } as T;
    }
    if (task === 'bad') throw new ImageInputError('DECODE_FAILED', 'the image cannot be decoded');
    throw new UnknownTaskError(task);
  },
  ready: () => Promise.resolve(),
  stats: () => ({ workers: 1, busy: 0, queued: 0, maxQueue: 1, completed: 0 }),
  close: () => Promise.resolve(),
};

const worker = await startQueueWorker({
  redisUrl: process.env.REDIS_URL as string,
  queueName: process.env.INFERENCE_QUEUE as string,
  backend,
  concurrency: 1,
  tasks: ['echo', 'slow', 'bad'],
  heartbeatMs: 500,
  lockMs: 2_000,
  stalledIntervalMs: 1_000,
});
process.on('SIGTERM', () => {
  void worker.close().then(() => process.exit(0));
});
process.stdout.write('ready\n');

import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.ts';
import { UnknownTaskError } from '../src/errors.ts';
import { GROUP_FACES, groupSamplePath, read } from './fixtures.ts';

// A worker that serves a few capabilities loads only their models (WORKER_TASKS of `npm run worker`).
describe('an engine of some tasks only', () => {
  it('runs the tasks it loaded and answers UnknownTaskError for the others', async () => {
    const engine = await createEngine(undefined, ['facepoints']);
    const photo = read(groupSamplePath(5));
    const result = (await engine.run('facepoints', { image: photo })) as { faces: unknown[] };
    expect(result.faces).toHaveLength(GROUP_FACES[5]);
    await expect(engine.run('segment', { image: photo })).rejects.toBeInstanceOf(UnknownTaskError);
  }, 60_000);
});

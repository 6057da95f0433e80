import { describe, expect, it } from 'vitest';
import { runTaskInProcess } from '../src/index.ts';
import { SCENES, type AlbumResult, type SceneResult } from '../src/algorithms/image/scene-params.ts';
import { TaskParamsError } from '../src/errors.ts';
import { scenePhoto } from './scene-references.ts';

const scenesOf = async (name: string): Promise<SceneResult> =>
  (await runTaskInProcess('scene', { image: await scenePhoto(name) })) as SceneResult;
const top = (r: SceneResult) => r.labels.map((l) => l.label);

describe('scene: the five best scenes of real photos (test/fixtures/scene-labels.json)', () => {
  it('answers five different known scenes, best first, scores 0..1', async () => {
    const r = await scenesOf('leuvenA');
    expect(r.labels).toHaveLength(5);
    expect(new Set(top(r)).size).toBe(5);
    for (const l of r.labels) {
      expect(SCENES).toContain(l.label);
      expect(l.score).toBeGreaterThanOrEqual(0);
      expect(l.score).toBeLessThanOrEqual(1);
    }
    for (let i = 1; i < 5; i++) expect(r.labels[i]!.score).toBeLessThanOrEqual(r.labels[i - 1]!.score);
  });

  it.each([
    // A portrait's top 5 has portrait, first.
    ['astronaut', 'portrait', 1],
    ['sample1', 'portrait', 1],
    // A street of brick houses under the sky: building, city street and sky.
    ['leuvenA', 'building', 2],
    ['leuvenA', 'city_street', 2],
    ['leuvenA', 'sky', 5],
    ['building', 'building', 1],
    // A cat's face: animal first (BlazeFace's "face" on it counts half).
    ['chelsea', 'animal', 1],
    ['fruits', 'restaurant', 1],
    ['coffee', 'restaurant', 1],
    ['hubble', 'night', 1],
    ['picos', 'mountain', 1],
    ['bridge-wires', 'sky', 1],
    ['fresh-flower', 'plant', 1],
    ['messi', 'sports_field', 2],
    ['desk-things', 'indoor', 1],
  ])('%s: %s within the first %i', async (name, scene, within) => {
    expect(top(await scenesOf(name)).slice(0, within)).toContain(scene);
  });

  it('does not call a plain indoor photo mountain or snow (a white ceiling and a white shirt)', async () => {
    expect(top(await scenesOf('lamp-bird')).slice(0, 2)).not.toContain('mountain');
    expect(top(await scenesOf('bearded-man')).slice(0, 2)).not.toContain('snow');
  });

  it('refuses parameters that are not an object', () => {
    return expect(
      runTaskInProcess('scene', { image: Buffer.alloc(1), params: 3 as unknown as Record<string, unknown> }),
    ).rejects.toBeInstanceOf(TaskParamsError);
  });
});

describe('album: the main subjects of real photos', () => {
  const albumOf = async (name: string) =>
    ((await runTaskInProcess('album', { image: await scenePhoto(name) })) as AlbumResult).labels.map(
      (l) => l.label,
    );

  it.each([
    // The close-up cat: CenterNet's first look says dog; the zoomed-out second look says cat.
    ['chelsea', ['cat', 'animal'], ['dog']],
    ['astronaut', ['person', 'face'], []],
    ['messi', ['person', 'sports ball'], []],
    ['wine-room', ['bottle', 'wine glass'], []],
    ['car-rear', ['car'], []],
  ])('%s: names %j, not %j', async (name, present, absent) => {
    const labels = await albumOf(name);
    expect(labels).toEqual(expect.arrayContaining(present));
    for (const a of absent) expect(labels).not.toContain(a);
  });

  it('names no face on the cat (a BlazeFace face without a person box is not named)', async () => {
    expect(await albumOf('chelsea')).not.toContain('face');
  });
});

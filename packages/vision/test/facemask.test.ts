import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  FACEMASK_DEFAULTS,
  parseFaceMaskParams,
  type FaceMaskResult,
} from '../src/algorithms/face/facemask-params.ts';
import { MASK_RULE } from '../src/algorithms/face/facemask.ts';
import { astronautPath, coffeePath, groupSamplePath, photoPath, read } from './fixtures.ts';

const facemask = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<FaceMaskResult>('facemask', { image, params });

/** The demo sample: the astronaut with a light-blue synthetic mask (scripts/make-accessory-samples.ts). */
const maskedAstronaut = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/web/public/samples/masked-astronaut.jpg',
);

beforeAll(async () => {
  await getInProcessEngine();
});

describe('facemask on real photos', () => {
  it('finds the astronaut’s bare face: no mask, her face boxed', async () => {
    const r = await facemask(read(astronautPath()));
    expect([r.image_width, r.image_height, r.face_num]).toEqual([512, 512, 1]);
    const face = r.faces[0]!;
    expect(face.attributes.mask.value).toBe(0);
    expect(face.attributes.mask.score).toBeLessThan(MASK_RULE.threshold);
    // Her face is around (220, 120).
    const b = face.face_rectangle;
    expect(b.left).toBeLessThan(220);
    expect(b.left + b.width).toBeGreaterThan(220);
    expect(b.top).toBeLessThan(120);
  });

  it('sees the mask drawn over her nose and mouth', async () => {
    const r = await facemask(read(maskedAstronaut));
    expect(r.face_num).toBe(1);
    expect(r.faces[0]!.attributes.mask).toMatchObject({ value: 1 });
    expect(r.faces[0]!.attributes.mask.score).toBeGreaterThanOrEqual(MASK_RULE.threshold);
  });

  it('calls none of the four bare faces of sample 6 masked, left to right', async () => {
    const r = await facemask(read(groupSamplePath(6)));
    expect(r.face_num).toBe(4);
    expect(r.faces.map((f) => f.attributes.mask.value)).toEqual([0, 0, 0, 0]);
    const lefts = r.faces.map((f) => f.face_rectangle.left);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
  });

  // Real masked and bare faces labelled by eye: test/fixtures/facemask-real-labels.json.
  it('sees the real surgical mask of a woman in a headscarf, and no mask on two studio portraits', async () => {
    const masked = await facemask(
      read(await photoPath('fixture:photos/accessories/ropensci-chozayel-mask.jpg')),
    );
    expect(masked.face_num).toBe(1);
    expect(masked.faces[0]!.attributes.mask.value).toBe(1);
    for (const file of ['fixture:photos/congress/H000874.jpg', 'fixture:photos/congress/R000305.jpg']) {
      const bare = await facemask(read(await photoPath(file)));
      expect(
        bare.faces.map((f) => f.attributes.mask.value),
        file,
      ).toEqual([0]);
    }
  });

  it('answers no face on the coffee cup, and keeps max_face_num faces', async () => {
    expect(await facemask(read(coffeePath()))).toMatchObject({ face_num: 0, faces: [] });
    expect((await facemask(read(groupSamplePath(6)), { maxFaceNum: 2 })).face_num).toBe(2);
  });
});

describe('facemask parameters', () => {
  it('has defaults and refuses out-of-range values', () => {
    expect(parseFaceMaskParams({})).toEqual(FACEMASK_DEFAULTS);
    expect(() => parseFaceMaskParams({ maxFaceNum: 0 })).toThrow(TaskParamsError);
    expect(() => parseFaceMaskParams({ maxFaceNum: 2.5 })).toThrow(TaskParamsError);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  parsePetsParams,
  PETS_DEFAULTS,
  type PetsResult,
} from '../src/algorithms/recognition/catsanddogs-params.ts';
import { dropParts } from '../src/algorithms/recognition/catsanddogs.ts';
import { fuseRuns } from '../src/algorithms/recognition/objects.ts';
import { iou } from '../src/algorithms/body/humandetect.ts';
import {
  astronautPath,
  chelseaPath,
  debianFile,
  groupSamplePath,
  opencvDocPath,
  photoPath,
  read,
} from './fixtures.ts';

const pets = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<PetsResult>('catsanddogs', { image, params });

beforeAll(async () => {
  await getInProcessEngine();
});

/** A box marked in pet-boxes.json: [left, top, right, bottom]. */
type Marked = [number, number, number, number];

/** IoU of an answered animal's box with a marked box (humandetect's iou). */
function overlap(a: PetsResult['animals'][number], [left, top, right, bottom]: Marked): number {
  const b = a.animal_rectangle;
  return iou(
    { left: b.left, top: b.top, right: b.left + b.width, bottom: b.top + b.height, score: 1 },
    { left, top, right, bottom, score: 1 },
  );
}

describe('catsanddogs on real photos', () => {
  it('finds the cat in chelsea, labelled cat, boxed over its face', async () => {
    const r = await pets(read(chelseaPath()));
    expect(r.animal_num).toBe(1);
    const cat = r.animals[0]!;
    expect(cat.label).toBe('cat');
    // The cat fills the photo (451 x 300): its eyes are near (170, 115) and (320, 135).
    const b = cat.animal_rectangle;
    expect(b.left).toBeLessThan(170);
    expect(b.left + b.width).toBeGreaterThan(320);
    expect(b.width * b.height).toBeGreaterThan(0.5 * 451 * 300);
  });

  it('finds the German shepherd on the lawn, labelled dog', async () => {
    const r = await pets(read(await opencvDocPath('opencv4/html/Remap_Tutorial_Original_Image.jpg')));
    expect(r.animals.map((a) => a.label)).toEqual(['dog']);
  });

  it('finds the black dog standing in a winter forest (kphotoalbum demo), labelled dog', async () => {
    const r = await pets(read(await debianFile('kphotoalbum', '/usr/share/kphotoalbum/demo/donna.jpg')));
    // Marked at [316, 174, 472, 393] of the 800 x 532 photo (pet-boxes.json): one dog whose box
    // holds the dog's chest (395, 280) and no wider than a third of the photo.
    expect(r.animals.map((a) => a.label)).toEqual(['dog']);
    const b = r.animals[0]!.animal_rectangle;
    expect(b.left < 395 && b.left + b.width > 395 && b.top < 280 && b.top + b.height > 280).toBe(true);
    expect(b.width).toBeLessThan(800 / 3);
  });
  it('finds the cat and the poodle at the left of a row of two cats and two dogs (mediapipe-samples)', async () => {
    const r = await pets(read(await photoPath('fixture:photos/mediapipe-samples-cats_and_dogs.jpg')));
    // Marked (pet-boxes.json, 1200 x 600): cat [82, 402, 445, 600], poodle [390, 218, 640, 600],
    // corgi [615, 152, 908, 600], cat [882, 405, 1082, 600]. Today the corgi is answered cat and
    // the right cat's box runs into the corgi's (docs/quality.md): the left two are asserted.
    const at = (m: Marked) => r.animals.find((a) => overlap(a, m) >= 0.5);
    expect(at([82, 402, 445, 600])?.label).toBe('cat');
    expect(at([390, 218, 640, 600])?.label).toBe('dog');
    expect(r.animal_num).toBeGreaterThanOrEqual(3);
  });

  it.each([
    [
      'a kitten playing with yarn (gcompris)',
      'fixture:photos/gcompris-farm-cat.jpg',
      'cat',
      [190, 106, 1020, 562],
    ],
    [
      'a German shepherd on grass (gcompris)',
      'fixture:photos/gcompris-farm-dog.jpg',
      'dog',
      [25, 17, 568, 455],
    ],
    // Round 11 (report photos, boxes marked in pet-boxes.json before any detector ran on them).
    [
      'Maru the cat in a cardboard box (intransigence)',
      'fixture:photos/intransigence-maru.jpg',
      'cat',
      [265, 42, 402, 195],
    ],
    [
      'a golden retriever in autumn leaves (coremltools)',
      'fixture:photos/coremltools-golden-retriever.jpg',
      'dog',
      [153, 28, 585, 400],
    ],
  ] as const)('finds %s as one %s over the marked box', async (_, file, label, marked) => {
    const r = await pets(read(await photoPath(file)));
    expect(r.animal_num).toBe(1);
    expect(r.animals[0]!.label).toBe(label);
    expect(overlap(r.animals[0]!, [...marked])).toBeGreaterThanOrEqual(0.5);
  });

  it('finds both running dogs (google-coral), and the dog but not the horse beside a person (darknet)', async () => {
    const two = await pets(read(await photoPath('fixture:photos/coral-two-dogs.jpg')));
    for (const marked of [
      [105, 8, 262, 295],
      [345, 165, 498, 362],
    ] as Marked[])
      expect(two.animals.find((a) => overlap(a, marked) >= 0.5)?.label, String(marked)).toBe('dog');
    const beach = await pets(read(await photoPath('fixture:photos/darknet-person.jpg')));
    expect(beach.animals.map((a) => a.label)).toEqual(['dog']);
    expect(overlap(beach.animals[0]!, [65, 263, 200, 343])).toBeGreaterThanOrEqual(0.5);
  });

  it('finds no pet on an owl, a macaw, a chickadee, an eagle or a herd of horses', async () => {
    for (const name of ['coral-owl', 'coral-macaw', 'coral-chickadee', 'darknet-eagle', 'darknet-horses'])
      expect((await pets(read(await photoPath(`fixture:photos/${name}.jpg`)))).animal_num, name).toBe(0);
  });

  it('finds no pet among hens, a duck, an owl, a piglet, a sheep, a crab, a kingfisher, a pika or a hedgehog', async () => {
    const others =
      'farm-chicken farm-duck farm-owl farm-pig farm-sheep erase-crab erase-kingfisher erase-pika world-hedgehog';
    for (const name of others.split(' '))
      expect(
        (await pets(read(await photoPath(`fixture:photos/gcompris-${name}.jpg`)))).animal_num,
        name,
      ).toBe(0);
  });

  it('finds no pet on people (a portrait, a group) nor among cows', async () => {
    expect(await pets(read(astronautPath()))).toMatchObject({ animal_num: 0, animals: [] });
    expect(await pets(read(groupSamplePath(5)))).toMatchObject({ animal_num: 0, animals: [] });
    const cows = await pets(
      read(await opencvDocPath('opencv4/html/Histogram_Calculation_Original_Image.jpg')),
    );
    expect(cows.animal_num).toBe(0);
  });
});

describe('catsanddogs pieces', () => {
  it('fuses a "dog" and a "cat" box of one animal into one object with both scores', () => {
    const a = { left: 0, top: 0, right: 100, bottom: 100 };
    const fused = fuseRuns(
      [[{ ...a, score: 0.5, cls: 16 }], [{ ...a, left: 5, score: 0.3, cls: 15 }]],
      () => 0,
    );
    expect(fused).toHaveLength(1);
    expect(fused[0]!.scores.get(16)).toBeCloseTo(0.25);
    expect(fused[0]!.scores.get(15)).toBeCloseTo(0.15);
    expect(fused[0]!.left).toBeCloseTo((0 * 0.5 + 5 * 0.3) / 0.8);
  });

  it('keeps the whole animal, not its head, when the head box scores higher', () => {
    const head = { left: 10, top: 10, right: 40, bottom: 40, score: 0.6 };
    const whole = { left: 0, top: 0, right: 100, bottom: 100, score: 0.4 };
    expect(dropParts([head, whole])).toEqual([{ ...head, left: 0, top: 0, right: 100, bottom: 100 }]);
  });

  it('has defaults and refuses out-of-range values', () => {
    expect(parsePetsParams({})).toEqual(PETS_DEFAULTS);
    expect(parsePetsParams({ minScore: 0.5, maxAnimalNum: 3 })).toEqual({ minScore: 0.5, maxAnimalNum: 3 });
    expect(() => parsePetsParams({ minScore: 2 })).toThrow(TaskParamsError);
    expect(() => parsePetsParams({ maxAnimalNum: 0 })).toThrow(TaskParamsError);
  });
});

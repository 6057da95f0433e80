import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  BODY_14_POINTS,
  BODYPOSE_DEFAULTS,
  COCO_17_POINTS,
  parseBodyPoseParams,
  type BodyPosePerson,
  type BodyPoseResult,
} from '../src/algorithms/body/bodypose-params.ts';
import { coco17, headTopPoint, neckPoint, VISIBLE_SCORE } from '../src/algorithms/body/body14.ts';
import { inputGrid } from '../src/algorithms/body/bodypose.ts';
import type { Keypoint } from '../src/algorithms/kinds.ts';
import { astronautPath, cameraPath, chelseaPath, coffeePath, groupSamplePath, read } from './fixtures.ts';
import { BODY_REFERENCES } from './body-references.ts';

const bodypose = (image: Buffer, params?: Record<string, unknown>) =>
  runTaskInProcess<BodyPoseResult>('bodypose', { image, params });

const point = (points: Keypoint[], name: string): Keypoint => {
  const p = points.find((k) => k.name === name);
  if (!p) throw new Error(`no ${name}`);
  return p;
};

function inBox(p: Keypoint, person: BodyPosePerson): boolean {
  const { left, top, width, height } = person.person_rectangle;
  return p.x >= left && p.x <= left + width && p.y >= top && p.y <= top + height;
}

const seen = (person: BodyPosePerson): Keypoint[] =>
  [...person.keypoints, ...person.model_keypoints].filter((k) => k.score >= VISIBLE_SCORE);

beforeAll(async () => {
  await getInProcessEngine();
});

describe('bodypose on the astronaut (one woman, seated, holding a helmet)', () => {
  let result: BodyPoseResult;
  let person: BodyPosePerson;
  const ref = BODY_REFERENCES.astronaut!.persons[0]!;
  // Within a quarter of her head's height (155 px) of where a person marked the part.
  const near = (p: Keypoint, name: string): number =>
    Math.hypot(p.x - ref.points[name]![0], p.y - ref.points[name]![1]) / ref.headHeight;

  beforeAll(async () => {
    result = await bodypose(read(astronautPath()));
    person = result.persons[0]!;
  });

  it('finds her alone, with both layouts in their order', () => {
    expect([result.image_width, result.image_height, result.person_num]).toEqual([512, 512, 1]);
    expect(person.keypoints.map((k) => k.name)).toEqual([...BODY_14_POINTS]);
    expect(person.model_keypoints.map((k) => k.name)).toEqual([...COCO_17_POINTS]);
    expect(person.score).toBeGreaterThan(0.4);
  });

  it('boxes her (not the helmet nor the flag) and keeps every seen point inside the box', () => {
    const box = person.person_rectangle;
    expect(box.left).toBeLessThan(60); // her left sleeve reaches x ~20
    expect(box.top).toBeLessThan(40); // her hair starts at y ~16
    expect(box.left + box.width).toBeGreaterThan(300);
    expect(box.left + box.width).toBeLessThan(420); // the helmet reaches x 512
    for (const p of seen(person)) expect(inBox(p, person), p.name).toBe(true);
  });

  it('puts her face, shoulders and right hand where they are in the photo', () => {
    const kp = person.model_keypoints;
    for (const name of ['nose', 'right_eye', 'left_eye', 'right_shoulder', 'left_shoulder', 'right_wrist']) {
      expect(point(kp, name).score, name).toBeGreaterThanOrEqual(VISIBLE_SCORE);
      expect(near(point(kp, name), name), name).toBeLessThan(0.25);
    }
    // Her own left is on the image's right.
    expect(point(kp, 'left_eye').x).toBeGreaterThan(point(kp, 'right_eye').x);
    expect(point(kp, 'left_shoulder').x).toBeGreaterThan(point(kp, 'right_shoulder').x + 150);
    // Shoulders well below the eyes, the right wrist (her gloved hand at the bottom) below them.
    expect(point(kp, 'right_shoulder').y).toBeGreaterThan(point(kp, 'right_eye').y + 100);
    expect(point(kp, 'left_shoulder').y).toBeGreaterThan(point(kp, 'left_eye').y + 100);
    expect(point(kp, 'right_wrist').y).toBeGreaterThan(430);
    // Her left hand is behind the helmet: not seen.
    expect(point(kp, 'left_wrist').score).toBeLessThan(VISIBLE_SCORE);
  });

  it('derives the neck between the shoulders and the head top above the eyes', () => {
    const k14 = person.keypoints;
    const [rs, ls, neck, top] = ['right_shoulder', 'left_shoulder', 'neck', 'head_top'].map((n) =>
      point(k14, n),
    ) as [Keypoint, Keypoint, Keypoint, Keypoint];
    expect(neck.x).toBeCloseTo((rs.x + ls.x) / 2, 0);
    expect(neck.y).toBeCloseTo((rs.y + ls.y) / 2, 0);
    expect(neck.score).toBe(Math.min(rs.score, ls.score));
    expect(top.y).toBeLessThan(point(person.model_keypoints, 'left_eye').y - 50);
    expect(near(top, 'head_top')).toBeLessThan(0.25);
    expect(top.score).toBeGreaterThanOrEqual(VISIBLE_SCORE);
  });

  it('rounds pixels to 0.1 and scores to 4 decimals', () => {
    for (const p of [...person.keypoints, ...person.model_keypoints]) {
      expect(Math.round(p.x * 10) / 10).toBe(p.x);
      expect(Math.round(p.score * 1e4) / 1e4).toBe(p.score);
    }
    for (const v of Object.values(person.person_rectangle)) expect(Math.round(v * 10) / 10).toBe(v);
  });

  it('answers in the displayed orientation for an EXIF-rotated file', async () => {
    const upright = await sharp(read(astronautPath())).jpeg({ quality: 95 }).toBuffer();
    const rotated = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const [a, b] = [await bodypose(upright), await bodypose(rotated)];
    expect([b.image_width, b.image_height, b.person_num]).toEqual([512, 512, 1]);
    for (const name of ['nose', 'left_shoulder', 'right_shoulder']) {
      const pa = point(a.persons[0]!.model_keypoints, name);
      const pb = point(b.persons[0]!.model_keypoints, name);
      expect(Math.hypot(pa.x - pb.x, pa.y - pb.y), name).toBeLessThan(8);
    }
  });
});

describe('bodypose on other photos', () => {
  it('finds the cameraman, facing right: his right side towards the camera', async () => {
    const r = await bodypose(read(cameraPath()));
    expect(r.person_num).toBe(1);
    const kp = r.persons[0]!.model_keypoints;
    expect(point(kp, 'right_ear').score).toBeGreaterThanOrEqual(VISIBLE_SCORE);
    // Nose in front of (right of) the ear, as he looks right into the camera's eyepiece.
    expect(point(kp, 'nose').x).toBeGreaterThan(point(kp, 'right_ear').x + 30);
  });

  it.each([
    [1, 3],
    [2, 3],
    [3, 3],
    [4, 4],
    [6, 4],
  ] as const)(
    'finds every person of face-api sample %i (%i), left to right, points in their boxes',
    async (n, count) => {
      const r = await bodypose(read(groupSamplePath(n)));
      expect(r.person_num).toBe(count);
      const lefts = r.persons.map((p) => p.person_rectangle.left);
      expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
      for (const person of r.persons) {
        for (const p of seen(person)) expect(inBox(p, person), p.name).toBe(true);
        expect(point(person.keypoints, 'head_top').y).toBeLessThan(point(person.keypoints, 'neck').y);
      }
    },
  );

  it('finds at least three of the five people on the stairs of sample 5', async () => {
    // A known limit at the shipped input size (docs/quality.md "Body pose"): it misses the woman at
    // the bottom edge (only her head and shoulders in the frame) and the one half hidden behind
    // her; at 256 x 256 all five are found, for about twice the time.
    const r = await bodypose(read(groupSamplePath(5)));
    expect(r.person_num).toBeGreaterThanOrEqual(3);
    expect(r.person_num).toBeLessThanOrEqual(5);
  });

  it('finds no one on the cat and the coffee cup', async () => {
    for (const photo of [chelseaPath(), coffeePath()]) {
      const r = await bodypose(read(photo));
      expect(r.persons, photo).toEqual([]);
      expect(r.person_num).toBe(0);
    }
  });

  it('keeps the best maxPersonNum people and drops those under minScore', async () => {
    const all = await bodypose(read(groupSamplePath(4)));
    const two = await bodypose(read(groupSamplePath(4)), { maxPersonNum: 2 });
    expect(two.person_num).toBe(2);
    const best = [...all.persons].sort((a, b) => b.score - a.score).slice(0, 2);
    expect(two.persons.map((p) => p.score).sort()).toEqual(best.map((p) => p.score).sort());
    expect((await bodypose(read(groupSamplePath(4)), { minScore: 0.99 })).persons).toEqual([]);
  });
});

describe('bodypose parameters', () => {
  it('fall back to the defaults and accept valid values', () => {
    expect(parseBodyPoseParams(undefined)).toEqual(BODYPOSE_DEFAULTS);
    expect(parseBodyPoseParams({ maxPersonNum: 3, minScore: 0 })).toEqual({ maxPersonNum: 3, minScore: 0 });
  });

  it.each([
    [{ maxPersonNum: 0 }, 'maxPersonNum must be an integer between 1 and 6'],
    [{ maxPersonNum: 7 }, 'maxPersonNum must be an integer between 1 and 6'],
    [{ maxPersonNum: 2.5 }, 'maxPersonNum must be an integer between 1 and 6'],
    [{ minScore: -0.1 }, 'minScore must be a number between 0 and 1'],
    [{ minScore: '0.5' }, 'minScore must be a number between 0 and 1'],
    [[], 'params must be an object'],
  ])('refuse %j', (raw, message) => {
    expect(() => parseBodyPoseParams(raw as Record<string, unknown>)).toThrow(TaskParamsError);
    expect(() => parseBodyPoseParams(raw as Record<string, unknown>)).toThrow(message);
  });
});

describe('the derived points (body14.ts)', () => {
  // A frontal upright head: eyes 63 px apart (10 px per cm), ears 145 px apart, shoulders below.
  const frontal = (): ReturnType<typeof coco17> => {
    const pts = COCO_17_POINTS.map(() => ({ x: 0, y: 0, score: 0.05 }));
    const kp = coco17(pts);
    Object.assign(kp, {
      nose: { x: 500, y: 232, score: 0.9 },
      right_eye: { x: 468.5, y: 200, score: 0.9 },
      left_eye: { x: 531.5, y: 200, score: 0.9 },
      right_ear: { x: 427.5, y: 205, score: 0.7 },
      left_ear: { x: 572.5, y: 205, score: 0.7 },
      right_shoulder: { x: 320, y: 420, score: 0.8 },
      left_shoulder: { x: 680, y: 430, score: 0.6 },
    });
    return kp;
  };

  it('neck: the shoulders midpoint, as sure as the less sure shoulder', () => {
    expect(neckPoint(frontal())).toEqual({ x: 500, y: 425, score: 0.6 });
  });

  it('head_top: 12 cm above the eyes and ears along the face up direction', () => {
    const top = headTopPoint(frontal());
    // Scale 10 px/cm (eyes and ears agree, the nose and shoulders give less); centre (500, 202.5);
    // 120 px straight up.
    expect(top.x).toBeCloseTo(500, 5);
    expect(top.y).toBeCloseTo(82.5, 5);
    expect(top.score).toBeCloseTo((0.9 * 3 + 0.7 * 2) / 5, 10);
  });

  it('head_top follows a head tilted onto the shoulder (eye line at 90 degrees)', () => {
    const kp = frontal();
    // The head lies on its right side: its up direction points to the image's left.
    Object.assign(kp, {
      nose: { x: 532, y: 200, score: 0.9 },
      right_eye: { x: 500, y: 231.5, score: 0.9 },
      left_eye: { x: 500, y: 168.5, score: 0.9 },
      right_ear: { x: 505, y: 272.5, score: 0.1 },
      left_ear: { x: 505, y: 127.5, score: 0.1 },
    });
    const top = headTopPoint(kp);
    expect(top.x).toBeCloseTo(500 - 120, 5);
    expect(top.y).toBeCloseTo(200, 5);
  });

  it('head_top of a profile (one eye and one ear seen): across the eye-ear line, away from the nose', () => {
    const kp = frontal();
    Object.assign(kp, {
      nose: { x: 590, y: 230, score: 0.9 },
      right_eye: { x: 560, y: 200, score: 0.8 },
      left_eye: { x: 565, y: 200, score: 0.1 },
      right_ear: { x: 475, y: 205, score: 0.8 },
      left_ear: { x: 470, y: 205, score: 0.1 },
      right_shoulder: { x: 500, y: 420, score: 0.8 },
      left_shoulder: { x: 540, y: 420, score: 0.6 },
    });
    const top = headTopPoint(kp);
    // Scale from the eye and the ear (85.1 px / 9 cm), the largest ratio (nose-ear 117.7 / 12.5,
    // nose-eye 42.4 / 5.3); centre between them (517.5, 202.5); up = the normal of ear -> eye
    // (85, -5) on the side away from the nose.
    const d = Math.hypot(85, -5);
    const reach = 12 * (d / 9);
    expect(top.x).toBeCloseTo(517.5 + (-5 / d) * reach, 5);
    expect(top.y).toBeCloseTo(202.5 - (85 / d) * reach, 5);
  });

  it('head_top of a body leaning forward in profile goes up the head, not along the neck', () => {
    // The cameraman's points as the model gives them (skimage camera.png): he leans into the
    // eyepiece, so the neck-to-face direction points forward; the ear-eye line says where up is.
    const kp = frontal();
    Object.assign(kp, {
      nose: { x: 245.8, y: 161.7, score: 0.39 },
      left_eye: { x: 247.5, y: 147.6, score: 0.4 },
      right_eye: { x: 234, y: 145.4, score: 0.55 },
      left_ear: { x: 219.3, y: 141.2, score: 0.42 },
      right_ear: { x: 188.7, y: 138.6, score: 0.69 },
      left_shoulder: { x: 207.3, y: 197, score: 0.63 },
      right_shoulder: { x: 98.7, y: 169.3, score: 0.48 },
    });
    const top = headTopPoint(kp);
    // Above the centre of the head (222, 143): within 15 degrees of straight up.
    expect(top.y).toBeLessThan(143 - 40);
    expect(Math.abs(top.x - 222.4)).toBeLessThan(Math.tan((15 * Math.PI) / 180) * (143 - top.y));
  });

  it('input grid: multiples of 32 within 192 x 192 pixels, shaped like the photo', () => {
    expect(inputGrid(640, 640)).toEqual({ width: 192, height: 192 });
    expect(inputGrid(1920, 1280)).toEqual({ width: 224, height: 160 });
    expect(inputGrid(1280, 1920)).toEqual({ width: 160, height: 224 });
  });
});

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runTaskInProcess, TaskParamsError } from '../src/index.ts';
import { getInProcessEngine } from '../src/engine.ts';
import {
  EFFECT_CHAINS,
  EFFECTS,
  parseEffectsParams,
  type EffectsResult,
} from '../src/algorithms/image/effects-params.ts';
import { astronautPath, coffeePath, groupSamplePath } from './fixtures.ts';
import { facesKept, meanDifference } from './style-measures.ts';

const jpeg = async (file: string, side?: number) => {
  const p = sharp(file).removeAlpha();
  if (side) p.resize(side, side, { fit: 'inside' });
  return p.jpeg({ quality: 92 }).toBuffer();
};

const difference = meanDifference;

let astronaut: Buffer;
const results = new Map<string, EffectsResult>();

beforeAll(async () => {
  await getInProcessEngine();
  astronaut = await jpeg(astronautPath());
  for (const effect of EFFECTS)
    results.set(
      effect,
      await runTaskInProcess<EffectsResult>('aieffects', { image: astronaut, params: { effect } }),
    );
}, 120_000);

describe('aieffects chains on the astronaut', () => {
  it('has at least 6 effects, each a chain of two or more engine tasks', () => {
    expect(EFFECTS.length).toBeGreaterThanOrEqual(6);
    for (const effect of EFFECTS) expect(EFFECT_CHAINS[effect].length, effect).toBeGreaterThanOrEqual(2);
  });

  it.each(EFFECTS)(
    '%s: changes the photo visibly, keeps its size and her face detectable',
    async (effect) => {
      const result = results.get(effect)!;
      const out = Buffer.from(result.images.media_data.bytes);
      expect(result.answer).toMatchObject({ image_width: 512, image_height: 512, effect });
      expect(result.answer.steps).toEqual(EFFECT_CHAINS[effect].map((s) => s.task));
      expect(await difference(astronaut, out)).toBeGreaterThan(4);
      const faces = await facesKept(astronaut, out);
      expect(faces.kept, effect).toBe(1);
    },
  );

  it('the effects differ from one another', async () => {
    const outs = EFFECTS.map((e) => Buffer.from(results.get(e)!.images.media_data.bytes));
    for (let i = 0; i < outs.length; i++)
      for (let j = i + 1; j < outs.length; j++)
        expect(await difference(outs[i]!, outs[j]!), `${EFFECTS[i]} vs ${EFFECTS[j]}`).toBeGreaterThan(3);
  });

  it('reports the faces its face steps found: one here, none for an effect without a face step', () => {
    expect(results.get('portrait_glow')!.answer.face_num).toBe(1);
    expect(results.get('old_film')!.answer.face_num).toBe(0);
  });
});

describe('aieffects on other photos and parameters', () => {
  it('answers a photo without a face (the coffee cup): the face steps leave it, the others apply', async () => {
    const coffee = await jpeg(coffeePath());
    const result = await runTaskInProcess<EffectsResult>('aieffects', {
      image: coffee,
      params: { effect: 'cute' },
    });
    expect(result.answer.face_num).toBe(0);
    expect(await difference(coffee, Buffer.from(result.images.media_data.bytes))).toBeGreaterThan(2);
  });

  it('keeps the faces of a group photo (face-api sample 1) under the comic effect', async () => {
    const group = await jpeg(groupSamplePath(1), 640);
    const result = await runTaskInProcess<EffectsResult>('aieffects', {
      image: group,
      params: { effect: 'comic' },
    });
    const faces = await facesKept(group, Buffer.from(result.images.media_data.bytes));
    expect(result.answer.face_num).toBe(faces.found);
    expect(faces.kept).toBe(faces.found);
  });

  it('refuses an unknown effect and takes portrait_glow by default', () => {
    expect(parseEffectsParams(undefined)).toEqual({ effect: 'portrait_glow' });
    expect(() => parseEffectsParams({ effect: 'nope' })).toThrow(TaskParamsError);
    expect(() => parseEffectsParams({ effect: 3 })).toThrow(/effect must be one of portrait_glow, comic/);
  });
});

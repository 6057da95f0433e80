/**
 * aieffects (v1/mtai, "AI effects"): the named chains of existing engine tasks, parameter and
 * result types. Kept apart from the chain runner so that importing them (the gateway, the tests)
 * loads nothing.
 *
 * Each effect is a documented chain: the tasks it runs, in order, with the parameters each gets
 * (in the tasks' own names, checked by the tasks' own parsers when the chain runs). Nothing here
 * edits pixels: every step is another capability's engine task.
 */
import { TaskParamsError } from '../../errors.ts';
import type { ImageSize, ImageTaskResult } from '../kinds.ts';

/** One step: an engine task and its parameters. */
export interface EffectStep {
  task: 'beautify' | 'filter' | 'cartoon' | 'artstyle' | 'lineart' | 'emojmaterial' | 'beard' | 'hdr';
  params: Record<string, unknown>;
}

/** The effects, in the order the demo offers them, with their chains. */
export const EFFECT_CHAINS = {
  // v1/beauty's retouch, then v1/filter's airy look: soft, bright skin in a light, airy grade.
  portrait_glow: [
    { task: 'beautify', params: { smooth: 70, whiten: 40, blemish: 60, eyeBright: 40 } },
    { task: 'filter', params: { filterType: 'airy', filterAlpha: 80 } },
  ],
  // v1/AICartoonStyle1's comic style, then v1/EmojMaterialH5's party hat.
  comic: [
    { task: 'cartoon', params: { style: 'comic' } },
    { task: 'emojmaterial', params: { materials: 'party_hat' } },
  ],
  // v1/beauty, then cat ears and blush (v1/EmojMaterialH5), then v1/filter's pastel look.
  cute: [
    { task: 'beautify', params: { smooth: 60, whiten: 30, blemish: 50, eyeBright: 40 } },
    { task: 'emojmaterial', params: { materials: 'cat_ears,blush' } },
    { task: 'filter', params: { filterType: 'pastel', filterAlpha: 70 } },
  ],
  // v1/beauty's smoothing, then v1/mtstyle's oil painting.
  oil_portrait: [
    { task: 'beautify', params: { smooth: 50, whiten: 20, blemish: 50, eyeBright: 20 } },
    { task: 'artstyle', params: { style: 'oil', strength: 85 } },
  ],
  // v1/mtstyle's pop art, then a crown (v1/EmojMaterialH5).
  pop_star: [
    { task: 'artstyle', params: { style: 'pop_art', strength: 90 } },
    { task: 'emojmaterial', params: { materials: 'crown' } },
  ],
  // v1/hdr's local tone mapping, then v1/filter's vintage look.
  old_film: [
    { task: 'hdr', params: { strength: 40 } },
    { task: 'filter', params: { filterType: 'vintage', filterAlpha: 100 } },
  ],
  // v1/AICartoonStyle2's line drawing, then v1/filter's sepia: a drawing on old paper.
  sketchbook: [
    { task: 'lineart', params: { lineWeight: 2, detail: 60 } },
    { task: 'filter', params: { filterType: 'sepia', filterAlpha: 70 } },
  ],
  // v1/beard's handlebar moustache, then v1/filter's cinematic grade.
  gentleman: [
    { task: 'beard', params: { style: 'handlebar', color: 'brown' } },
    { task: 'filter', params: { filterType: 'cinematic', filterAlpha: 80 } },
  ],
  // v1/AICartoonStyle1's anime style, then v1/filter's fresh look.
  anime_dream: [
    { task: 'cartoon', params: { style: 'anime' } },
    { task: 'filter', params: { filterType: 'fresh', filterAlpha: 70 } },
  ],
} as const satisfies Record<string, readonly EffectStep[]>;

export type Effect = keyof typeof EFFECT_CHAINS;
export const EFFECTS = Object.keys(EFFECT_CHAINS) as Effect[];

export interface EffectsParams {
  effect: Effect;
}

export const EFFECTS_DEFAULTS: Readonly<EffectsParams> = Object.freeze({ effect: 'portrait_glow' });

export interface EffectsAnswer extends ImageSize {
  effect: Effect;
  /** The engine tasks run, in order. */
  steps: string[];
  /** Faces the chain's face steps found (the most any of them found); 0 when it has none. */
  face_num: number;
}

/** `images.media_data`: the photo after the whole chain, a JPEG of the input's size. */
export type EffectsResult = ImageTaskResult<EffectsAnswer>;

export function parseEffectsParams(raw: Record<string, unknown> | undefined): EffectsParams {
  if (raw === undefined || raw === null) return { ...EFFECTS_DEFAULTS };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new TaskParamsError('params must be an object');
  const effect = raw.effect ?? EFFECTS_DEFAULTS.effect;
  if (typeof effect !== 'string' || !(EFFECTS as string[]).includes(effect))
    throw new TaskParamsError(`effect must be one of ${EFFECTS.join(', ')}`);
  return { effect: effect as Effect };
}

import { describe, expect, it } from 'vitest';
import {
  checkMakeupLook,
  MAKEUP_LOOKS,
  MAKEUP_PARTS,
  parseMakeupParams,
} from '../src/algorithms/face/retouch-tasks-params.ts';
import { TaskParamsError } from '../src/errors.ts';

/** Makeup looks given as data (uploaded makeup-look materials): the rule the upload and the engine share. */
describe('checkMakeupLook', () => {
  it('accepts every bundled look written as data, colours in lower case', () => {
    for (const look of Object.values(MAKEUP_LOOKS)) expect(checkMakeupLook(look)).toEqual(look);
    const upper = { ...MAKEUP_LOOKS.rose, lipstick: { color: '#C2456B', strength: 60 } };
    expect(checkMakeupLook(upper).lipstick.color).toBe('#c2456b');
  });

  it('refuses a look that is not whole: a part missing or extra, a bad colour or strength', () => {
    const rose = MAKEUP_LOOKS.rose;
    const bad: unknown[] = [
      null,
      [],
      'rose',
      { lipstick: rose.lipstick },
      { ...rose, glitter: rose.blush },
      { ...rose, blush: { color: 'pink', strength: 30 } },
      { ...rose, blush: { color: '#f08aa0', strength: 101 } },
      { ...rose, blush: { color: '#f08aa0', strength: '30' } },
      { ...rose, blush: { color: '#f08aa0', strength: 30, shine: 1 } },
    ];
    for (const look of bad)
      expect(() => checkMakeupLook(look), JSON.stringify(look)).toThrow(TaskParamsError);
  });

  it('parseMakeupParams runs an uploaded look by its value m<id>, request colours still replacing its own', () => {
    const parts = { ...MAKEUP_LOOKS.nude, lipstick: { color: '#1e50dc', strength: 90 } };
    const p = parseMakeupParams({ look: 'm12', lookParts: parts, blush: 0 });
    expect(p.look).toBe('m12');
    expect(p.parts.lipstick).toEqual({ color: '#1e50dc', strength: 90 });
    expect(p.parts.blush.strength).toBe(0);
    expect(Object.keys(p.parts)).toEqual([...MAKEUP_PARTS]);
    // An uploaded look's parts come with its value only; a value without parts is no look.
    expect(() => parseMakeupParams({ look: 'rose', lookParts: parts })).toThrow(TaskParamsError);
    expect(() => parseMakeupParams({ look: 'm12' })).toThrow(TaskParamsError);
    expect(() => parseMakeupParams({ look: 'm12', lookParts: { lipstick: parts.lipstick } })).toThrow(
      TaskParamsError,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { DemoControl } from '@pixora/catalog';
import { initialValue, initialValues, optionLabel, parameterOf, widgetOf } from './controls.ts';
import { bodyPose, servedItem, styleFilter } from './kindTesting.ts';

const control = (fields: Partial<DemoControl> & Pick<DemoControl, 'type'>): DemoControl => ({
  name: 'p',
  description: { zh: '参数', zh_tw: '參數', en: 'A parameter' },
  ...fields,
});

describe('the controls of a kind demo', () => {
  it('offer each parameter of the contract by its type', () => {
    const controls = servedItem('styleFilter', styleFilter).extension.demo!.controls;
    expect(controls.map((c) => [c.name, widgetOf(c)])).toEqual([
      ['strength', 'slider'],
      ['style', 'radio'],
      // The contract's switch (flag) reaches the menu with its default: a switch.
      ['keep_colour', 'switch'],
      ['seed', 'integer'],
    ]);
    expect(widgetOf(control({ type: 'boolean', default: false }))).toBe('switch');
    expect(widgetOf(control({ type: 'integer', options: [0, 1], default: 1 }))).toBe('switch');
    expect(widgetOf(control({ type: 'boolean' }))).toBe('radio');
    expect(widgetOf(control({ type: 'number', minimum: 0, maximum: 1 }))).toBe('number');
    expect(widgetOf(control({ type: 'number', minimum: -100, maximum: 100 }))).toBe('slider');
    expect(widgetOf(control({ type: 'number', minimum: -1, maximum: 100 }))).toBe('number');
    expect(widgetOf(control({ type: 'integer', minimum: 0, maximum: 100 }))).toBe('integer');
    expect(widgetOf(control({ type: 'integer', options: [0, 1, 2] }))).toBe('radio');
    expect(widgetOf(control({ type: 'string' }))).toBe('text');
    const looks = control({
      type: 'string',
      options: ['warm', 'mono'],
      optionNames: {
        warm: { zh: '暖阳', zh_tw: '暖陽', en: 'Warm' },
        mono: { zh: '黑白', zh_tw: '黑白', en: 'Mono' },
      },
      optionPreviews: { warm: '/samples/filters/warm.jpg', mono: '/samples/filters/mono.jpg' },
      default: 'mono',
    });
    expect([widgetOf(looks), initialValue(looks), optionLabel(looks, 'warm', 'zh_tw')]).toEqual([
      'pictures',
      'mono',
      '暖陽',
    ]);
    expect(optionLabel(control({ type: 'string', options: ['a'] }), 'a', 'en')).toBe('a');
  });

  it('start from the defaults and send every value given, nothing for an empty one', () => {
    const controls = servedItem('styleFilter', styleFilter).extension.demo!.controls;
    const values = initialValues(controls);
    expect(values).toEqual({ strength: 70, style: 'oil', keep_colour: 1, seed: undefined });
    expect(parameterOf(controls, values)).toEqual({ strength: 70, style: 'oil', keep_colour: 1 });
    expect(parameterOf(controls, { ...values, keep_colour: 0, seed: 7, style: '' })).toEqual({
      strength: 70,
      keep_colour: 0,
      seed: 7,
    });
    expect(initialValue(control({ type: 'boolean', default: true }))).toBe(true);
    expect(initialValue(control({ type: 'integer', options: [0, 1], default: 0 }))).toBe(0);
    expect(initialValue(control({ type: 'boolean' }))).toBeUndefined();
    expect(initialValue(control({ type: 'string', options: ['a', 'b'], default: 'c' }))).toBeUndefined();
  });

  it('leave out what the demo must not offer (rsp_media_type) and keep the limits', () => {
    const [count] = servedItem('bodyPose', bodyPose).extension.demo!.controls;
    expect(count).toMatchObject({
      name: 'max_person_num',
      type: 'integer',
      minimum: 1,
      maximum: 6,
      default: 6,
    });
    const image = servedItem('styleFilter', styleFilter).extension.demo!.controls.map((c) => c.name);
    expect(image).not.toContain('rsp_media_type');
  });
});

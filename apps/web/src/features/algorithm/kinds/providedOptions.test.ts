import { describe, expect, it } from 'vitest';
import type { DemoControl } from '@pixora/catalog';
import { widgetOf } from './controls.ts';
import { withProvidedOptions } from './providedOptions.ts';

const material: DemoControl = {
  name: 'material',
  type: 'string',
  default: 'cat_ears',
  options: ['glasses', 'cat_ears'],
  optionNames: {
    glasses: { zh: '圆框眼镜', zh_tw: '圓框眼鏡', en: 'Round glasses' },
    cat_ears: { zh: '猫耳朵', zh_tw: '貓耳朵', en: 'Cat ears' },
  },
  optionPreviews: { glasses: '/samples/stickers/glasses.png', cat_ears: '/samples/stickers/cat_ears.png' },
  optionsUrl: '/api/v1/materials?type=sticker',
  description: { zh: '贴纸', zh_tw: '貼紙', en: 'The sticker' },
};

describe('a provided choice in the demo', () => {
  it('offers the bundled options until its list is read, then the list’s, in its order, with names and pictures', () => {
    expect(withProvidedOptions(material, undefined)).toBe(material);
    const listed = withProvidedOptions(material, [
      {
        value: 'm12',
        name: { zh: '绿环', zh_tw: '綠環', en: 'Green ring' },
        preview: '/api/v1/materials/12/file',
      },
      { value: 'cat_ears', name: material.optionNames!.cat_ears!, preview: '/samples/stickers/cat_ears.png' },
    ]);
    // The disabled glasses are gone; the upload comes first, as the back office ordered it.
    expect(listed.options).toEqual(['m12', 'cat_ears']);
    expect(listed.optionNames?.m12?.en).toBe('Green ring');
    expect(listed.optionPreviews?.m12).toBe('/api/v1/materials/12/file');
    expect(widgetOf(listed)).toBe('pictures');
  });

  it('keeps buttons with names for a choice whose bundled options have no pictures (makeup looks)', () => {
    const look: DemoControl = {
      name: 'look',
      type: 'string',
      default: 'natural',
      options: ['natural', 'rose'],
      optionsUrl: '/api/v1/materials?type=makeup_look',
      description: { zh: '妆容', zh_tw: '妝容', en: 'The look' },
    };
    const listed = withProvidedOptions(look, [
      {
        value: 'natural',
        name: { zh: '自然', zh_tw: '自然', en: 'Natural' },
        preview: '/api/v1/materials/3/file',
      },
      {
        value: 'm40',
        name: { zh: '蓝唇', zh_tw: '藍唇', en: 'Blue lips' },
        preview: '/api/v1/materials/40/file',
      },
    ]);
    expect(listed.options).toEqual(['natural', 'm40']);
    expect(listed.optionNames?.m40?.en).toBe('Blue lips');
    expect(widgetOf(listed)).toBe('radio');
  });
});

import { describe, expect, it } from 'vitest';
import { imageSource, itemsOf, keypointsOf, rectangleOf, withoutImageData } from './answer.ts';

describe('reading an answer through a view', () => {
  it('takes only well-formed items, boxes and points', () => {
    const extra = {
      persons: [{ box: { left: 1, top: 2, width: 3, height: 4 } }, 'x', null, { box: { left: 1 } }],
    };
    const items = itemsOf(extra, 'persons');
    expect(items).toHaveLength(2);
    expect(rectangleOf(items[0]!, 'box')).toEqual({ left: 1, top: 2, width: 3, height: 4 });
    expect(rectangleOf(items[1]!, 'box')).toBeUndefined();
    expect(rectangleOf(items[0]!, undefined)).toBeUndefined();
    expect(itemsOf(extra, 'faces')).toEqual([]);
    expect(
      keypointsOf(
        {
          k: [
            { name: 'neck', x: 1, y: 2, score: 0.5 },
            { name: 'hip', x: 1 },
          ],
        },
        'k',
      ).map((p) => p.name),
    ).toEqual(['neck']);
  });

  it('shows base64 images as data URLs of their type, and addresses as they are', () => {
    expect(imageSource('/9j/4AAQ', 'jpg')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(imageSource('iVBORw0K', 'png')).toBe('data:image/png;base64,iVBORw0K');
    expect(imageSource('https://x.example/a.png', 'png')).toBe('https://x.example/a.png');
    expect(imageSource('', 'png')).toBeNull();
    expect(imageSource(undefined, 'png')).toBeNull();
  });

  it('shortens base64 images in the JSON view and leaves addresses', () => {
    const response = {
      parameter: {},
      extra: {},
      media_info_list: [
        {
          media_data: 'A'.repeat(4096),
          media_profiles: { media_data_type: 'png' },
          media_extra: { mask: 'B'.repeat(2048), other: 1 },
        },
      ],
    };
    const shown = withoutImageData(response, 'mask').media_info_list[0]!;
    expect(shown.media_data).toBe('<base64 PNG, 3 KB>');
    expect(shown.media_extra).toEqual({ mask: '<base64 PNG, 2 KB>', other: 1 });
    const url = { ...response.media_info_list[0]!, media_extra: { mask: 'https://x.example/m.png' } };
    expect(
      withoutImageData({ ...response, media_info_list: [url] }, 'mask').media_info_list[0]!.media_extra,
    ).toEqual({
      mask: 'https://x.example/m.png',
    });
  });
});

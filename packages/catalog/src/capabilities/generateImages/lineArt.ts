import { defineCapability } from '../../contract/define.ts';

export const lineArt = defineCapability({
  id: 158,
  key: 'lineArt',
  group: 'generateImages',
  slug: 'lineArt',
  endpoint: 'v1/AICartoonStyle2',
  kind: 'image',
  status: 3,
  doc: 227,
  name: ['线稿生成', '線稿生成', 'Line Art'],
  description: [
    '提取照片线条，生成线稿插画。',
    '提取照片線條，生成線稿插畫。',
    'Extracts the lines of a photo into a line drawing.',
  ],
});

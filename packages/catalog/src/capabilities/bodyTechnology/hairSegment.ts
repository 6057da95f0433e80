import { defineCapability } from '../../contract/define.ts';

export const hairSegment = defineCapability({
  id: 61,
  key: 'hairSegment',
  group: 'bodyTechnology',
  slug: 'hairSegment',
  endpoint: 'v1/hair_segment',
  kind: 'mask',
  status: 4,
  doc: 207,
  name: ['头发分割', '頭髮分割', 'Hair Segmentation'],
  description: [
    '精确分割头发区域，可用于换发色与发型设计。',
    '精確分割頭髮區域，可用於換髮色與髮型設計。',
    'Segments the hair precisely, for hair colouring and hairstyle design.',
  ],
});

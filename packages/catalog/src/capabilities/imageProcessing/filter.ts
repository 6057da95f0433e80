import { defineCapability } from '../../contract/define.ts';

export const filter = defineCapability({
  id: 19,
  key: 'filter',
  group: 'imageProcessing',
  slug: 'filter',
  endpoint: 'v1/filter',
  kind: 'image',
  status: 4,
  doc: 217,
  name: ['滤镜', '濾鏡', 'Filters'],
  description: [
    '多种风格滤镜，一键调色。',
    '多種風格濾鏡，一鍵調色。',
    'Colour-grading filters in many styles.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const foodSegment = defineCapability({
  id: 120,
  key: 'foodSegment',
  group: 'imageRecognition',
  slug: 'foodSegment',
  endpoint: 'v1/foodsegment',
  kind: 'mask',
  status: 4,
  doc: 72,
  samples: ['coffee.jpg'],
  name: ['食物分割', '食物分割', 'Food Segmentation'],
  description: [
    '分割出图片中的食物区域。',
    '分割出圖片中的食物區域。',
    'Segments the food areas of a photo.',
  ],
});

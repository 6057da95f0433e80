import { defineCapability } from '../../contract/define.ts';

export const shapeTuning = defineCapability({
  id: 180,
  key: 'shapeTuning',
  group: 'imageProcessing',
  slug: 'shape_tuning',
  endpoint: 'v1/beauty_shape',
  kind: 'image',
  status: 4,
  doc: 216,
  name: ['美型', '美型', 'Shape Tuning'],
  description: [
    '瘦脸、大眼等脸部形态微调。',
    '瘦臉、大眼等臉部形態微調。',
    'Fine-tunes face shape, such as slimmer cheeks and larger eyes.',
  ],
});

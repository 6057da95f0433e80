import { defineCapability } from '../../contract/define.ts';

export const facefusechild = defineCapability({
  id: 57,
  key: 'facefusechild',
  group: 'imageEditing',
  slug: 'facefusechild',
  endpoint: 'v1/facefusechild',
  kind: 'image',
  status: 3,
  doc: 226,
  name: ['宝宝预测', '寶寶預測', 'Baby Face Prediction'],
  description: [
    '融合两张人脸，预测宝宝的样貌。',
    '融合兩張人臉，預測寶寶的樣貌。',
    'Blends two faces to predict what their baby may look like.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const aestheticScore = defineCapability({
  id: 121,
  key: 'aestheticScore',
  group: 'faceTechnology',
  slug: 'aestheticScore',
  endpoint: 'v2/AsestheticsAssess',
  kind: 'attributes',
  status: 4,
  doc: 6,
  name: ['图像美学评分', '圖像美學評分', 'Aesthetic Score'],
  description: [
    '从内容、光线、色彩鲜艳度、色彩和谐度与构图平衡评估照片美感。',
    '從內容、光線、色彩鮮豔度、色彩和諧度與構圖平衡評估照片美感。',
    'Scores a photo for content, light, colour vividness, colour harmony and balance.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const imageStyle = defineCapability({
  id: 23,
  key: 'imageStyle',
  group: 'generateImages',
  slug: 'mtstyle',
  endpoint: 'v1/mtstyle',
  kind: 'image',
  status: 4,
  doc: 92,
  name: ['图像风格化', '圖像風格化', 'Image Stylisation'],
  description: [
    '将照片转换为油画、素描等艺术风格。',
    '將照片轉換為油畫、素描等藝術風格。',
    'Renders a photo as oil painting, sketch and other art styles.',
  ],
});

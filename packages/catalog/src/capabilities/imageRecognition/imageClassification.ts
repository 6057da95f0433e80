import { defineCapability } from '../../contract/define.ts';

export const imageClassification = defineCapability({
  id: 155,
  key: 'imageClassification',
  group: 'imageRecognition',
  slug: 'imageClassification',
  endpoint: 'v1/Album',
  kind: 'labels',
  status: 4,
  doc: 213,
  samples: ['coffee.jpg'],
  name: ['图像分类', '圖像分類', 'Image Classification'],
  description: [
    '识别图片中的主要物体类别。',
    '識別圖片中的主要物體類別。',
    'Names the main objects in a photo.',
  ],
});

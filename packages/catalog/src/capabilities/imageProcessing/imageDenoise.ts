import { defineCapability } from '../../contract/define.ts';

export const imageDenoise = defineCapability({
  id: 18,
  key: 'imageDenoise',
  group: 'imageProcessing',
  slug: 'imageDenoise',
  endpoint: 'v2/denoise',
  kind: 'image',
  status: 4,
  doc: 218,
  name: ['图像降噪', '圖像降噪', 'Image Denoising'],
  description: [
    '去除照片噪点并保留细节。',
    '去除照片噪點並保留細節。',
    'Removes noise from photos while keeping detail.',
  ],
});

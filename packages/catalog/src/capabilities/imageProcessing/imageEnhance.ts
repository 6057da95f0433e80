import { defineCapability } from '../../contract/define.ts';

export const imageEnhance = defineCapability({
  id: 179,
  key: 'imageEnhance',
  group: 'imageProcessing',
  slug: 'imageEnhance',
  endpoint: 'v1/aiquality',
  kind: 'image',
  status: 3,
  doc: 221,
  name: ['画质增强', '畫質增強', 'Image Enhancement'],
  description: [
    '超分辨率放大与清晰度增强。',
    '超解析度放大與清晰度增強。',
    'Super-resolution upscaling and sharpening.',
  ],
});

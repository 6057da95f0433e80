import { defineCapability } from '../../contract/define.ts';

export const imageRestoration = defineCapability({
  id: 154,
  key: 'image-restoration',
  group: 'imageProcessing',
  slug: 'imageRestoration',
  endpoint: 'test/AIDenoise',
  kind: 'image',
  status: 1,
  doc: 222,
  name: ['图像修复', '圖像修復', 'Image Restoration'],
  description: [
    '修复模糊、噪点与压缩痕迹（内测）。',
    '修復模糊、噪點與壓縮痕跡（內測）。',
    'Restores blurred, noisy and compressed photos (internal test).',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const nightEnhance = defineCapability({
  id: 89,
  key: 'nightEnhance',
  group: 'imageProcessing',
  slug: 'nightEnhance',
  endpoint: 'v1/night_denoise',
  kind: 'image',
  status: 4,
  doc: 219,
  name: ['夜景增强', '夜景增強', 'Night Enhancement'],
  description: [
    '提亮暗光照片并抑制噪点。',
    '提亮暗光照片並抑制噪點。',
    'Brightens low-light photos and suppresses noise.',
  ],
});

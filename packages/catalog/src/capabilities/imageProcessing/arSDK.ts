import { defineCapability } from '../../contract/define.ts';

export const arSDK = defineCapability({
  id: 134,
  key: 'arSDK',
  group: 'imageProcessing',
  slug: 'arSDK',
  kind: 'sdk',
  menuType: 1,
  status: 4,
  doc: 223,
  name: ['AR 特效 SDK', 'AR 特效 SDK', 'AR Effects SDK'],
  description: [
    '移动端实时 AR 滤镜与贴纸特效。',
    '行動端即時 AR 濾鏡與貼紙特效。',
    'Real-time AR filters and stickers on mobile.',
  ],
});

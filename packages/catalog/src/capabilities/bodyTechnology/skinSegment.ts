import { defineCapability } from '../../contract/define.ts';

export const skinSegment = defineCapability({
  id: 38,
  key: 'skinSegment',
  group: 'bodyTechnology',
  slug: 'skinSegment',
  endpoint: 'v1/skin_segment',
  kind: 'mask',
  status: 4,
  doc: 206,
  name: ['皮肤分割', '皮膚分割', 'Skin Segmentation'],
  description: [
    '分割出图片中的皮肤区域。',
    '分割出圖片中的皮膚區域。',
    'Segments the skin areas of a photo.',
  ],
});

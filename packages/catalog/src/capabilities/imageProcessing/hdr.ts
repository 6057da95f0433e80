import { defineCapability } from '../../contract/define.ts';

export const hdr = defineCapability({
  id: 103,
  key: 'HDR',
  group: 'imageProcessing',
  slug: 'HDR',
  endpoint: 'v1/hdr',
  kind: 'image',
  status: 4,
  doc: 220,
  name: ['HDR 增强', 'HDR 增強', 'HDR Enhancement'],
  description: [
    '扩展照片动态范围，恢复亮部与暗部细节。',
    '擴展照片動態範圍，恢復亮部與暗部細節。',
    'Extends dynamic range to recover highlight and shadow detail.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const studioSolution = defineCapability({
  id: 176,
  key: 'studio-solution',
  group: 'solution',
  slug: 'studioSolution',
  kind: 'solution',
  menuType: 2,
  status: 2,
  doc: 233,
  name: ['智能修图解决方案', '智慧修圖解決方案', 'Smart Photo Editing Solution'],
  description: [
    '面向影楼与摄影机构的批量智能修图，标准版每分钟处理 200 张。',
    '面向影樓與攝影機構的批量智慧修圖，標準版每分鐘處理 200 張。',
    'Batch photo retouching for studios; the standard plan handles 200 pictures per minute.',
  ],
});

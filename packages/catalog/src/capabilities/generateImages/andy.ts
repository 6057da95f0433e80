import { defineCapability } from '../../contract/define.ts';

export const andy = defineCapability({
  id: 20,
  key: 'andy',
  group: 'generateImages',
  slug: 'AICartoonStyle1',
  endpoint: 'v1/AICartoonStyle1',
  kind: 'image',
  status: 2,
  doc: 13,
  name: ['AI 动漫风', 'AI 動漫風', 'AI Cartoon Style'],
  description: [
    '将人像照片转换为动漫风格。',
    '將人像照片轉換為動漫風格。',
    'Turns a portrait into a cartoon-style picture.',
  ],
});

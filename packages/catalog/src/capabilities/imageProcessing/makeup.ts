import { defineCapability } from '../../contract/define.ts';

export const makeup = defineCapability({
  id: 10,
  key: 'makeup',
  group: 'imageProcessing',
  slug: 'makeup',
  endpoint: 'v3/makeup',
  kind: 'image',
  status: 2,
  doc: 74,
  name: ['AI 美妆', 'AI 美妝', 'AI Makeup'],
  description: [
    '为人脸自然上妆，支持口红、腮红、眼影等妆容。',
    '為人臉自然上妝，支援口紅、腮紅、眼影等妝容。',
    'Applies natural makeup such as lipstick, blush and eye shadow.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const humanDetect = defineCapability({
  id: 76,
  key: 'humanDetect',
  group: 'bodyTechnology',
  slug: 'HumanDetect',
  endpoint: 'v1/HumanDetect',
  kind: 'boxes',
  status: 4,
  doc: 96,
  name: ['人体检测', '人體檢測', 'Human Detection'],
  description: [
    '检测图片中的所有人体并返回位置框。',
    '檢測圖片中的所有人體並返回位置框。',
    'Detects every person in a photo and returns their boxes.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const handGesture = defineCapability({
  id: 109,
  key: 'handGesture',
  group: 'bodyTechnology',
  slug: 'handGesture',
  endpoint: 'v1/HandGesture',
  kind: 'boxes',
  status: 4,
  doc: 211,
  name: ['手势识别', '手勢識別', 'Hand Gesture Recognition'],
  description: [
    '检测手部位置并识别常见手势。',
    '檢測手部位置並識別常見手勢。',
    'Finds hands and recognises common gestures.',
  ],
});

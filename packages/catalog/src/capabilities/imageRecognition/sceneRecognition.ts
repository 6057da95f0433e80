import { defineCapability } from '../../contract/define.ts';

export const sceneRecognition = defineCapability({
  id: 85,
  key: 'sceneRecognition',
  group: 'imageRecognition',
  slug: 'sceneRecognition',
  endpoint: 'v2/album',
  kind: 'labels',
  status: 4,
  doc: 212,
  samples: ['coffee.jpg'],
  name: ['场景识别', '場景識別', 'Scene Recognition'],
  description: [
    '识别照片拍摄场景，返回可能性最高的 5 个场景。',
    '識別照片拍攝場景，返回可能性最高的 5 個場景。',
    'Recognises the scene of a photo and returns the top 5 scenes.',
  ],
});

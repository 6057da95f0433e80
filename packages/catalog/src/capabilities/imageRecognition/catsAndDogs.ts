import { defineCapability } from '../../contract/define.ts';

export const catsAndDogs = defineCapability({
  id: 84,
  key: 'catsAndDogs',
  group: 'imageRecognition',
  slug: 'catDogDetection',
  endpoint: 'v1/animal',
  kind: 'boxes',
  status: 2,
  doc: 81,
  samples: ['chelsea.jpg'],
  name: ['猫狗识别', '貓狗識別', 'Cat and Dog Detection'],
  description: [
    '检测图片中的猫与狗并给出位置。',
    '檢測圖片中的貓與狗並給出位置。',
    'Detects the cats and dogs in a photo and where they are.',
  ],
});

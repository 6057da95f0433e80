import { defineCapability } from '../../contract/define.ts';

export const foodRecognition = defineCapability({
  id: 91,
  key: 'foodRecognition',
  group: 'imageRecognition',
  slug: 'foodRecognition',
  endpoint: 'v1/fooddetect',
  kind: 'labels',
  status: 4,
  doc: 71,
  samples: ['coffee.jpg'],
  name: ['食物识别', '食物識別', 'Food Recognition'],
  description: [
    '识别图片中的食物种类。',
    '識別圖片中的食物種類。',
    'Recognises the kinds of food in a photo.',
  ],
});

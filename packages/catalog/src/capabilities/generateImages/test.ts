import { defineCapability } from '../../contract/define.ts';

export const test = defineCapability({
  id: 159,
  key: 'test',
  group: 'generateImages',
  slug: 'test',
  endpoint: 'v1/mtai',
  kind: 'image',
  status: 1,
  doc: 229,
  name: ['生成实验室', '生成實驗室', 'Generation Lab'],
  description: [
    '内部测试中的图像生成能力。',
    '內部測試中的圖像生成能力。',
    'Image-generation capabilities in internal testing.',
  ],
});

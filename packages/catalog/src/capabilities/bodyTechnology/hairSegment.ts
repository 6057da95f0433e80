import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { mask } from '../../contract/kinds.ts';

export const hairSegment = defineCapability({
  id: 61,
  key: 'hairSegment',
  group: 'bodyTechnology',
  slug: 'hairSegment',
  kind: 'mask',
  status: 4,
  samples: ['astronaut.jpg'],
  doc: 207,
  name: ['头发分割', '頭髮分割', 'Hair Segmentation'],
  description: [
    '精确分割头发区域，可用于换发色与发型设计。',
    '精確分割頭髮區域，可用於換髮色與髮型設計。',
    'Segments the hair precisely, for hair colouring and hairstyle design.',
  ],
  api: {
    endpoint: 'v1/hair_segment',
    parameters: {},
    answer: mask({
      region: ['头发', '頭髮', 'hair'],
      extra: {
        face_num: count([
          '用于定位头发的人脸数（发色取自额头上方和太阳穴两侧）；没有人脸时返回错误 20003。',
          '用於定位頭髮的人臉數（髮色取自額頭上方與太陽穴兩側）；沒有人臉時回傳錯誤 20003。',
          'Faces that placed the hair (its colour is learnt above the forehead and beside the temples); with no face the answer is error 20003.',
        ]),
      },
    }),
    errors: [20003],
  },
});

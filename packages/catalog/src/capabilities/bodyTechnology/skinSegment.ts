import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { mask } from '../../contract/kinds.ts';

export const skinSegment = defineCapability({
  id: 38,
  key: 'skinSegment',
  group: 'bodyTechnology',
  slug: 'skinSegment',
  kind: 'mask',
  status: 4,
  samples: ['astronaut.jpg'],
  doc: 206,
  name: ['皮肤分割', '皮膚分割', 'Skin Segmentation'],
  description: [
    '分割出图片中的皮肤区域。',
    '分割出圖片中的皮膚區域。',
    'Segments the skin areas of a photo.',
  ],
  api: {
    endpoint: 'v1/skin_segment',
    parameters: {},
    answer: mask({
      region: ['皮肤', '皮膚', 'skin'],
      extra: {
        face_num: count([
          '学习肤色所用的人脸数（肤色模型取自每张脸的脸颊和额头）；没有人脸时返回错误 20003。',
          '學習膚色所用的人臉數（膚色模型取自每張臉的臉頰與額頭）；沒有人臉時回傳錯誤 20003。',
          'Faces whose cheeks and forehead taught the skin colour; with no face the answer is error 20003.',
        ]),
      },
    }),
    errors: [20003],
  },
});

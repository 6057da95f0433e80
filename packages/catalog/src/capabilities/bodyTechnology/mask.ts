import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { attribute, attributes } from '../../contract/kinds.ts';
import { integer } from '../../contract/params.ts';

export const mask = defineCapability({
  id: 49,
  key: 'mask',
  group: 'bodyTechnology',
  slug: 'mask',
  endpoint: 'v1/mask',
  kind: 'attributes',
  status: 3,
  doc: 208,
  samples: ['masked-astronaut.jpg', 'astronaut.jpg'],
  name: ['口罩识别', '口罩識別', 'Mask Detection'],
  description: ['判断人脸是否佩戴口罩。', '判斷人臉是否佩戴口罩。', 'Tells whether each face wears a mask.'],
  api: {
    endpoint: 'v1/mask',
    parameters: {
      max_face_num: integer({ min: 1, max: 20, default: 10 }, [
        '最多判断的人脸数，按检测得分从高到低保留。',
        '最多判斷的人臉數，依偵測得分由高到低保留。',
        'Most faces to judge, the highest detector scores first.',
      ]),
    },
    answer: attributes({
      list: 'faces',
      count: 'face_num',
      rectangle: 'face_rectangle',
      items: ['人脸', '人臉', 'faces'],
      one: ['人脸', '人臉', 'face'],
      attributes: {
        mask: attribute(z.union([z.literal(0), z.literal(1)]), [
          '是否佩戴口罩：1 为口罩遮住口鼻，0 为未佩戴。由人脸网格测量得出（不是模型）：下半脸（鼻尖、嘴唇、下巴、两颊）与额头肤色不符的像素比例，以及嘴唇轮廓的强弱；得分 0 到 1 不是校准过的概率，不低于 0.5 判为佩戴。与肤色相近的口罩、只遮嘴的口罩会漏判，手或围巾遮住口鼻会判为佩戴。',
          '是否佩戴口罩：1 為口罩遮住口鼻，0 為未佩戴。由人臉網格量測得出（不是模型）：下半臉（鼻尖、嘴唇、下巴、兩頰）與額頭膚色不符的像素比例，以及嘴唇輪廓的強弱；得分 0 到 1 不是校準過的機率，不低於 0.5 判為佩戴。與膚色相近的口罩、只遮嘴的口罩會漏判，手或圍巾遮住口鼻會判為佩戴。',
          'Whether a mask is worn: 1 when a mask covers the nose and mouth, else 0. Measured on the face mesh (not a model): the share of the lower face (nose tip, lips, chin, cheeks) whose colour is not the forehead skin, and how weak the lips’ edges are; the score, 0 to 1, is not a calibrated probability, and 0.5 or more means a mask. Masks of skin colour or below the nose are missed; a hand or a scarf over the mouth counts as a mask.',
        ]),
      },
    }),
    errors: [20003],
  },
});

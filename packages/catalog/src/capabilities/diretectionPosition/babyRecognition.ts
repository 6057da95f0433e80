import { z } from 'zod';
import { imageSize, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { faceAttribute, faceRectangle, maxFaces } from '../faceTechnology/face-fields.ts';

export const babyRecognition = defineCapability({
  id: 131,
  key: 'babyRecognition',
  group: 'diretectionPosition',
  slug: 'babyRecognition',
  kind: 'boxes',
  status: 3,
  doc: 231,
  name: ['婴童识别', '嬰童識別', 'Baby Recognition'],
  description: [
    '判断图片中的每张人脸是否为婴儿或幼童。',
    '判斷圖片中的每張人臉是否為嬰兒或幼童。',
    'Tells whether each face in a photo is a baby or young child.',
  ],
  api: {
    endpoint: 'v1/baby_recognition',
    parameters: { max_face_num: maxFaces() },
    answer: {
      kind: 'boxes',
      answer: obj({
        ...imageSize,
        faces: described(
          z.array(
            obj({
              face_rectangle: faceRectangle,
              face_attributes: obj({
                baby: faceAttribute(z.union([z.literal(0), z.literal(1)]), [
                  '1 表示婴儿或幼童（年龄模型判断 4 岁以下概率不低于 0.5）；confidence 为所给判断的概率。',
                  '1 表示嬰兒或幼童（年齡模型判斷 4 歲以下機率不低於 0.5）；confidence 為所給判斷的機率。',
                  '1 for a baby or young child (the age model gives at least 0.5 probability of under 4 years); confidence is the probability of the answer given.',
                ]),
                age: faceAttribute(z.number().int(), [
                  '估计年龄（岁）；置信度为估计值 ±5 岁内的概率。',
                  '估計年齡（歲）；置信度為估計值 ±5 歲內的機率。',
                  'Estimated age in years; confidence is the probability within 5 years of it.',
                ]),
              }),
            }),
          ),
          ['检测到的人脸。', '偵測到的人臉。', 'Faces found.'],
        ),
      }),
    },
    errors: [20003],
  },
});

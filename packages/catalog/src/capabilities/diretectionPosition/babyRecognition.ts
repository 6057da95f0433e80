import { z } from 'zod';
import { imageSize, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { facesFound, maxFaces, modelAttribute } from '../faceTechnology/face-fields.ts';

/**
 * Baby or toddler per face: the HSE-FaceRes age distribution's mass under 4 years against a cut
 * chosen on the tuning half of baby and toddler photos labelled by eye (docs/quality.md, "Baby
 * recognition", where the report half's figures quoted below come from).
 */
export const babyRecognition = defineCapability({
  id: 131,
  key: 'babyRecognition',
  group: 'diretectionPosition',
  slug: 'babyRecognition',
  kind: 'boxes',
  status: 3,
  doc: 231,
  samples: ['baby.jpg', 'astronaut.jpg'],
  extension: { sampleFigure: ['/samples/baby.jpg'] },
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
        faces: facesFound({
          face_attributes: obj({
            baby: modelAttribute(
              z.union([z.literal(0), z.literal(1)]),
              [
                '1 表示婴儿或学步幼童：HSE-FaceRes 年龄模型把至少 0.2 的年龄分布放在 4 岁以下（阈值在人工标注照片的调参一半上选定）。在独立评测照片上：婴幼儿 24 个中找到 16 个，约 3 到 12 岁的儿童 36 个中 2 个被判为 1，青少年与成人 271 个中没有一个被判为 1。',
                '1 表示嬰兒或學步幼童：HSE-FaceRes 年齡模型把至少 0.2 的年齡分佈放在 4 歲以下（閾值在人工標註照片的調參一半上選定）。在獨立評測照片上：嬰幼兒 24 個中找到 16 個，約 3 到 12 歲的兒童 36 個中 2 個被判為 1，青少年與成人 271 個中沒有一個被判為 1。',
                '1 for a baby or toddler: the HSE-FaceRes age model puts at least 0.2 of its age distribution under 4 years (a cut chosen on the tuning half of photos labelled by eye). On independent evaluation photos: 16 of 24 babies and toddlers found, 2 of 36 children of about 3 to 12 answered 1, none of 271 teenagers and adults.',
              ],
              [
                '模型在 4 岁以下的分布质量（答 1 时）或其余部分（答 0 时）',
                '模型在 4 歲以下的分佈質量（答 1 時）或其餘部分（答 0 時）',
                "the model's mass under 4 years (for 1) or the rest of it (for 0)",
              ],
            ),
            age: modelAttribute(
              z.number().int(),
              [
                '估计年龄（岁，HSE-FaceRes 模型）。幼童常被估大：3 到 9 岁的儿童多被估为青少年或成人。',
                '估計年齡（歲，HSE-FaceRes 模型）。幼童常被估大：3 到 9 歲的兒童多被估為青少年或成人。',
                'Estimated age in years (HSE-FaceRes model). Young children read older: children of 3 to 9 mostly read as teenagers or adults.',
              ],
              [
                '模型在估计值 ±5 岁内的分布质量',
                '模型在估計值 ±5 歲內的分佈質量',
                "the share of the model's age distribution within 5 years of the estimate",
              ],
            ),
          }),
        }),
      }),
    },
    errors: [20003],
  },
});

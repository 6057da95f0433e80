import { z } from 'zod';
import { obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { faceRectangle, ONE_FACE_ERRORS } from './face-fields.ts';
import { faceSetEndpoints, sameness, threshold } from './face-sets.ts';

export const faceRecognition = defineCapability({
  id: 133,
  key: 'faceRecognition',
  group: 'faceTechnology',
  slug: 'faceRecognition',
  kind: 'compare',
  status: 3,
  doc: 203,
  samples: ['astronaut.jpg', 'astronaut-mirrored.jpg'],
  name: ['人脸比对', '人臉比對', 'Face Comparison'],
  description: [
    '比较两张照片中的人脸，或在应用的人脸库中搜索，给出相似度与是否同一人的判断。',
    '比較兩張照片中的人臉，或在應用的人臉庫中搜尋，給出相似度與是否同一人的判斷。',
    'Compares the faces of two photos, or searches your app’s face sets, and decides whether they are the same person.',
  ],
  api: {
    endpoint: 'v1/face_compare',
    images: 2,
    parameters: {},
    answer: {
      kind: 'compare',
      answer: obj({
        similarity: described(z.number().min(0).max(100), [
          '相似度 0 到 100（100 × 两个 FaceRes 身份特征的余弦相似度）。',
          '相似度 0 到 100（100 × 兩個 FaceRes 身分特徵的餘弦相似度）。',
          'Similarity, 0 to 100 (100 × the cosine of the two FaceRes identity descriptors).',
        ]),
        is_same_person: sameness,
        threshold: threshold,
        faces: described(
          z
            .array(
              obj({
                face_rectangle: faceRectangle,
                image: z.union([z.literal(0), z.literal(1)]),
                image_width: z.number().int(),
                image_height: z.number().int(),
              }),
            )
            .length(2),
          [
            '每张照片（image 为 0 或 1）中的人脸框，以及该照片摆正后的尺寸（像素）。',
            '每張照片（image 為 0 或 1）中的人臉框，以及該照片擺正後的尺寸（像素）。',
            'The face box in each photo (image 0 or 1), with that photo’s size after EXIF orientation, in pixels.',
          ],
        ),
      }),
    },
    errors: [...ONE_FACE_ERRORS, 20010],
  },
  extraEndpoints: faceSetEndpoints,
});

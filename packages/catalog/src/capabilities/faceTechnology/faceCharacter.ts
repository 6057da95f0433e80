import { z } from 'zod';
import { imageSize, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import {
  faceAttribute,
  faceLandmark,
  faceRectangle,
  headPoseField,
  ONE_FACE_ERRORS,
  returnLandmark,
} from './face-fields.ts';

const FACE_SHAPES = ['circular', 'elliptic', 'long', 'prism', 'square', 'triangle'] as const;
const FEATURES = [
  'cheekbone',
  'eye_shape',
  'eye_tilt',
  'eye_distance',
  'eyebrow_shape',
  'eyebrow_thickness',
  'nose_width',
  'nose_length',
  'lip_thickness',
  'lip_peak',
  'chin',
] as const;
const featureLabel = obj({ value: z.string() });
const faceShape = obj({
  value: z.enum(FACE_SHAPES),
  scores: z.record(z.enum(FACE_SHAPES), z.number()),
});
type FeatureShape = {
  measures: z.ZodRecord<z.ZodString, z.ZodNumber>;
  face_shape: typeof faceShape;
} & Record<(typeof FEATURES)[number], typeof featureLabel>;

const NOT_CALIBRATED: Doc = [
  'confidence 为 null：该标签由固定阈值的几何比例得出，不是经过校准的概率。',
  'confidence 為 null：該標籤由固定閾值的幾何比例得出，不是經過校準的機率。',
  'confidence is null: the label comes from a geometric ratio with fixed cut points, not a calibrated probability.',
];

/**
 * The flat names that client code written for this kind of platform reads directly under
 * `face_attributes`, each `{ value, confidence }`: the same labels as `facial_analysis`, under
 * those names (the client's name: ours).
 */
export const FLAT_FEATURES = {
  eye_shape: 'eye_shape',
  eye_distance: 'eye_distance',
  nose_shape: 'nose_width',
  mouth_thickness: 'lip_thickness',
  cheek_shape: 'cheekbone',
  lip_peak: 'lip_peak',
} as const;

const FLAT_LABELS = Object.fromEntries(
  Object.entries(FLAT_FEATURES).map(([flat, ours]) => [
    flat,
    faceAttribute(z.string(), [
      `同 facial_analysis.${ours}.value。${NOT_CALIBRATED[0]}`,
      `同 facial_analysis.${ours}.value。${NOT_CALIBRATED[1]}`,
      `As facial_analysis.${ours}.value. ${NOT_CALIBRATED[2]}`,
    ]),
  ]),
) as Record<keyof typeof FLAT_FEATURES, ReturnType<typeof faceAttribute<z.ZodString>>>;

const FLAT_FACE_TYPES = Object.fromEntries(
  FACE_SHAPES.map((shape) => [
    `facetype_${shape}`,
    faceAttribute(z.number(), [
      `脸型为 ${shape} 的得分（同 facial_analysis.face_shape.scores.${shape}，六类之和为 1）；confidence 为 null（得分不是校准过的概率）。`,
      `臉型為 ${shape} 的得分（同 facial_analysis.face_shape.scores.${shape}，六類之和為 1）；confidence 為 null（得分不是校準過的機率）。`,
      `Score of the ${shape} face shape (as facial_analysis.face_shape.scores.${shape}; the six sum to 1); confidence is null (the score is not a calibrated probability).`,
    ]),
  ]),
) as Record<`facetype_${(typeof FACE_SHAPES)[number]}`, ReturnType<typeof faceAttribute<z.ZodNumber>>>;

export const faceCharacter = defineCapability({
  id: 166,
  key: 'faceCharacter',
  group: 'faceTechnology',
  slug: 'facecharacter',
  kind: 'attributes',
  status: 4,
  doc: 53,
  name: ['五官分析', '五官分析', 'Facial Feature Analysis'],
  description: [
    '基于人脸网格分析脸型、眉形、眼型、鼻型、唇形、颧骨与下巴。',
    '基於人臉網格分析臉型、眉形、眼型、鼻型、唇形、顴骨與下巴。',
    'Reads face shape, eyebrows, eyes, nose, lips, cheekbones and chin from the face mesh.',
  ],
  api: {
    endpoint: 'v1/micro_facial_analysis',
    parameters: {
      return_attributes: described(z.string({ error: 'must be a string' }).optional(), [
        'facial_analysis（默认，也是唯一的取值）。',
        'facial_analysis（預設，也是唯一的取值）。',
        'facial_analysis (the default and only value).',
      ]),
      return_landmark: returnLandmark,
    },
    answer: {
      kind: 'attributes',
      answer: obj({
        ...imageSize,
        faces: described(
          z
            .array(
              obj({
                face_rectangle: faceRectangle,
                face_attributes: obj({
                  facial_analysis: described(
                    obj({
                      measures: described(z.record(z.string(), z.number()), [
                        '各项原始比例（由网格点距离计算，与图片尺寸和头部倾斜无关），供自定阈值使用。',
                        '各項原始比例（由網格點距離計算，與圖片尺寸和頭部傾斜無關），供自訂閾值使用。',
                        'The raw ratios (from mesh point distances, independent of image size and head tilt), for clients that want their own thresholds.',
                      ]),
                      face_shape: faceShape,
                      ...Object.fromEntries(FEATURES.map((name) => [name, featureLabel])),
                    } as unknown as FeatureShape),
                    [
                      '脸型六类得分，以及颧骨、眼型、眼角走向、眼距、眉形、眉粗细、鼻宽、鼻长、唇厚、唇峰、下巴，均由人脸网格几何比例计算（不是模型）。',
                      '臉型六類得分，以及顴骨、眼型、眼角走向、眼距、眉形、眉粗細、鼻寬、鼻長、唇厚、唇峰、下巴，均由人臉網格幾何比例計算（不是模型）。',
                      'Face-shape scores (circular, elliptic, long, prism, square, triangle) and cheekbone, eye shape, eye tilt, eye distance, eyebrow shape and thickness, nose width and length, lip thickness, lip peak and chin, from mesh ratios (not a model).',
                    ],
                  ),
                  headpose: headPoseField,
                  ...FLAT_LABELS,
                  ...FLAT_FACE_TYPES,
                }),
                face_landmark: faceLandmark,
              }),
            )
            .length(1),
          ['照片中唯一的正脸。', '照片中唯一的正臉。', 'The one near-frontal face of the photo.'],
        ),
      }),
    },
    errors: ONE_FACE_ERRORS,
  },
});

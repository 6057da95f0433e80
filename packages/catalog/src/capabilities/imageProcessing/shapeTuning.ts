import { z } from 'zod';
import { count, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { maxFaces, number, strength } from '../../contract/params.ts';
import { retouchedFaces } from './retouch-fields.ts';

/** The default settings of shape tuning (the engine's SHAPE_DEFAULTS). */
export const SHAPE = { face_slim: 30, chin: 0, eye_enlarge: 20, nose_narrow: 20, forehead: 0 } as const;

export const shapeTuning = defineCapability({
  id: 180,
  key: 'shapeTuning',
  group: 'imageProcessing',
  slug: 'shape_tuning',
  endpoint: 'v1/beauty_shape',
  kind: 'image',
  status: 4,
  doc: 216,
  name: ['美型', '美型', 'Shape Tuning'],
  description: [
    '瘦脸、大眼等脸部形态微调。',
    '瘦臉、大眼等臉部形態微調。',
    'Fine-tunes face shape, such as slimmer cheeks and larger eyes.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v1/beauty_shape',
    parameters: {
      face_slim: strength(SHAPE.face_slim, [
        '瘦脸：下颌线向面部中线的局部变形；0 为不处理。',
        '瘦臉：下顎線向面部中線的局部變形；0 為不處理。',
        'Face slimming: the jaw line drawn towards the face’s midline by a local warp; 0 leaves it.',
      ]),
      chin: number({ min: -100, max: 100, default: SHAPE.chin }, [
        '下巴长度：正值下巴沿面部中线下移（变长），负值上移（变短）；0 为不处理。',
        '下巴長度：正值下巴沿面部中線下移（變長），負值上移（變短）；0 為不處理。',
        'Chin length: positive moves the chin down along the face’s midline (longer), negative up (shorter); 0 leaves it.',
      ]),
      eye_enlarge: strength(SHAPE.eye_enlarge, [
        '大眼：以双眼为中心的局部放大；0 为不处理。',
        '大眼：以雙眼為中心的局部放大；0 為不處理。',
        'Eye enlarging: a local magnification centred on each eye; 0 leaves it.',
      ]),
      nose_narrow: number({ min: -100, max: 100, default: SHAPE.nose_narrow }, [
        '瘦鼻：正值鼻翼向鼻梁线收窄，负值加宽；0 为不处理。',
        '瘦鼻：正值鼻翼向鼻樑線收窄，負值加寬；0 為不處理。',
        'Nose narrowing: positive draws the nose wings towards the nose’s line, negative widens them; 0 leaves it.',
      ]),
      forehead: number({ min: -100, max: 100, default: SHAPE.forehead }, [
        '额头高度：正值额头上缘上移（额头更高），负值下移；0 为不处理。',
        '額頭高度：正值額頭上緣上移（額頭更高），負值下移；0 為不處理。',
        'Forehead height: positive moves the top of the face up (a higher forehead), negative down; 0 leaves it.',
      ]),
      max_face_num: maxFaces([
        '最多处理的人脸数，按检测置信度从高到低。',
        '最多處理的人臉數，依偵測置信度由高到低。',
        'Most faces reshaped, the highest detector scores first.',
      ]),
    },
    answer: image({
      extra: {
        face_num: count(['处理的人脸数。', '處理的人臉數。', 'Number of faces reshaped.']),
        faces: retouchedFaces,
        shape: described(
          obj({
            face_slim: z.number(),
            chin: z.number(),
            eye_enlarge: z.number(),
            nose_narrow: z.number(),
            forehead: z.number(),
          }),
          ['实际使用的参数。', '實際使用的參數。', 'The settings applied.'],
        ),
      },
    }),
    errors: [20003],
  },
});

import { z } from 'zod';
import { count, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { strength } from '../../contract/params.ts';
import { detectionScore, faceRectangle, maxFaces } from './face-fields.ts';

/** The default strengths of AI Beauty, 0-100: visible smoothing and brightening, small shape changes. */
export const BEAUTY = { smooth: 60, whiten: 30, slim: 20, eye: 20 } as const;

/** The skin brightening of the face retouches (AI Beauty, beautify): one method, one text. */
export const WHITEN_TEXT: Doc = [
  '提亮：在感知色彩空间 OKLab 中提高皮肤明度并略降黄色，0 为不处理。',
  '提亮：在感知色彩空間 OKLab 中提高皮膚明度並略降黃色，0 為不處理。',
  'Brightening: skin lightness raised in the perceptual OKLab space, yellow slightly lowered; 0 leaves it.',
];

export const aibeauty = defineCapability({
  id: 81,
  key: 'aibeauty',
  group: 'faceTechnology',
  slug: 'AIBeauty',
  kind: 'image',
  status: 2,
  doc: 45,
  name: ['AI 美颜', 'AI 美顏', 'AI Beauty'],
  description: [
    '依据人脸分析结果自动磨皮、提亮与修饰，保留真实质感。',
    '依據人臉分析結果自動磨皮、提亮與修飾，保留真實質感。',
    'Smooths, brightens and retouches faces automatically while keeping a natural texture.',
  ],
  extension: { sampleFigure: ['/samples/astronaut.jpg'] },
  api: {
    endpoint: 'v3/AIBeauty',
    parameters: {
      smooth: strength(BEAUTY.smooth, [
        '磨皮强度：人脸皮肤区域的保边平滑（导向滤波），0 为不处理。',
        '磨皮強度：人臉皮膚區域的保邊平滑（導向濾波），0 為不處理。',
        'Skin smoothing: edge-preserving (guided filter) smoothing of the face’s skin; 0 leaves it.',
      ]),
      whiten: strength(BEAUTY.whiten, WHITEN_TEXT),
      slim: strength(BEAUTY.slim, [
        '瘦脸：下颌线向面部中线的局部变形，0 为不处理。',
        '瘦臉：下顎線向面部中線的局部變形，0 為不處理。',
        'Face slimming: the jaw line drawn towards the face’s midline by a local warp; 0 leaves it.',
      ]),
      eye: strength(BEAUTY.eye, [
        '大眼：以双眼为中心的局部放大，0 为不处理。',
        '大眼：以雙眼為中心的局部放大，0 為不處理。',
        'Eye enlarging: a local magnification centred on each eye; 0 leaves it.',
      ]),
      max_face_num: maxFaces([
        '最多处理的人脸数，按检测置信度从高到低。',
        '最多處理的人臉數，依偵測置信度由高到低。',
        'Most faces retouched, the highest detector scores first.',
      ]),
    },
    answer: image({
      extra: {
        face_num: count(['处理的人脸数。', '處理的人臉數。', 'Number of faces retouched.']),
        faces: described(z.array(obj({ face_rectangle: faceRectangle, score: detectionScore })), [
          '处理的人脸。',
          '處理的人臉。',
          'The faces retouched.',
        ]),
        beauty: described(
          obj({ smooth: z.number(), whiten: z.number(), slim: z.number(), eye: z.number() }),
          ['实际使用的参数。', '實際使用的參數。', 'The settings applied.'],
        ),
      },
    }),
    errors: [20003],
  },
});

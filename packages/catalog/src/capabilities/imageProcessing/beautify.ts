import { z } from 'zod';
import { count, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { maxFaces, strength } from '../../contract/params.ts';
import { retouchedFaces } from './retouch-fields.ts';
import { WHITEN_TEXT } from '../faceTechnology/aibeauty.ts';

/** The default strengths of beautify, 0-100 (the engine's BEAUTIFY_DEFAULTS). */
export const BEAUTIFY = { smooth: 50, whiten: 30, blemish: 50, eye_bright: 30 } as const;

export const beautify = defineCapability({
  id: 96,
  key: 'beautify',
  group: 'imageProcessing',
  slug: 'beautify',
  endpoint: 'v1/beauty',
  kind: 'image',
  status: 2,
  doc: 75,
  name: ['人像美颜', '人像美顏', 'Portrait Beautify'],
  description: [
    '磨皮、美白、祛斑等一键美颜。',
    '磨皮、美白、祛斑等一鍵美顏。',
    'One-step smoothing, whitening and blemish removal.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v1/beauty',
    parameters: {
      smooth: strength(BEAUTIFY.smooth, [
        '磨皮：仅在皮肤区域内做保边平滑（导向滤波），并保留毛孔纹理；0 为不处理。',
        '磨皮：僅在皮膚區域內做保邊平滑（導向濾波），並保留毛孔紋理；0 為不處理。',
        'Smoothing: edge-preserving (guided filter) smoothing inside the skin only, the pores’ fine texture kept; 0 leaves it.',
      ]),
      whiten: strength(BEAUTIFY.whiten, WHITEN_TEXT),
      blemish: strength(BEAUTIFY.blemish, [
        '祛斑祛痘：皮肤上小的深色或红色斑点（形态学黑帽检测）用周围皮肤填补；数值越大，越浅的斑点也会去除；0 为不处理。',
        '祛斑祛痘：皮膚上小的深色或紅色斑點（形態學黑帽偵測）以周圍皮膚填補；數值越大，越淺的斑點也會去除；0 為不處理。',
        'Blemish removal: small dark or red spots of the skin (found by a morphological black-hat) filled from the skin around them; higher values take fainter spots too; 0 leaves them.',
      ]),
      eye_bright: strength(BEAUTIFY.eye_bright, [
        '亮眼：提亮眼部（虹膜与眼白）；0 为不处理。',
        '亮眼：提亮眼部（虹膜與眼白）；0 為不處理。',
        'Eye brightening: the eyes’ openings (iris and white) lifted in lightness; 0 leaves them.',
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
        faces: retouchedFaces,
        beauty: described(
          obj({ smooth: z.number(), whiten: z.number(), blemish: z.number(), eye_bright: z.number() }),
          ['实际使用的参数。', '實際使用的參數。', 'The settings applied.'],
        ),
      },
    }),
    errors: [20003],
  },
});

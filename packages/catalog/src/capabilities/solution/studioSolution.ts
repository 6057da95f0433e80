import { z } from 'zod';
import { count, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { choice, maxFaces, strength } from '../../contract/params.ts';
import { BEAUTIFY } from '../imageProcessing/beautify.ts';
import { FILTER_LOOK_NAMES, FILTER_LOOK_PREVIEWS, FILTER_LOOKS } from '../imageProcessing/filter.ts';
import { retouchedFaces } from '../imageProcessing/retouch-fields.ts';

/** The default recipe of the studio (the engine's STUDIO_DEFAULTS, checked by a test). */
export const STUDIO = { ...BEAUTIFY, filter_type: 'soft', filter_alpha: 60, hdr: 0 } as const;

export const studioSolution = defineCapability({
  id: 176,
  key: 'studio-solution',
  group: 'solution',
  slug: 'studioSolution',
  kind: 'solution',
  menuType: 2,
  status: 2,
  doc: 233,
  name: ['智能修图解决方案', '智慧修圖解決方案', 'Smart Photo Editing Solution'],
  description: [
    '面向影楼与摄影机构的批量智能修图：美颜、调色与影调一步完成，可作为异步批量任务运行。',
    '面向影樓與攝影機構的批量智慧修圖：美顏、調色與影調一步完成，可作為非同步批次任務執行。',
    'Batch retouching for studios: beautify, colour look and tone in one pass, runnable as asynchronous batch jobs.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v1/studio',
    parameters: {
      smooth: strength(BEAUTIFY.smooth, [
        '磨皮（与人像美颜相同）：皮肤区域内保边平滑并保留毛孔纹理；0 为不处理。',
        '磨皮（與人像美顏相同）：皮膚區域內保邊平滑並保留毛孔紋理；0 為不處理。',
        'Smoothing (as Portrait Beautify): edge-preserving smoothing inside the skin, pores kept; 0 leaves it.',
      ]),
      whiten: strength(BEAUTIFY.whiten, [
        '美白（与人像美颜相同）；0 为不处理。',
        '美白（與人像美顏相同）；0 為不處理。',
        'Whitening (as Portrait Beautify); 0 leaves it.',
      ]),
      blemish: strength(BEAUTIFY.blemish, [
        '祛斑祛痘（与人像美颜相同）；0 为不处理。',
        '祛斑祛痘（與人像美顏相同）；0 為不處理。',
        'Blemish removal (as Portrait Beautify); 0 leaves them.',
      ]),
      eye_bright: strength(BEAUTIFY.eye_bright, [
        '亮眼（与人像美颜相同）；0 为不处理。',
        '亮眼（與人像美顏相同）；0 為不處理。',
        'Eye brightening (as Portrait Beautify); 0 leaves them.',
      ]),
      filter_type: choice(
        FILTER_LOOKS,
        { default: STUDIO.filter_type, names: FILTER_LOOK_NAMES, previews: FILTER_LOOK_PREVIEWS },
        [
          '调色风格：滤镜能力的 24 种三维查找表之一。',
          '調色風格：濾鏡能力的 24 種三維查找表之一。',
          'The colour look: one of the 24 3D lookup tables of Filters.',
        ],
      ),
      filter_alpha: strength(STUDIO.filter_alpha, [
        '调色强度：与美颜后照片的混合比例；0 为不调色。',
        '調色強度：與美顏後照片的混合比例；0 為不調色。',
        'Look strength: its blend with the beautified photo; 0 applies no look.',
      ]),
      hdr: strength(STUDIO.hdr, [
        '影调（与 HDR 能力相同的局部色调映射）：提亮暗部、收回高光；0 为不处理。',
        '影調（與 HDR 能力相同的局部色調映射）：提亮暗部、收回高光；0 為不處理。',
        'Tone (the local tone mapping of HDR): shadows lifted, highlights pulled in; 0 leaves it.',
      ]),
      max_face_num: maxFaces([
        '最多美颜的人脸数，按检测置信度从高到低。',
        '最多美顏的人臉數，依偵測置信度由高到低。',
        'Most faces beautified, the highest detector scores first.',
      ]),
    },
    answer: image({
      extra: {
        face_num: count([
          '美颜的人脸数（无人脸时为 0，其余步骤照常）。',
          '美顏的人臉數（無人臉時為 0，其餘步驟照常）。',
          'Faces beautified (0 without a face; the other steps still apply).',
        ]),
        faces: retouchedFaces,
        recipe: described(
          obj({
            smooth: z.number(),
            whiten: z.number(),
            blemish: z.number(),
            eye_bright: z.number(),
            filter_type: z.enum(FILTER_LOOKS),
            filter_alpha: z.number(),
            hdr: z.number(),
          }),
          ['实际使用的配方。', '實際使用的配方。', 'The recipe applied.'],
        ),
      },
    }),
    errors: [],
  },
});

import { z } from 'zod';
import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { providedChoice, strength } from '../../contract/params.ts';

/** The looks of v1/filter (`filterType`), in the order the demo offers them. */
export const FILTER_LOOKS = [
  'warm',
  'cool',
  'mono',
  'noir',
  'sepia',
  'vintage',
  'faded',
  'vivid',
  'soft',
  'film_warm',
  'film_cool',
  'teal_orange',
  'cinematic',
  'fresh',
  'airy',
  'sunset',
  'matte',
  'pastel',
  'cross_process',
  'bleach_bypass',
  'rose',
  'forest',
  'golden',
  'moody',
] as const;
export type FilterLook = (typeof FILTER_LOOKS)[number];

/** Display names of the looks: Simplified Chinese, Traditional Chinese, English. */
export const FILTER_LOOK_NAMES: Record<FilterLook, Doc> = {
  warm: ['暖阳', '暖陽', 'Warm'],
  cool: ['清冷', '清冷', 'Cool'],
  mono: ['黑白', '黑白', 'Mono'],
  noir: ['黑色电影', '黑色電影', 'Noir'],
  sepia: ['怀旧棕', '懷舊棕', 'Sepia'],
  vintage: ['复古', '復古', 'Vintage'],
  faded: ['褪色', '褪色', 'Faded'],
  vivid: ['鲜艳', '鮮豔', 'Vivid'],
  soft: ['柔和', '柔和', 'Soft'],
  film_warm: ['暖调胶片', '暖調膠片', 'Warm film'],
  film_cool: ['冷调胶片', '冷調膠片', 'Cool film'],
  teal_orange: ['青橙', '青橙', 'Teal & orange'],
  cinematic: ['电影感', '電影感', 'Cinematic'],
  fresh: ['清新', '清新', 'Fresh'],
  airy: ['日系', '日系', 'Airy'],
  sunset: ['日落', '日落', 'Sunset'],
  matte: ['哑光', '啞光', 'Matte'],
  pastel: ['粉彩', '粉彩', 'Pastel'],
  cross_process: ['交叉冲印', '交叉沖印', 'Cross process'],
  bleach_bypass: ['漂白', '漂白', 'Bleach bypass'],
  rose: ['玫瑰', '玫瑰', 'Rose'],
  forest: ['森林', '森林', 'Forest'],
  golden: ['金色时光', '金色時光', 'Golden hour'],
  moody: ['暗调', '暗調', 'Moody'],
};

/** The default look and strengths (the engine's, checked by a test). */
export const FILTER = { filterType: 'film_warm', filterAlpha: 100, beautyAlpha: 0 } as const;

/** The picture of each look in the look picker (v1/filter and the studio recipe). */
export const FILTER_LOOK_PREVIEWS = Object.fromEntries(
  FILTER_LOOKS.map((look) => [look, `/samples/filters/${look}.jpg`]),
) as Record<FilterLook, string>;

export const filter = defineCapability({
  id: 19,
  key: 'filter',
  group: 'imageProcessing',
  slug: 'filter',
  kind: 'image',
  status: 2,
  doc: 217,
  samples: ['astronaut.jpg', 'coffee.jpg'],
  name: ['滤镜', '濾鏡', 'Filters'],
  description: [
    '多种风格滤镜，一键调色。',
    '多種風格濾鏡，一鍵調色。',
    'Colour-grading filters in many styles.',
  ],
  api: {
    endpoint: 'v1/filter',
    parameters: {
      filterType: providedChoice(
        {
          source: 'filter_look',
          url: '/api/v1/materials?type=filter_look',
          pattern: /^m[1-9][0-9]{0,9}$/,
          note: [
            '可用风格随后台素材库变化：GET /api/v1/materials?type=filter_look 按顺序列出当前启用的全部风格（含上传的 .cube 风格，值为 m<id>）；已停用或不存在的风格返回参数错误 10000。',
            '可用風格隨後台素材庫變化：GET /api/v1/materials?type=filter_look 依序列出目前啟用的全部風格（含上傳的 .cube 風格，值為 m<id>）；已停用或不存在的風格回傳參數錯誤 10000。',
            'The list is dynamic: GET /api/v1/materials?type=filter_look lists every enabled look in order (looks uploaded as .cube files valued m<id> included); a disabled or unknown one answers the parameter error 10000.',
          ],
        },
        FILTER_LOOKS,
        { default: FILTER.filterType, names: FILTER_LOOK_NAMES, previews: FILTER_LOOK_PREVIEWS },
        [
          '滤镜风格：24 种调色风格之一，每种是由曲线、分离色调、通道混合、饱和度、褪色等调色操作生成的 33³ 三维查找表（胶片风格为近似，并非某种胶片的实测）；或后台上传的 .cube 三维查找表。',
          '濾鏡風格：24 種調色風格之一，每種是由曲線、分離色調、通道混合、飽和度、褪色等調色操作產生的 33³ 三維查找表（膠片風格為近似，並非某種膠片的實測）；或後台上傳的 .cube 三維查找表。',
          'The look: one of 24 colour grades, each a 33³ 3D lookup table made from documented colour operations (curves, split toning, channel mixing, saturation, fade; the film looks are approximations, not measurements of a film stock), or a .cube 3D lookup table uploaded in the back office.',
        ],
      ),
      filterAlpha: strength(FILTER.filterAlpha, [
        '滤镜强度：与原图的混合比例，0 为原图，100 为完整滤镜效果。',
        '濾鏡強度：與原圖的混合比例，0 為原圖，100 為完整濾鏡效果。',
        'Filter strength: the blend with the photo, 0 the photo itself, 100 the full look.',
      ]),
      beautyAlpha: strength(FILTER.beautyAlpha, [
        '美颜强度：检测到人脸时先以 AI 美颜的磨皮处理（导向滤波，仅皮肤区域），0 为不处理；无人脸时忽略，不报错。',
        '美顏強度：偵測到人臉時先以 AI 美顏的磨皮處理（導向濾波，僅皮膚區域），0 為不處理；無人臉時忽略，不報錯。',
        'Beauty strength: when faces are found, AI Beauty’s skin smoothing (guided filter, skin only) first; 0 none. Without a face it is ignored, not an error.',
      ]),
    },
    answer: image({
      extra: {
        filter_type: described(z.union([z.enum(FILTER_LOOKS), z.string().regex(/^m[1-9][0-9]*$/)]), [
          '使用的滤镜风格；后台上传的风格为其值 m<id>。',
          '使用的濾鏡風格；後台上傳的風格為其值 m<id>。',
          'The look applied: a bundled one’s name or an uploaded one’s value (m<id>).',
        ]),
        filter_alpha: described(z.number(), [
          '使用的滤镜强度。',
          '使用的濾鏡強度。',
          'The filter strength used.',
        ]),
        beauty_alpha: described(z.number(), [
          '使用的美颜强度。',
          '使用的美顏強度。',
          'The beauty strength used.',
        ]),
        face_num: count([
          '磨皮处理的人脸数（美颜强度为 0 时不检测人脸，为 0）。',
          '磨皮處理的人臉數（美顏強度為 0 時不偵測人臉，為 0）。',
          'Faces smoothed (0 when the beauty strength is 0: no face is looked for).',
        ]),
      },
    }),
    errors: [],
  },
});

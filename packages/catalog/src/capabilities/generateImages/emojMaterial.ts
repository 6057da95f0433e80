import { z } from 'zod';
import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { maxFaces, providedChoice } from '../../contract/params.ts';
import { retouchedFaces } from '../imageProcessing/retouch-fields.ts';

/** The bundled stickers (values of `material`) and their names in three languages; the engine holds the drawings and anchors. */
export const STICKER_NAMES = {
  glasses: ['圆框眼镜', '圓框眼鏡', 'Round glasses'],
  sunglasses: ['飞行员墨镜', '飛行員墨鏡', 'Aviator sunglasses'],
  heart_eyes: ['爱心眼', '愛心眼', 'Heart eyes'],
  cat_ears: ['猫耳朵', '貓耳朵', 'Cat ears'],
  dog_ears: ['狗耳朵', '狗耳朵', 'Dog ears'],
  bunny_ears: ['兔耳朵', '兔耳朵', 'Bunny ears'],
  crown: ['皇冠', '皇冠', 'Crown'],
  party_hat: ['派对帽', '派對帽', 'Party hat'],
  blush: ['腮红', '腮紅', 'Blush cheeks'],
  moustache: ['卷胡子', '捲鬍子', 'Curled moustache'],
  clown_nose: ['小丑鼻', '小丑鼻', 'Clown nose'],
} as const satisfies Record<string, Doc>;

type Sticker = keyof typeof STICKER_NAMES;
const STICKERS = Object.keys(STICKER_NAMES) as [Sticker, ...Sticker[]];
/** Most stickers in one call (`materials`). */
export const MAX_STICKERS = 4;
/** The default sticker (the engine's, checked by a test). */
export const STICKER_DEFAULT: Sticker = 'cat_ears';

const previews = Object.fromEntries(STICKERS.map((s) => [s, `/samples/stickers/${s}.png`])) as Record<
  Sticker,
  string
>;
const list = (lang: 0 | 1 | 2, sep: string) =>
  STICKERS.map((key) => `${key} (${STICKER_NAMES[key][lang]})`).join(sep);

/**
 * The stickers are a provided choice: the bundled ones, then those uploaded in the back office
 * (materials of type sticker, valued `m<id>`), each only while enabled.
 */
const STICKER_SOURCE = {
  source: 'sticker',
  url: '/api/v1/materials?type=sticker',
  pattern: /^m[1-9][0-9]{0,9}$/,
  note: [
    '可用素材随后台素材库变化：GET /api/v1/materials?type=sticker 按顺序列出当前启用的全部贴纸（含上传的 m<id>）；已停用或不存在的素材返回参数错误 10000。',
    '可用素材隨後台素材庫變化：GET /api/v1/materials?type=sticker 依序列出目前啟用的全部貼紙（含上傳的 m<id>）；已停用或不存在的素材回傳參數錯誤 10000。',
    'The list is dynamic: GET /api/v1/materials?type=sticker lists every enabled sticker in order (uploaded ones valued m<id> included); a disabled or unknown one answers the parameter error 10000.',
  ],
} as const;

export const emojMaterial = defineCapability({
  id: 122,
  key: 'emojMaterial',
  group: 'generateImages',
  slug: 'emojMaterial',
  endpoint: 'v1/EmojMaterialH5',
  kind: 'image',
  status: 4,
  doc: 15,
  name: ['表情包生成', '表情包生成', 'Emoji Sticker Maker'],
  description: [
    '由人像生成个性表情包素材。',
    '由人像生成個性表情包素材。',
    'Creates personal emoji stickers from a portrait.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v1/EmojMaterialH5',
    parameters: {
      material: providedChoice(
        STICKER_SOURCE,
        STICKERS,
        { default: STICKER_DEFAULT, names: STICKER_NAMES, previews },
        [
          `贴纸素材：${list(0, '、')}。素材为本平台自绘的矢量图，按人脸网格（468 点）上的锚点放置，随人脸位置、大小与倾斜角度变化。`,
          `貼紙素材：${list(1, '、')}。素材為本平台自繪的向量圖，依人臉網格（468 點）上的錨點放置，隨人臉位置、大小與傾斜角度變化。`,
          `The sticker: ${list(2, ', ')}. Each is a vector drawing made for this platform, placed by anchors on the 468-point face mesh, so it follows the face’s position, size and tilt.`,
        ],
      ),
      materials: providedChoice(STICKER_SOURCE, STICKERS, { list: { max: MAX_STICKERS } }, [
        `同时使用多个素材：以逗号分隔的 1 至 ${MAX_STICKERS} 个素材名（如 sunglasses,crown），按顺序绘制；给出时代替 material。`,
        `同時使用多個素材：以逗號分隔的 1 至 ${MAX_STICKERS} 個素材名（如 sunglasses,crown），依序繪製；給出時取代 material。`,
        `Several stickers at once: 1 to ${MAX_STICKERS} names separated by commas (e.g. sunglasses,crown), drawn in that order; when given it replaces material.`,
      ]),
      max_face_num: maxFaces([
        '最多贴上素材的人脸数，按检测置信度从高到低。',
        '最多貼上素材的人臉數，依偵測置信度由高到低。',
        'Most faces given stickers, the highest detector scores first.',
      ]),
    },
    answer: image({
      extra: {
        face_num: count(['贴上素材的人脸数。', '貼上素材的人臉數。', 'Number of faces given stickers.']),
        faces: retouchedFaces,
        materials: described(z.array(z.string()), [
          '实际绘制的素材，按绘制顺序。',
          '實際繪製的素材，依繪製順序。',
          'The stickers drawn, in drawing order.',
        ]),
      },
    }),
    errors: [20003],
  },
});

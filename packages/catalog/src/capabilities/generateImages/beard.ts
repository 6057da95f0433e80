import { z } from 'zod';
import { count, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { choice, maxFaces, strength } from '../../contract/params.ts';
import { retouchedFaces } from '../imageProcessing/retouch-fields.ts';

/** The styles (values of `style`) and their names in three languages; the engine holds their regions. */
export const BEARD_STYLE_NAMES = {
  full: ['络腮胡', '絡腮鬍', 'Full beard'],
  goatee: ['山羊胡', '山羊鬍', 'Goatee'],
  moustache: ['八字胡', '八字鬍', 'Moustache'],
  stubble: ['胡茬', '鬍渣', 'Stubble'],
  chin_strap: ['下颌线胡', '下顎線鬍', 'Chin strap'],
  handlebar: ['翘八字胡', '翹八字鬍', 'Handlebar'],
  van_dyke: ['范戴克胡', '范戴克鬍', 'Van Dyke'],
} as const satisfies Record<string, Doc>;

/** The named colours (values of `color`); the engine holds their sRGB values. */
export const BEARD_COLOUR_NAMES = {
  black: ['黑色', '黑色', 'Black'],
  brown: ['棕色', '棕色', 'Brown'],
  grey: ['灰白', '灰白', 'Grey'],
  blond: ['金色', '金色', 'Blond'],
} as const satisfies Record<string, Doc>;

/** The defaults (the engine's, checked by a test). */
export const BEARD = { style: 'full', color: 'black', strength: 85, density: 60 } as const;

const keys = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...Array<keyof T & string>];
const STYLE_KEYS = keys(BEARD_STYLE_NAMES);
const COLOUR_KEYS = keys(BEARD_COLOUR_NAMES);
const list = (names: Record<string, Doc>, lang: 0 | 1 | 2, sep: string) =>
  Object.entries(names)
    .map(([key, doc]) => `${key} (${doc[lang]})`)
    .join(sep);

const HEX = /^#?[0-9a-fA-F]{6}$/;

export const beard = defineCapability({
  id: 21,
  key: 'beard',
  group: 'generateImages',
  slug: 'beard',
  endpoint: 'v1/beard',
  kind: 'image',
  status: 4,
  doc: 88,
  name: ['虚拟胡须', '虛擬鬍鬚', 'Virtual Beard'],
  description: [
    '为人像添加自然的胡须造型。',
    '為人像添加自然的鬍鬚造型。',
    'Adds a natural-looking beard to a portrait.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v1/beard',
    parameters: {
      style: choice(STYLE_KEYS, { default: BEARD.style, caseInsensitive: true, names: BEARD_STYLE_NAMES }, [
        `胡须造型：${list(BEARD_STYLE_NAMES, 0, '、')}。每种造型是人脸网格（468 点）上的区域，随人脸位置、大小与姿态移动；毛发以沿胡须生长方向的细笔触绘制（确定性，同一照片结果相同），并按皮肤自身的明暗着色。`,
        `鬍鬚造型：${list(BEARD_STYLE_NAMES, 1, '、')}。每種造型是人臉網格（468 點）上的區域，隨人臉位置、大小與姿態移動；毛髮以沿鬍鬚生長方向的細筆觸繪製（確定性，同一照片結果相同），並依皮膚自身的明暗著色。`,
        `The style: ${list(BEARD_STYLE_NAMES, 2, ', ')}. Each is a region on the 468-point face mesh, so it follows the face’s position, size and pose; the hair is drawn as fine strokes along the beard’s flow (deterministic: the same photo gives the same result), shaded by the skin’s own light and shadow.`,
      ]),
      color: choice(COLOUR_KEYS, { default: BEARD.color, caseInsensitive: true, names: BEARD_COLOUR_NAMES }, [
        `胡须颜色：${list(BEARD_COLOUR_NAMES, 0, '、')}；color_hex 可改为任意颜色。`,
        `鬍鬚顏色：${list(BEARD_COLOUR_NAMES, 1, '、')}；color_hex 可改為任意顏色。`,
        `Beard colour: ${list(BEARD_COLOUR_NAMES, 2, ', ')}; color_hex gives any other colour.`,
      ]),
      color_hex: described(
        z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          z
            .string({ error: 'must be a colour #rrggbb' })
            .regex(HEX, { error: 'must be a colour #rrggbb' })
            .optional(),
        ),
        [
          '胡须颜色，十六进制 #rrggbb；给出时代替 color。',
          '鬍鬚顏色，十六進位 #rrggbb；給出時取代 color。',
          'Beard colour as hex #rrggbb; when given it replaces color.',
        ],
        { type: 'string', pattern: HEX.source },
      ),
      strength: strength(BEARD.strength, [
        '浓度：毛发的不透明度，0 为不画，100 为最浓。',
        '濃度：毛髮的不透明度，0 為不畫，100 為最濃。',
        'Strength: the hair’s opacity, 0 draws nothing, 100 the most.',
      ]),
      density: strength(BEARD.density, [
        '密度：毛发笔触的多少，0 只留胡须区域的阴影，100 最密。',
        '密度：毛髮筆觸的多寡，0 只留鬍鬚區域的陰影，100 最密。',
        'Density: how many hair strokes, 0 leaves only the beard area’s shadow, 100 the densest.',
      ]),
      max_face_num: maxFaces([
        '最多添加胡须的人脸数，按检测置信度从高到低。',
        '最多添加鬍鬚的人臉數，依偵測置信度由高到低。',
        'Most faces given a beard, the highest detector scores first.',
      ]),
    },
    answer: image({
      extra: {
        face_num: count(['添加胡须的人脸数。', '添加鬍鬚的人臉數。', 'Number of faces given a beard.']),
        faces: retouchedFaces,
        beard: described(
          obj({
            style: z.enum(STYLE_KEYS),
            color: z.string(),
            strength: z.number(),
            density: z.number(),
          }),
          [
            '实际使用的造型、颜色（名称或 #rrggbb）、浓度与密度。',
            '實際使用的造型、顏色（名稱或 #rrggbb）、濃度與密度。',
            'The style, colour (a name or #rrggbb), strength and density applied.',
          ],
        ),
      },
    }),
    errors: [20003],
  },
});

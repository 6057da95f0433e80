import { z } from 'zod';
import { count, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { maxFaces, number, providedChoice } from '../../contract/params.ts';
import { retouchedFaces } from './retouch-fields.ts';

/** The named looks (values of `look`) and their names in three languages; the engine holds their colours. */
export const MAKEUP_LOOKS = {
  natural: ['自然', '自然', 'Natural'],
  rose: ['玫瑰', '玫瑰', 'Rose'],
  coral: ['珊瑚', '珊瑚', 'Coral'],
  classic_red: ['经典红唇', '經典紅唇', 'Classic red'],
  peach: ['蜜桃', '蜜桃', 'Peach'],
  smoky: ['烟熏', '煙燻', 'Smoky'],
  plum: ['梅子', '梅子', 'Plum'],
  nude: ['裸妆', '裸妝', 'Nude'],
  berry: ['莓果', '莓果', 'Berry'],
  orange_pop: ['活力橙', '活力橙', 'Orange pop'],
} as const satisfies Record<string, Doc>;

const LOOK_KEYS = Object.keys(MAKEUP_LOOKS) as [
  keyof typeof MAKEUP_LOOKS,
  ...Array<keyof typeof MAKEUP_LOOKS>,
];
const lookList = (lang: 0 | 1 | 2, sep: string) =>
  LOOK_KEYS.map((key) => `${key} (${MAKEUP_LOOKS[key][lang]})`).join(sep);

/** An uploaded look's value (a provided choice of the back office's materials). */
const UPLOADED = /^m[1-9][0-9]{0,9}$/;

const HEX = /^#?[0-9a-fA-F]{6}$/;
/** A colour as hex `#rrggbb` (the `#` may be left out); absent, "" or null: the look's. */
const colour = (text: Doc) =>
  described(
    z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string({ error: 'must be a colour #rrggbb' })
        .regex(HEX, { error: 'must be a colour #rrggbb' })
        .optional(),
    ),
    text,
    { type: 'string', pattern: HEX.source },
  );

const PARTS = {
  lipstick: ['口红', '口紅', 'Lipstick'],
  blush: ['腮红', '腮紅', 'Blush'],
  eyebrow: ['眉毛', '眉毛', 'Eyebrow'],
  eyeliner: ['眼线', '眼線', 'Eyeliner'],
  eyeshadow: ['眼影', '眼影', 'Eye shadow'],
} as const satisfies Record<string, Doc>;

type Part = keyof typeof PARTS;
const partStrength = (part: Part) => {
  const [zh, zhTw, en] = PARTS[part];
  return number({ min: 0, max: 100 }, [
    `${zh}浓度 0-100；不传则用妆容的默认值，0 为不画。`,
    `${zhTw}濃度 0-100；不傳則用妝容的預設值，0 為不畫。`,
    `${en} strength 0-100; absent: the look’s own; 0 leaves it out.`,
  ]);
};
const partColour = (part: Part) => {
  const [zh, zhTw, en] = PARTS[part];
  return colour([
    `${zh}颜色，十六进制 #rrggbb；不传则用妆容的颜色。`,
    `${zhTw}顏色，十六進位 #rrggbb；不傳則用妝容的顏色。`,
    `${en} colour as hex #rrggbb; absent: the look’s own.`,
  ]);
};
const paint = described(obj({ color: z.string(), strength: z.number() }), [
  '该部位实际使用的颜色与浓度。',
  '該部位實際使用的顏色與濃度。',
  'The colour and strength applied to this part.',
]);

export const makeup = defineCapability({
  id: 10,
  key: 'makeup',
  group: 'imageProcessing',
  slug: 'makeup',
  endpoint: 'v3/makeup',
  kind: 'image',
  status: 2,
  doc: 74,
  name: ['AI 美妆', 'AI 美妝', 'AI Makeup'],
  description: [
    '为人脸自然上妆，支持口红、腮红、眼影等妆容。',
    '為人臉自然上妝，支援口紅、腮紅、眼影等妝容。',
    'Applies natural makeup such as lipstick, blush and eye shadow.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v3/makeup',
    parameters: {
      look: providedChoice(
        {
          source: 'makeup_look',
          url: '/api/v1/materials?type=makeup_look',
          pattern: UPLOADED,
          note: [
            '可用妆容随后台素材库变化：GET /api/v1/materials?type=makeup_look 按顺序列出当前启用的全部妆容（含上传的妆容，值为 m<id>）；已停用或不存在的妆容返回参数错误 10000。',
            '可用妝容隨後台素材庫變化：GET /api/v1/materials?type=makeup_look 依序列出目前啟用的全部妝容（含上傳的妝容，值為 m<id>）；已停用或不存在的妝容回傳參數錯誤 10000。',
            'The list is dynamic: GET /api/v1/materials?type=makeup_look lists every enabled look in order (looks uploaded in the back office valued m<id> included); a disabled or unknown one answers the parameter error 10000.',
          ],
        },
        LOOK_KEYS,
        { default: 'natural', names: MAKEUP_LOOKS },
        [
          `妆容：${lookList(0, '、')}。每种妆容给出口红、腮红、眉毛、眼线、眼影的颜色与浓度，可用下面各部位的参数替换。`,
          `妝容：${lookList(1, '、')}。每種妝容給出口紅、腮紅、眉毛、眼線、眼影的顏色與濃度，可用下面各部位的參數替換。`,
          `The look: ${lookList(2, ', ')}. Each gives a colour and strength for lipstick, blush, eyebrow, eyeliner and eye shadow; the parameters of each part below replace them.`,
        ],
      ),
      lipstick: partStrength('lipstick'),
      lipstick_color: partColour('lipstick'),
      blush: partStrength('blush'),
      blush_color: partColour('blush'),
      eyebrow: partStrength('eyebrow'),
      eyebrow_color: partColour('eyebrow'),
      eyeliner: partStrength('eyeliner'),
      eyeliner_color: partColour('eyeliner'),
      eyeshadow: partStrength('eyeshadow'),
      eyeshadow_color: partColour('eyeshadow'),
      max_face_num: maxFaces([
        '最多上妆的人脸数，按检测置信度从高到低。',
        '最多上妝的人臉數，依偵測置信度由高到低。',
        'Most faces made up, the highest detector scores first.',
      ]),
    },
    answer: image({
      extra: {
        face_num: count(['上妆的人脸数。', '上妝的人臉數。', 'Number of faces made up.']),
        faces: retouchedFaces,
        makeup: described(
          obj({
            look: described(z.union([z.enum(LOOK_KEYS), z.string().regex(UPLOADED)]), [
              '使用的妆容；后台上传的妆容为其值 m<id>。',
              '使用的妝容；後台上傳的妝容為其值 m<id>。',
              'The look applied: a bundled one’s name or an uploaded one’s value (m<id>).',
            ]),
            lipstick: paint,
            blush: paint,
            eyebrow: paint,
            eyeliner: paint,
            eyeshadow: paint,
          }),
          [
            '实际使用的妆容与各部位的颜色、浓度。',
            '實際使用的妝容與各部位的顏色、濃度。',
            'The look applied, with the colour and strength of each part.',
          ],
        ),
      },
    }),
    errors: [20003],
  },
});

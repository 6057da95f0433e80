import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { attribute, points, type Layout } from '../../contract/kinds.ts';
import { integer, number } from '../../contract/params.ts';
import type { Doc } from '../../contract/doc.ts';

/**
 * The 21 hand points of MediaPipe Hands (its order and names): the wrist, then each finger from
 * its base to its tip, thumb first; lines along each finger and across the knuckles. The engine's
 * handgesture task answers in this layout (a test holds the two equal).
 */
export const HAND_21: Layout = {
  name: 'hand21',
  points: [
    'wrist',
    'thumb_cmc',
    'thumb_mcp',
    'thumb_ip',
    'thumb_tip',
    'index_finger_mcp',
    'index_finger_pip',
    'index_finger_dip',
    'index_finger_tip',
    'middle_finger_mcp',
    'middle_finger_pip',
    'middle_finger_dip',
    'middle_finger_tip',
    'ring_finger_mcp',
    'ring_finger_pip',
    'ring_finger_dip',
    'ring_finger_tip',
    'pinky_mcp',
    'pinky_pip',
    'pinky_dip',
    'pinky_tip',
  ],
  edges: [
    ['wrist', 'thumb_cmc'],
    ['thumb_cmc', 'thumb_mcp'],
    ['thumb_mcp', 'thumb_ip'],
    ['thumb_ip', 'thumb_tip'],
    ['wrist', 'index_finger_mcp'],
    ['index_finger_mcp', 'index_finger_pip'],
    ['index_finger_pip', 'index_finger_dip'],
    ['index_finger_dip', 'index_finger_tip'],
    ['middle_finger_mcp', 'middle_finger_pip'],
    ['middle_finger_pip', 'middle_finger_dip'],
    ['middle_finger_dip', 'middle_finger_tip'],
    ['ring_finger_mcp', 'ring_finger_pip'],
    ['ring_finger_pip', 'ring_finger_dip'],
    ['ring_finger_dip', 'ring_finger_tip'],
    ['wrist', 'pinky_mcp'],
    ['pinky_mcp', 'pinky_pip'],
    ['pinky_pip', 'pinky_dip'],
    ['pinky_dip', 'pinky_tip'],
    ['index_finger_mcp', 'middle_finger_mcp'],
    ['middle_finger_mcp', 'ring_finger_mcp'],
    ['ring_finger_mcp', 'pinky_mcp'],
  ],
};

/**
 * Gesture codes and their names. `none`: a hand showing none of the gestures (a grip, a relaxed
 * hand), which the demo reports as "No gesture detected".
 */
export const HAND_GESTURES = {
  open_palm: ['张开手掌（数字 5）', '張開手掌（數字 5）', 'Open palm (number 5)'],
  fist: ['握拳', '握拳', 'Fist'],
  victory: ['胜利 / 剪刀手（数字 2）', '勝利 / 剪刀手（數字 2）', 'Victory (number 2)'],
  thumbs_up: ['点赞（竖起大拇指）', '按讚（豎起大拇指）', 'Thumbs up'],
  thumbs_down: ['大拇指向下', '大拇指向下', 'Thumbs down'],
  ok: ['OK', 'OK', 'OK'],
  pointing: ['食指指向（数字 1）', '食指指向（數字 1）', 'Pointing (number 1)'],
  i_love_you: ['我爱你', '我愛你', 'I love you'],
  call_me: ['打电话（六）', '打電話（六）', 'Call me'],
  three: ['数字 3', '數字 3', 'Number 3'],
  four: ['数字 4', '數字 4', 'Number 4'],
  none: ['未检测到手势', '未偵測到手勢', 'No gesture detected'],
} as const satisfies Record<string, Doc>;

export type HandGestureCode = keyof typeof HAND_GESTURES;

const gestureCodes = Object.keys(HAND_GESTURES) as [HandGestureCode, ...HandGestureCode[]];

const SIDES = {
  left: ['左手', '左手', 'Left hand'],
  right: ['右手', '右手', 'Right hand'],
} as const satisfies Record<string, Doc>;

export const handGesture = defineCapability({
  id: 109,
  key: 'handGesture',
  group: 'bodyTechnology',
  slug: 'handGesture',
  kind: 'points',
  status: 4,
  doc: 211,
  samples: ['hand-open.jpg', 'hand-pointing.jpg', 'coffee.jpg'],
  name: ['手势识别', '手勢識別', 'Hand Gesture Recognition'],
  description: [
    '检测手部位置并识别常见手势。',
    '檢測手部位置並識別常見手勢。',
    'Finds hands and recognises common gestures.',
  ],
  api: {
    endpoint: 'v1/HandGesture',
    parameters: {
      max_hand_num: integer({ min: 1, max: 10, default: 4 }, [
        '最多返回的手数，按得分从高到低保留。',
        '最多返回的手數，依得分由高到低保留。',
        'Most hands to return, the highest scores first.',
      ]),
      min_score: number({ min: 0, max: 1, default: 0.5 }, [
        '手的最低得分，低于它的不返回。默认值是关键点模型自身的判定线，未在照片上调整。',
        '手的最低得分，低於它的不返回。預設值是關鍵點模型自身的判定線，未在照片上調整。',
        "Lowest hand score returned. The default is the landmark model's own cut, not tuned on photos.",
      ]),
    },
    answer: points({
      list: 'hands',
      count: 'hand_num',
      rectangle: 'hand_rectangle',
      items: ['手', '手', 'hands'],
      one: ['手', '手', 'hand'],
      layout: HAND_21,
      pointScore: [
        '每个点的得分即该手的得分（模型不给单个点的得分）。',
        '每個點的得分即該手的得分（模型不給單個點的得分）。',
        "Each point's score is the hand's score (the model gives none per point).",
      ],
      attributes: {
        handedness: attribute(z.enum(['left', 'right']), [
          '左手或右手（被拍摄者自身的左右，按照片未经镜像翻转判断；自拍镜像照片会左右颠倒），得分为模型对该侧的得分。',
          '左手或右手（被拍攝者自身的左右，按照片未經鏡像翻轉判斷；自拍鏡像照片會左右顛倒），得分為模型對該側的得分。',
          "Left or right hand: the subject's own, taking the photo as not mirrored (a mirrored selfie swaps them); the score is the model's for that side.",
        ]),
        gesture: attribute(z.enum(gestureCodes), [
          `手势代码：${gestureCodes.join('、')}；none 表示不是其中任何一种。由各手指的弯曲与方向按规则判断。`,
          `手勢代碼：${gestureCodes.join('、')}；none 表示不是其中任何一種。由各手指的彎曲與方向按規則判斷。`,
          `Gesture code: ${gestureCodes.join(', ')}; none when the hand shows none of them. Read by rules from each finger's curl and direction.`,
        ]),
        number: attribute(z.number().int().min(1).max(5).nullable(), [
          '数数手势表示的数字（食指起竖起的手指数，1 到 5），其他手势为 null。',
          '數數手勢表示的數字（食指起豎起的手指數，1 到 5），其他手勢為 null。',
          'The number a counting gesture shows (fingers held up, index first, 1 to 5); null for other gestures.',
        ]),
      },
      names: { ...HAND_GESTURES, ...SIDES },
      empty: HAND_GESTURES.none,
    }),
    errors: [],
  },
});

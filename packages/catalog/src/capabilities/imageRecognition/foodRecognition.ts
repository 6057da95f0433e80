import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { boxes } from '../../contract/kinds.ts';
import { obj, rectangle, unit } from '../../contract/answer.ts';
import { integer, number } from '../../contract/params.ts';
import { described, type Doc } from '../../contract/doc.ts';

/** The foods named and their names; the engine's fooddetect task answers these codes (COCO's foods). */
export const FOOD_NAMES = {
  banana: ['香蕉', '香蕉', 'Banana'],
  apple: ['苹果', '蘋果', 'Apple'],
  sandwich: ['三明治', '三明治', 'Sandwich'],
  orange: ['橙子', '柳橙', 'Orange'],
  broccoli: ['西兰花', '花椰菜', 'Broccoli'],
  carrot: ['胡萝卜', '紅蘿蔔', 'Carrot'],
  'hot dog': ['热狗', '熱狗', 'Hot dog'],
  pizza: ['披萨', '披薩', 'Pizza'],
  donut: ['甜甜圈', '甜甜圈', 'Donut'],
  cake: ['蛋糕', '蛋糕', 'Cake'],
} as const satisfies Record<string, Doc>;

/** Tableware and furniture reported as context, and their names. */
export const FOOD_CONTEXT_NAMES = {
  'wine glass': ['酒杯', '酒杯', 'Wine glass'],
  cup: ['杯子', '杯子', 'Cup'],
  bowl: ['碗', '碗', 'Bowl'],
  'dining table': ['餐桌', '餐桌', 'Dining table'],
} as const satisfies Record<string, Doc>;

type FoodCode = keyof typeof FOOD_NAMES;
type ContextCode = keyof typeof FOOD_CONTEXT_NAMES;
const foodCodes = Object.keys(FOOD_NAMES) as [FoodCode, ...FoodCode[]];
const contextCodes = Object.keys(FOOD_CONTEXT_NAMES) as [ContextCode, ...ContextCode[]];
const list = (names: Record<string, Doc>, k: 0 | 1 | 2, sep: string) =>
  Object.entries(names)
    .map(([c, n]) => `${c} ${n[k]}`)
    .join(sep);

export const foodRecognition = defineCapability({
  id: 91,
  key: 'foodRecognition',
  group: 'imageRecognition',
  slug: 'foodRecognition',
  endpoint: 'v1/fooddetect',
  kind: 'boxes',
  status: 4,
  doc: 71,
  samples: ['fruits.jpg', 'coffee.jpg'],
  name: ['食物识别', '食物識別', 'Food Recognition'],
  description: [
    '识别图片中的食物种类。',
    '識別圖片中的食物種類。',
    'Recognises the kinds of food in a photo.',
  ],
  api: {
    endpoint: 'v1/fooddetect',
    parameters: {
      max_food_num: integer({ min: 1, max: 50, default: 20 }, [
        '最多返回的食物数，按得分从高到低保留。',
        '最多返回的食物數，依得分由高到低保留。',
        'Most food items to return, the highest scores first.',
      ]),
      min_score: number({ min: 0, max: 1, default: 0.32 }, [
        '食物与餐具的最低得分，低于它的不返回。默认值在不参与质量报告的照片上选定，见质量文档。',
        '食物與餐具的最低得分，低於它的不返回。預設值在不參與品質報告的照片上選定，見品質文件。',
        'Lowest score of a food item or a piece of tableware returned. The default was chosen on photos outside the quality report (see the quality notes).',
      ]),
    },
    answer: boxes({
      list: 'foods',
      count: 'food_num',
      rectangle: 'food_rectangle',
      items: ['食物', '食物', 'food items'],
      one: ['食物', '食物', 'food item'],
      names: { ...FOOD_NAMES, ...FOOD_CONTEXT_NAMES },
      empty: ['未检测到食物', '未偵測到食物', 'No food detected'],
      item: {
        label: described(z.enum(foodCodes), [
          `食物类别（COCO 的十种食物）：${list(FOOD_NAMES, 0, '、')}。其他食物不命名，可能被认作最相近的一类或不返回。`,
          `食物類別（COCO 的十種食物）：${list(FOOD_NAMES, 1, '、')}。其他食物不命名，可能被認作最相近的一類或不返回。`,
          `The food (COCO's ten foods): ${list(FOOD_NAMES, 2, ', ')}. Other food is not named: it may be read as the nearest of these, or not returned.`,
        ]),
      },
      extra: {
        context: described(
          z.array(
            obj({
              context_rectangle: rectangle([
                '餐具或餐桌的外接框（像素）。',
                '餐具或餐桌的外接框（像素）。',
                'Box around the tableware or table, in pixels.',
              ]),
              score: unit([
                '检测得分，0 到 1（不是校准过的概率）。',
                '偵測得分，0 到 1（不是校準過的機率）。',
                'Detection score, 0 to 1 (a score, not a calibrated probability).',
              ]),
              label: described(z.enum(contextCodes), [
                `类别：${list(FOOD_CONTEXT_NAMES, 0, '、')}。`,
                `類別：${list(FOOD_CONTEXT_NAMES, 1, '、')}。`,
                `What it is: ${list(FOOD_CONTEXT_NAMES, 2, ', ')}.`,
              ]),
            }),
          ),
          [
            '食物周围的餐具与餐桌（同一最低得分），从左到右排列；不计入食物数量。',
            '食物周圍的餐具與餐桌（同一最低得分），由左至右排列；不計入食物數量。',
            'Tableware and tables seen around the food (at the same lowest score), left to right; not counted as food.',
          ],
        ),
      },
    }),
    errors: [],
  },
});

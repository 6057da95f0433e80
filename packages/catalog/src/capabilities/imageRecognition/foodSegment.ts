import { defineCapability } from '../../contract/define.ts';
import { mask } from '../../contract/kinds.ts';
import { number } from '../../contract/params.ts';

/**
 * The labels of the food label image: pixel value, key, names and painted colour. 1-10 are COCO's
 * foods (as v1/fooddetect names them), 11 food of no known kind (a bowl's or cup's contents).
 */
export const FOOD_SEGMENT_LABELS = [
  { value: 1, label: 'banana', name: ['香蕉', '香蕉', 'banana'], colour: '#f4d03f' },
  { value: 2, label: 'apple', name: ['苹果', '蘋果', 'apple'], colour: '#c0392b' },
  { value: 3, label: 'sandwich', name: ['三明治', '三明治', 'sandwich'], colour: '#d7a86e' },
  { value: 4, label: 'orange', name: ['橙子', '柳橙', 'orange'], colour: '#f39c12' },
  { value: 5, label: 'broccoli', name: ['西兰花', '花椰菜', 'broccoli'], colour: '#27ae60' },
  { value: 6, label: 'carrot', name: ['胡萝卜', '紅蘿蔔', 'carrot'], colour: '#e67e22' },
  { value: 7, label: 'hot dog', name: ['热狗', '熱狗', 'hot dog'], colour: '#a04000' },
  { value: 8, label: 'pizza', name: ['披萨', '披薩', 'pizza'], colour: '#e74c3c' },
  { value: 9, label: 'donut', name: ['甜甜圈', '甜甜圈', 'donut'], colour: '#d98880' },
  { value: 10, label: 'cake', name: ['蛋糕', '蛋糕', 'cake'], colour: '#f5cba7' },
  {
    value: 11,
    label: 'food',
    name: [
      '食物（碗或杯中，种类未知）',
      '食物（碗或杯中，種類未知）',
      'food (in a bowl or cup, kind unknown)',
    ],
    colour: '#8e44ad',
  },
] as const;

export const foodSegment = defineCapability({
  id: 120,
  key: 'foodSegment',
  group: 'imageRecognition',
  slug: 'foodSegment',
  endpoint: 'v1/foodsegment',
  kind: 'mask',
  status: 4,
  doc: 72,
  samples: ['fruits.jpg', 'coffee.jpg'],
  name: ['食物分割', '食物分割', 'Food Segmentation'],
  description: [
    '分割出图片中的食物区域。',
    '分割出圖片中的食物區域。',
    'Segments the food areas of a photo.',
  ],
  api: {
    endpoint: 'v1/foodsegment',
    parameters: {
      min_score: number({ min: 0, max: 1, default: 0.1 }, [
        '作为区域种子的食物、碗或杯的最低检测得分。默认值在不参与质量报告的照片上选定，见质量文档。没有种子时返回空的标签图（未检测到食物），不是错误。',
        '作為區域種子的食物、碗或杯的最低偵測得分。預設值在不參與品質報告的照片上選定，見品質文件。沒有種子時回傳空的標籤圖（未偵測到食物），不是錯誤。',
        'Lowest detection score of a food item, bowl or cup that seeds a region. The default was chosen on photos outside the quality report (see the quality notes). With no seed the label image is empty (no food found), not an error.',
      ]),
    },
    answer: mask({
      region: ['食物区域', '食物區域', 'food regions'],
      labels: FOOD_SEGMENT_LABELS,
    }),
    errors: [],
  },
});

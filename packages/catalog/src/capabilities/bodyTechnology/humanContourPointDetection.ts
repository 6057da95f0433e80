import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { points, type Layout } from '../../contract/kinds.ts';
import { flag, integer } from '../../contract/params.ts';

const CONTOUR_NAMES = Array.from({ length: 63 }, (_, i) => `contour_${i + 1}`);

/**
 * The product's 63 body contour points: `contour_1` at the top of the head, then clockwise as the
 * photo is viewed, evenly spaced along the person's outline; each joined to the next and the last
 * to the first. The engine's bodycontour task answers in this layout (a test holds the two equal).
 */
export const BODY_CONTOUR_63: Layout = {
  name: 'contour63',
  points: CONTOUR_NAMES,
  edges: CONTOUR_NAMES.map((name, i) => [name, CONTOUR_NAMES[(i + 1) % CONTOUR_NAMES.length]!] as const),
};

export const humanContourPointDetection = defineCapability({
  id: 110,
  key: 'humanContourPointDetection',
  group: 'bodyTechnology',
  slug: 'bodyContour',
  endpoint: 'v1/BodyContour',
  kind: 'points',
  status: 4,
  doc: 205,
  samples: ['astronaut.jpg', 'cameraman.jpg'],
  name: ['人体轮廓点', '人體輪廓點', 'Body Contour Points'],
  description: [
    '输出人体 63 个轮廓点，用于体型美化与服装试穿。',
    '輸出人體 63 個輪廓點，用於體型美化與服裝試穿。',
    'Returns 63 contour points of the body for body shaping and virtual try-on.',
  ],
  api: {
    endpoint: 'v1/BodyContour',
    parameters: {
      max_person_num: integer({ min: 1, max: 6, default: 6 }, [
        '最多返回的人数，按人体关键点模型的得分从高到低保留（模型每张图最多给出 6 人）。',
        '最多返回的人數，依人體關鍵點模型的得分由高到低保留（模型每張圖最多給出 6 人）。',
        'Most people to return, the highest body-pose scores first (the model gives at most 6 per photo).',
      ]),
      full_contour: flag(false, [
        '为 1 时另外返回每个人完整的轮廓折线（contour）。',
        '為 1 時另外回傳每個人完整的輪廓折線（contour）。',
        "1: also return each person's whole traced outline (contour).",
      ]),
    },
    answer: points({
      list: 'persons',
      count: 'person_num',
      rectangle: 'person_rectangle',
      items: ['人', '人', 'people'],
      one: ['人', '人', 'person'],
      layout: BODY_CONTOUR_63,
      modelPoints: [
        '用于区分相互接触的人的 17 个人体关键点：与 v1/BodyPose 的 model_keypoints 相同（MoveNet MultiPose，COCO 顺序与名称）。',
        '用於區分相互接觸的人的 17 個人體關鍵點：與 v1/BodyPose 的 model_keypoints 相同（MoveNet MultiPose，COCO 順序與名稱）。',
        "The 17 body points by which touching people are told apart: as v1/BodyPose's model_keypoints (MoveNet MultiPose, COCO order and names).",
      ],
      pointScore: [
        '点的得分是该处人像掩码跨过轮廓的落差，0 到 1：在清楚的人体边缘接近 1，两人相接处与图片边缘处接近 0（不是概率）。',
        '點的得分是該處人像遮罩跨過輪廓的落差，0 到 1：在清楚的人體邊緣接近 1，兩人相接處與圖片邊緣處接近 0（不是機率）。',
        "A point's score is the person mask's step across the outline there, 0 to 1: near 1 on a clear edge of the body, near 0 where two people touch and along the photo's border (not a probability).",
      ],
      item: {
        contour: described(z.array(z.tuple([z.number(), z.number()])).optional(), [
          '仅当 full_contour 为 1 时返回：完整的轮廓折线，[x, y] 像素坐标，从头顶起顺时针（按照片显示方向），直线段中间的点已省略。',
          '僅當 full_contour 為 1 時回傳：完整的輪廓折線，[x, y] 像素座標，從頭頂起順時針（依照片顯示方向），直線段中間的點已省略。',
          'Only with full_contour 1: the whole traced outline as [x, y] pixel coordinates, from the top of the head clockwise as the photo is viewed; points in the middle of straight runs are left out.',
        ]),
      },
    }),
    errors: [],
  },
});

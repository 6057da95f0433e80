import { defineCapability } from '../../contract/define.ts';

export const humanContourPointDetection = defineCapability({
  id: 110,
  key: 'humanContourPointDetection',
  group: 'bodyTechnology',
  slug: 'bodyContour',
  endpoint: 'v1/BodyContour',
  kind: 'points',
  status: 4,
  doc: 205,
  name: ['人体轮廓点', '人體輪廓點', 'Body Contour Points'],
  description: [
    '输出人体 63 个轮廓点，用于体型美化与服装试穿。',
    '輸出人體 63 個輪廓點，用於體型美化與服裝試穿。',
    'Returns 63 contour points of the body for body shaping and virtual try-on.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const skinAnalysis = defineCapability({
  id: 65,
  key: 'skinAnalysis',
  group: 'faceTechnology',
  slug: 'skinAnalysis',
  endpoint: 'v2/skin',
  kind: 'attributes',
  status: 4,
  doc: 204,
  name: ['肌肤分析', '肌膚分析', 'Skin Analysis'],
  description: [
    '检测毛孔、痘印、黑头、黑眼圈、皱纹、肤色与肤质等肌肤指标。',
    '檢測毛孔、痘印、黑頭、黑眼圈、皺紋、膚色與膚質等肌膚指標。',
    'Measures pores, acne marks, blackheads, dark circles, wrinkles, skin tone and skin type.',
  ],
});

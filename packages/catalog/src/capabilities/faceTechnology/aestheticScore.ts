import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { attribute, attributes } from '../../contract/kinds.ts';
import type { Doc } from '../../contract/doc.ts';

/** Display names of the measures. */
export const AESTHETIC_NAMES = {
  content: ['内容', '內容', 'Content'],
  light: ['光线', '光線', 'Light'],
  colour_vividness: ['色彩鲜艳度', '色彩鮮豔度', 'Colour vividness'],
  colour_harmony: ['色彩和谐度', '色彩和諧度', 'Colour harmony'],
  balance: ['构图平衡', '構圖平衡', 'Balance'],
  sharpness: ['清晰度', '清晰度', 'Sharpness'],
  total: ['总分', '總分', 'Total'],
} as const satisfies Record<string, Doc>;

const measure = (text: Doc) =>
  attribute(z.number().min(0).max(100), [
    `${text[0]}0 到 100 的得分（由文中所述的测量算出，不是概率，也不是模型）。`,
    `${text[1]}0 到 100 的得分（由文中所述的量測算出，不是機率，也不是模型）。`,
    `${text[2]} A score from 0 to 100 (from the measure described, not a probability and not a model).`,
  ]);

export const aestheticScore = defineCapability({
  id: 121,
  key: 'aestheticScore',
  group: 'faceTechnology',
  slug: 'aestheticScore',
  kind: 'attributes',
  status: 4,
  doc: 6,
  samples: ['chelsea.jpg', 'street.jpg', 'coffee-dark.jpg'],
  name: ['图像美学评分', '圖像美學評分', 'Aesthetic Score'],
  description: [
    '从内容、光线、色彩鲜艳度、色彩和谐度与构图平衡评估照片美感。',
    '從內容、光線、色彩鮮豔度、色彩和諧度與構圖平衡評估照片美感。',
    'Scores a photo for content, light, colour vividness, colour harmony and balance.',
  ],
  api: {
    endpoint: 'v2/AsestheticsAssess',
    parameters: {},
    answer: attributes({
      list: 'photos',
      count: 'photo_num',
      rectangle: 'photo_rectangle',
      items: ['照片', '照片', 'photos'],
      one: ['照片', '照片', 'photo'],
      names: AESTHETIC_NAMES,
      attributes: {
        content: measure([
          '内容：是否有清晰的主体从画面中突出——最清晰的五分之一图块所占的高频能量比例（Datta 等 2006 的浅景深指标；Luo 与 Tang 2008），均匀为 0，集中为 100；不识别主体是什么。',
          '內容：是否有清晰的主體從畫面中突出——最清晰的五分之一圖塊所佔的高頻能量比例（Datta 等 2006 的淺景深指標；Luo 與 Tang 2008），均勻為 0，集中為 100；不辨識主體是什麼。',
          'Content: whether a sharp subject stands out, the share of the high-frequency energy held by the sharpest fifth of the blocks (the low depth-of-field indicator of Datta et al. 2006; Luo and Tang 2008), 0 when it is spread evenly, 100 when concentrated; it knows nothing of what the subject is.',
        ]),
        light: measure([
          '光线：L* 平均值接近中灰、2%–98% 亮度范围宽、少有纯黑纯白溢出。',
          '光線：L* 平均值接近中灰、2%–98% 亮度範圍寬、少有純黑純白溢出。',
          'Light: mean L* near mid-grey, a wide 2nd-98th percentile range of L*, little clipped to black or white.',
        ]),
        colour_vividness: measure([
          '色彩鲜艳度：Hasler 与 Süsstrunk（2003）的色彩丰富度 M，100 对应 M = 100（“极为鲜艳”约 109）。',
          '色彩鮮豔度：Hasler 與 Süsstrunk（2003）的色彩豐富度 M，100 對應 M = 100（「極為鮮豔」約 109）。',
          'Colour vividness: the colourfulness M of Hasler and Süsstrunk (2003); 100 at M = 100 (their "extremely colourful" is about 109).',
        ]),
        colour_harmony: measure([
          '色彩和谐度：按饱和度加权的色相与最合适的 Cohen-Or 等（2006）色相模板（i、V、L、I、Y、X）的平均角距离，0° 为 100，20° 以上为 0；灰色照片为和谐。多数自然照片得分很高。',
          '色彩和諧度：依飽和度加權的色相與最合適的 Cohen-Or 等（2006）色相模板（i、V、L、I、Y、X）的平均角距離，0° 為 100，20° 以上為 0；灰色照片為和諧。多數自然照片得分很高。',
          'Colour harmony: the saturation-weighted mean arc distance of the hues to the best-fitting hue template of Cohen-Or et al. (2006) (i, V, L, I, Y, X): 0 degrees scores 100, 20 or more 0; a grey photo is harmonious. Most natural photos score high.',
        ]),
        balance: measure([
          '构图平衡：一半来自显著性左右重量的平衡，一半来自显著性重心靠近画面中心或三分点的程度。',
          '構圖平衡：一半來自顯著性左右重量的平衡，一半來自顯著性重心靠近畫面中心或三分點的程度。',
          'Balance: half the left-right balance of the saliency, half how near its centre of mass lies to the centre or a rule-of-thirds point.',
        ]),
        sharpness: measure([
          '清晰度：在最强 5% 的边缘处，拉普拉斯与梯度之比的中位数（约为边缘宽度的倒数），与对比度无关。',
          '清晰度：在最強 5% 的邊緣處，拉普拉斯與梯度之比的中位數（約為邊緣寬度的倒數），與對比度無關。',
          'Sharpness: the median ratio of Laplacian to gradient at the strongest 5 % of edges (about one over the edge width), whatever the contrast.',
        ]),
        total: measure([
          '总分：各项加权平均（内容 0.2、光线 0.2、色彩鲜艳度 0.15、色彩和谐度 0.1、构图平衡 0.1、清晰度 0.25）。',
          '總分：各項加權平均（內容 0.2、光線 0.2、色彩鮮豔度 0.15、色彩和諧度 0.1、構圖平衡 0.1、清晰度 0.25）。',
          'Total: the weighted mean (content 0.2, light 0.2, colour vividness 0.15, colour harmony 0.1, balance 0.1, sharpness 0.25).',
        ]),
      },
    }),
    errors: [],
  },
});

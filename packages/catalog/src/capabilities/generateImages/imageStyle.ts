import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { choice, strength } from '../../contract/params.ts';

/** The art styles of v1/mtstyle (`style`), in the order the demo offers them. */
export const ART_STYLES = ['oil', 'watercolor', 'pencil', 'ink', 'pop_art', 'mosaic'] as const;
export type ArtStyle = (typeof ART_STYLES)[number];

/** Display names of the styles: Simplified Chinese, Traditional Chinese, English. */
export const ART_STYLE_NAMES: Record<ArtStyle, Doc> = {
  oil: ['油画', '油畫', 'Oil painting'],
  watercolor: ['水彩', '水彩', 'Watercolour'],
  pencil: ['铅笔素描', '鉛筆素描', 'Pencil sketch'],
  ink: ['水墨', '水墨', 'Ink wash'],
  pop_art: ['波普艺术', '普普藝術', 'Pop art'],
  mosaic: ['马赛克', '馬賽克', 'Mosaic'],
};

/** The default style and strength (the engine's, checked by a test). */
export const ART_STYLE = { style: 'oil', strength: 100 } as const;

const previews = Object.fromEntries(
  ART_STYLES.map((style) => [style, `/samples/artstyles/${style}.jpg`]),
) as Record<ArtStyle, string>;

export const imageStyle = defineCapability({
  id: 23,
  key: 'imageStyle',
  group: 'generateImages',
  slug: 'mtstyle',
  kind: 'image',
  status: 4,
  doc: 92,
  samples: ['astronaut.jpg', 'coffee.jpg'],
  name: ['图像风格化', '圖像風格化', 'Image Stylisation'],
  description: [
    '将照片转换为油画、素描等艺术风格。',
    '將照片轉換為油畫、素描等藝術風格。',
    'Renders a photo as oil painting, sketch and other art styles.',
  ],
  api: {
    endpoint: 'v1/mtstyle',
    parameters: {
      style: choice(ART_STYLES, { default: ART_STYLE.style, names: ART_STYLE_NAMES, previews }, [
        '艺术风格，每种是有文献的非真实感绘制方法（不是生成模型）：oil 油画（Kuwahara 滤波加沿结构张量方向的线积分卷积笔触与浮雕光照）；watercolor 水彩（Bousseau 等 2006：抽象化、颜料密度的湍流、颜料颗粒与纸纹、边缘加深）；pencil 铅笔素描（颜色减淡线条加 45° 排线色调，Lu、Xu、Jia 2012 的纹理映射）；ink 水墨（Kuwahara 抽象、分层墨色晕染、XDoG 笔线、宣纸纹理）；pop_art 波普（k-means 色块、45° 网点、粗轮廓线）；mosaic 马赛克（抖动网格上的 Voronoi 瓷砖，每块取平均色，带灰缝）。',
        '藝術風格，每種是有文獻的非真實感繪製方法（不是生成模型）：oil 油畫（Kuwahara 濾波加沿結構張量方向的線積分卷積筆觸與浮雕光照）；watercolor 水彩（Bousseau 等 2006：抽象化、顏料密度的湍流、顏料顆粒與紙紋、邊緣加深）；pencil 鉛筆素描（顏色加亮線條加 45° 排線色調，Lu、Xu、Jia 2012 的紋理映射）；ink 水墨（Kuwahara 抽象、分層墨色暈染、XDoG 筆線、宣紙紋理）；pop_art 普普（k-means 色塊、45° 網點、粗輪廓線）；mosaic 馬賽克（抖動網格上的 Voronoi 磁磚，每塊取平均色，帶灰縫）。',
        'The art style, each a documented non-photorealistic rendering (not a generative model): oil (Kuwahara filter, brush strokes by line integral convolution along the structure tensor, relief lighting); watercolor (Bousseau et al. 2006: abstraction, pigment density from turbulence, pigment dispersion and paper grain, edge darkening); pencil (colour-dodge outlines and 45-degree hatching for tone, the texture rendering of Lu, Xu and Jia 2012); ink (Kuwahara abstraction, bleeding ink washes in a few bands, XDoG brush lines, rice-paper grain); pop_art (k-means colour areas, a 45-degree halftone dot screen, bold outlines); mosaic (Voronoi tiles on a jittered grid, each the mean colour of its pixels, with grout).',
      ]),
      strength: strength(ART_STYLE.strength, [
        '强度：与原图的混合比例，0 为原图，100 为完整风格。',
        '強度：與原圖的混合比例，0 為原圖，100 為完整風格。',
        'Strength: the blend with the photo, 0 the photo itself, 100 the full style.',
      ]),
    },
    answer: image({
      extra: {
        style: described(z.enum(ART_STYLES), ['使用的风格。', '使用的風格。', 'The style rendered.']),
        strength: described(z.number(), ['使用的强度。', '使用的強度。', 'The strength used.']),
      },
    }),
    errors: [],
  },
});

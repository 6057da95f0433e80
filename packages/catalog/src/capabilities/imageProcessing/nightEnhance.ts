import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { strength } from '../../contract/params.ts';

/** The default strengths (the engine's, checked by a test). */
export const NIGHT = { strength: 80, denoise: 60 } as const;

export const nightEnhance = defineCapability({
  id: 89,
  key: 'nightEnhance',
  group: 'imageProcessing',
  slug: 'nightEnhance',
  kind: 'image',
  status: 2,
  doc: 219,
  samples: ['coffee-dark.jpg', 'rocket.jpg'],
  name: ['夜景增强', '夜景增強', 'Night Enhancement'],
  description: [
    '提亮暗光照片并抑制噪点。',
    '提亮暗光照片並抑制噪點。',
    'Brightens low-light photos and suppresses noise.',
  ],
  api: {
    endpoint: 'v1/night_denoise',
    parameters: {
      strength: strength(NIGHT.strength, [
        '提亮强度：按照度图提亮（LIME，Guo 等 2017：各像素 RGB 最大值经导向滤波细化为照度图，再做伽马校正），越暗处提亮越多，0 为不提亮。',
        '提亮強度：依照度圖提亮（LIME，Guo 等 2017：各像素 RGB 最大值經導向濾波細化為照度圖，再做伽馬校正），越暗處提亮越多，0 為不提亮。',
        'Brightening by the illumination map (LIME, Guo et al. 2017: each pixel’s largest of R, G, B refined by the guided filter, gamma-corrected): the darker a place, the more it is lifted; 0 none.',
      ]),
      denoise: strength(NIGHT.denoise, [
        '降噪强度：按各处提亮倍数与估计噪声做保边平滑，只在被提亮处起作用，0 为不降噪。',
        '降噪強度：依各處提亮倍數與估計雜訊做保邊平滑，只在被提亮處起作用，0 為不降噪。',
        'Noise suppression: edge-preserving smoothing scaled by each place’s brightening and the estimated noise, acting only where the photo was brightened; 0 none.',
      ]),
    },
    answer: image({
      extra: {
        strength: described(z.number(), [
          '使用的提亮强度。',
          '使用的提亮強度。',
          'The brightening strength used.',
        ]),
        denoise: described(z.number(), [
          '使用的降噪强度。',
          '使用的降噪強度。',
          'The noise suppression used.',
        ]),
        noise_sigma: described(z.number(), [
          '输入照片的噪声估计（标准差，8 位灰阶；Immerkaer 1996）。',
          '輸入照片的雜訊估計（標準差，8 位元灰階；Immerkaer 1996）。',
          'Noise estimated in the input photo (standard deviation in 8-bit levels; Immerkaer 1996).',
        ]),
        gain: described(z.number(), [
          '提亮倍数的中位数（1 为未提亮）。',
          '提亮倍數的中位數（1 為未提亮）。',
          'Median brightening factor (1 = unchanged).',
        ]),
      },
    }),
    errors: [],
  },
});

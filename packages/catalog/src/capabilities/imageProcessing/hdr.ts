import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { strength } from '../../contract/params.ts';

/** The default strength (the engine's, checked by a test). */
export const HDR_STRENGTH = 60;

export const hdr = defineCapability({
  id: 103,
  key: 'HDR',
  group: 'imageProcessing',
  slug: 'HDR',
  kind: 'image',
  status: 2,
  doc: 220,
  samples: ['coffee.jpg', 'rocket.jpg'],
  name: ['HDR 增强', 'HDR 增強', 'HDR Enhancement'],
  description: [
    '扩展照片动态范围，恢复亮部与暗部细节。',
    '擴展照片動態範圍，恢復亮部與暗部細節。',
    'Extends dynamic range to recover highlight and shadow detail.',
  ],
  api: {
    endpoint: 'v1/hdr',
    parameters: {
      strength: strength(HDR_STRENGTH, [
        '强度：单张照片的局部色调映射（Durand 与 Dorsey 2002 的基础层/细节层分解，以导向滤波保边），提亮暗部、压低亮部而保留细节，0 为原图。',
        '強度：單張照片的局部色調映射（Durand 與 Dorsey 2002 的基礎層/細節層分解，以導向濾波保邊），提亮暗部、壓低亮部而保留細節，0 為原圖。',
        'Strength of the local tone mapping of the one photo (Durand & Dorsey 2002 base/detail decomposition, edge-preserving by the guided filter): shadows lifted and highlights pulled in while detail is kept; 0 the photo itself.',
      ]),
    },
    answer: image({
      extra: {
        strength: described(z.number(), ['使用的强度。', '使用的強度。', 'The strength used.']),
      },
    }),
    errors: [],
  },
});

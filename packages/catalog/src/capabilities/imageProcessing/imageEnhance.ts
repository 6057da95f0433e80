import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { count } from '../../contract/answer.ts';
import { image } from '../../contract/kinds.ts';
import { choice, strength } from '../../contract/params.ts';
import { z } from 'zod';

/** The largest result of v1/aiquality: 2048 x 2048 pixels, 4096 px a side (the engine's limit). */
export const ENHANCE_LIMITS = { maxOutputPixels: 2048 * 2048, maxOutputSide: 4096 } as const;

export const imageEnhance = defineCapability({
  id: 179,
  key: 'imageEnhance',
  group: 'imageProcessing',
  slug: 'imageEnhance',
  kind: 'image',
  status: 3,
  doc: 221,
  name: ['画质增强', '畫質增強', 'Image Enhancement'],
  description: [
    '超分辨率放大与清晰度增强。',
    '超解析度放大與清晰度增強。',
    'Super-resolution upscaling and sharpening.',
  ],
  extension: { sampleFigure: ['/samples/enhance-chelsea.jpg'] },
  api: {
    endpoint: 'v1/aiquality',
    parameters: {
      scale: choice(['2', '4'], { default: '2' }, [
        '放大倍数：2 或 4。由超分辨率网络（RDN，UpscalerJS ESRGAN slim 模型）放大，其中七个卷积层以 8 位整数运行（与浮点网络相比，报告照片上的 PSNR 相差不到 0.05 dB）；结果最大 2048×2048 像素、单边不超过 4096 像素，超出返回 20013。',
        '放大倍數：2 或 4。由超解析度網路（RDN，UpscalerJS ESRGAN slim 模型）放大，其中七個卷積層以 8 位元整數執行（與浮點網路相比，報告照片上的 PSNR 相差不到 0.05 dB）；結果最大 2048×2048 像素、單邊不超過 4096 像素，超出回傳 20013。',
        'Upscaling factor, 2 or 4, by a super-resolution network (an RDN, the UpscalerJS ESRGAN slim models), seven of its convolutions run in 8-bit integers (PSNR within 0.05 dB of the float network on the report photos). The result is at most 2048 x 2048 pixels and 4096 px a side; larger answers 20013.',
      ]),
      sharpen: strength(0, [
        '细节增强：放大后对明度做非锐化掩模的强度，0 为不处理。',
        '細節增強：放大後對明度做非銳化遮罩的強度，0 為不處理。',
        'Detail enhancement: the strength of an unsharp mask on lightness after upscaling; 0 leaves it.',
      ]),
    },
    answer: image({
      extra: {
        scale: count(['实际放大倍数。', '實際放大倍數。', 'The factor applied.']),
        output_width: described(z.number().int().min(1), [
          '结果图宽度（像素）：原图宽度乘以放大倍数。',
          '結果圖寬度（像素）：原圖寬度乘以放大倍數。',
          'Width of the result in pixels: the input’s times the factor.',
        ]),
        output_height: described(z.number().int().min(1), [
          '结果图高度（像素）：原图高度乘以放大倍数。',
          '結果圖高度（像素）：原圖高度乘以放大倍數。',
          'Height of the result in pixels: the input’s times the factor.',
        ]),
      },
    }),
    errors: [20013],
  },
});

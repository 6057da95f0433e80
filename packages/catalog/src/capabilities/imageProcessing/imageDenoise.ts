import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { number } from '../../contract/params.ts';

const level = (text: readonly [string, string, string]) => described(z.number().min(0), text);

export const imageDenoise = defineCapability({
  id: 18,
  key: 'imageDenoise',
  group: 'imageProcessing',
  slug: 'imageDenoise',
  kind: 'image',
  status: 4,
  doc: 218,
  name: ['图像降噪', '圖像降噪', 'Image Denoising'],
  description: [
    '去除照片噪点并保留细节。',
    '去除照片噪點並保留細節。',
    'Removes noise from photos while keeping detail.',
  ],
  extension: { sampleFigure: ['/samples/noisy-coffee.jpg'] },
  api: {
    endpoint: 'v2/denoise',
    parameters: {
      noise_level: number({ min: 0, max: 100 }, [
        '要去除的噪声强度（像素值 0–255 上的标准差）。不填时由照片测定：噪声按 Immerkaer 方法估计，JPEG 块效应按 8 像素网格边缘测定。方法为滑动窗口 DCT 阈值去噪（Yu 与 Sapiro 2011），非训练模型。照片最多 1200 万像素。',
        '要去除的雜訊強度（像素值 0–255 上的標準差）。不填時由照片測定：雜訊按 Immerkaer 方法估計，JPEG 區塊效應按 8 像素網格邊緣測定。方法為滑動視窗 DCT 閾值去噪（Yu 與 Sapiro 2011），非訓練模型。照片最多 1200 萬像素。',
        'Noise level to remove: a standard deviation on pixel values 0-255. Left out, it is measured on the photo: the noise by Immerkaer’s estimator, JPEG blocking by the edges of the 8-px grid. The method is sliding-window DCT thresholding (Yu and Sapiro 2011), not a trained model. Photos of at most 12 million pixels.',
      ]),
    },
    answer: image({
      extra: {
        estimated_noise: level([
          '照片上测得的噪声标准差（0–255）。',
          '照片上測得的雜訊標準差（0–255）。',
          'Noise standard deviation measured on the photo (0-255 scale).',
        ]),
        blockiness: level([
          'JPEG 块效应：8 像素网格边缘处的亮度跳变超出其旁的部分，0 为无网格痕迹。',
          'JPEG 區塊效應：8 像素網格邊緣處的亮度跳變超出其旁的部分，0 為無網格痕跡。',
          'JPEG blocking: how much the brightness steps across the 8-px grid exceed those beside it; 0 when no grid shows.',
        ]),
        applied_level: level([
          '实际去除的噪声强度：noise_level，或由上两项测定值得出。',
          '實際去除的雜訊強度：noise_level，或由上兩項測定值得出。',
          'The level removed: noise_level, or made from the two measures above.',
        ]),
      },
    }),
    errors: [20013],
  },
});

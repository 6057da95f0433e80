import { z } from 'zod';
import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { flag, number, strength } from '../../contract/params.ts';

export const imageRestoration = defineCapability({
  id: 154,
  key: 'image-restoration',
  group: 'imageProcessing',
  slug: 'imageRestoration',
  kind: 'image',
  status: 1,
  doc: 222,
  name: ['图像修复', '圖像修復', 'Image Restoration'],
  description: [
    '修复模糊、噪点与压缩痕迹（内测）。',
    '修復模糊、噪點與壓縮痕跡（內測）。',
    'Restores blurred, noisy and compressed photos (internal test).',
  ],
  extension: { sampleFigure: ['/samples/damaged-cameraman.jpg'] },
  api: {
    endpoint: 'test/AIDenoise',
    parameters: {
      repair: flag(true, [
        '划痕与斑点修复：以形态学顶帽变换找出细小的亮或暗的划痕与斑点，再由周围像素填补（Telea 2004 式由外向内填充加调和平滑）。照片中本身细而对比强的物体（电线、三脚架的腿、文字）也可能被当作划痕修掉，此时可设为 0。',
        '刮痕與斑點修復：以形態學頂帽變換找出細小的亮或暗的刮痕與斑點，再由周圍像素填補（Telea 2004 式由外向內填充加調和平滑）。照片中本身細而對比強的物體（電線、三腳架的腳、文字）也可能被當作刮痕修掉，此時可設為 0。',
        'Scratch and spot repair: thin bright or dark scratches and spots found by morphological top-hats and filled from the pixels around them (filled from the edge inwards as in Telea 2004, then harmonic smoothing). Thin high-contrast things of the photo itself (wires, a tripod’s legs, text) can be taken for scratches and removed too; set 0 then.',
      ]),
      noise_level: number({ min: 0, max: 100 }, [
        '要去除的噪声强度（像素值 0–255 上的标准差）；不填时由照片测定。去噪方法同 v2/denoise（滑动窗口 DCT 阈值）。照片最多 1200 万像素。',
        '要去除的雜訊強度（像素值 0–255 上的標準差）；不填時由照片測定。去噪方法同 v2/denoise（滑動視窗 DCT 閾值）。照片最多 1200 萬像素。',
        'Noise level to remove (a standard deviation on pixel values 0-255); left out, it is measured on the photo. Denoising as v2/denoise (sliding-window DCT thresholding). Photos of at most 12 million pixels.',
      ]),
      sharpen: strength(20, [
        '锐化：修复与去噪之后对明度做非锐化掩模的强度，0 为不处理。',
        '銳化：修復與去噪之後對明度做非銳化遮罩的強度，0 為不處理。',
        'Sharpening: the strength of an unsharp mask on lightness after repair and denoising; 0 leaves it.',
      ]),
    },
    answer: image({
      extra: {
        repaired_pixels: count([
          '作为划痕或斑点修复的像素数。',
          '作為刮痕或斑點修復的像素數。',
          'Pixels repaired as scratches or spots.',
        ]),
        estimated_noise: described(z.number().min(0), [
          '照片上测得的噪声标准差（0–255）。',
          '照片上測得的雜訊標準差（0–255）。',
          'Noise standard deviation measured on the photo (0-255 scale).',
        ]),
        applied_level: described(z.number().min(0), [
          '实际去除的噪声强度。',
          '實際去除的雜訊強度。',
          'The noise level removed.',
        ]),
        sharpen: described(z.number().min(0).max(100), [
          '实际使用的锐化强度。',
          '實際使用的銳化強度。',
          'The sharpening strength applied.',
        ]),
      },
    }),
    errors: [20013],
  },
});

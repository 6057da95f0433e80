import { z } from 'zod';
import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { integer, strength } from '../../contract/params.ts';

/** The default line weight and detail (the engine's, checked by a test). */
export const LINE_ART = { line_weight: 2, detail: 50 } as const;

export const lineArt = defineCapability({
  id: 158,
  key: 'lineArt',
  group: 'generateImages',
  slug: 'lineArt',
  kind: 'image',
  status: 3,
  doc: 227,
  samples: ['astronaut.jpg', 'glasses-man.jpg'],
  name: ['线稿生成', '線稿生成', 'Line Art'],
  description: [
    '提取照片线条，生成线稿插画。',
    '提取照片線條，生成線稿插畫。',
    'Extracts the lines of a photo into a line drawing.',
  ],
  api: {
    endpoint: 'v1/AICartoonStyle2',
    parameters: {
      line_weight: integer({ min: 1, max: 5, default: LINE_ART.line_weight }, [
        '线条粗细：1 最细，5 最粗。线条由 XDoG（Winnemöller 等 2012，高斯差分的扩展）在白底上绘制；检测到人脸时，眼睑、眉毛、嘴、鼻底和下颌线按人脸网格描绘，皮肤上的细小纹理不画；人物的外轮廓按人像分割描出，头发先做局部对比度增强，暗发也能画出发丝。',
        '線條粗細：1 最細，5 最粗。線條由 XDoG（Winnemöller 等 2012，高斯差分的延伸）在白底上繪製；偵測到人臉時，眼瞼、眉毛、嘴、鼻底與下顎線依人臉網格描繪，皮膚上的細小紋理不畫；人物的外輪廓依人像分割描出，頭髮先做局部對比度增強，深色頭髮也能畫出髮絲。',
        'Line weight: 1 the finest, 5 the boldest. The lines are drawn on white by XDoG (Winnemöller et al. 2012, an extended difference of Gaussians); where a face is found, its eyelids, brows, mouth, nose base and jaw are drawn from the face mesh and small texture on the skin is left out; the outline of the person is traced from the person segmentation, and the local contrast of the hair is raised first so that dark hair still gets strands.',
      ]),
      detail: strength(LINE_ART.detail, [
        '细节：0 只画最强的轮廓，100 也画较弱的边缘。',
        '細節：0 只畫最強的輪廓，100 也畫較弱的邊緣。',
        'Detail: 0 draws only the strongest outlines, 100 weaker edges too.',
      ]),
    },
    answer: image({
      extra: {
        line_weight: described(z.number().int(), [
          '使用的线条粗细。',
          '使用的線條粗細。',
          'The line weight used.',
        ]),
        detail: described(z.number(), ['使用的细节程度。', '使用的細節程度。', 'The detail used.']),
        face_num: count([
          '按人脸网格描绘五官的人脸数（0：未检测到人脸，照片照常绘制，不报错）。',
          '依人臉網格描繪五官的人臉數（0：未偵測到人臉，照片照常繪製，不報錯）。',
          'Faces whose features were drawn from the face mesh (0: no face found; the photo is drawn all the same, not an error).',
        ]),
      },
    }),
    errors: [],
  },
});

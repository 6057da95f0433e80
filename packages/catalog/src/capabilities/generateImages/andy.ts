import { z } from 'zod';
import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { choice } from '../../contract/params.ts';

/** The cartoon styles of v1/AICartoonStyle1 (`style`), in the order the demo offers them. */
export const CARTOON_STYLES = ['anime', 'comic', 'pastel', 'flat'] as const;
export type CartoonStyle = (typeof CARTOON_STYLES)[number];

/** Display names of the styles: Simplified Chinese, Traditional Chinese, English. */
export const CARTOON_STYLE_NAMES: Record<CartoonStyle, Doc> = {
  anime: ['动漫赛璐璐', '動漫賽璐璐', 'Anime cel'],
  comic: ['漫画墨线', '漫畫墨線', 'Comic ink'],
  pastel: ['柔和粉彩', '柔和粉彩', 'Soft pastel'],
  flat: ['扁平色块', '扁平色塊', 'Bold flat colour'],
};

/** The default style (the engine's, checked by a test). */
export const CARTOON_STYLE = 'anime' as const;

const previews = Object.fromEntries(
  CARTOON_STYLES.map((style) => [style, `/samples/cartoon/${style}.jpg`]),
) as Record<CartoonStyle, string>;

export const andy = defineCapability({
  id: 20,
  key: 'andy',
  group: 'generateImages',
  slug: 'AICartoonStyle1',
  kind: 'image',
  status: 2,
  doc: 13,
  samples: ['astronaut.jpg', 'glasses-man.jpg'],
  name: ['AI 动漫风', 'AI 動漫風', 'AI Cartoon Style'],
  description: [
    '将人像照片转换为动漫风格。',
    '將人像照片轉換為動漫風格。',
    'Turns a portrait into a cartoon-style picture.',
  ],
  api: {
    endpoint: 'v1/AICartoonStyle1',
    parameters: {
      style: choice(CARTOON_STYLES, { default: CARTOON_STYLE, names: CARTOON_STYLE_NAMES, previews }, [
        '动漫风格：以保边平滑（导向滤波）、CIELAB 空间 k-means 颜色量化和 XDoG 线条（Winnemöller 等 2012）绘制；检测到人脸时，眼睑、眉毛、嘴、鼻底和下颌线按人脸网格描绘，皮肤更平滑并保持肤色。anime 为多色赛璐璐，comic 为少色粗墨线与纯黑暗部，pastel 为明亮低对比的淡彩，flat 为极少的饱和平涂色块。v1/AICartoonStyle2 为线稿（另一能力）。',
        '動漫風格：以保邊平滑（導向濾波）、CIELAB 空間 k-means 顏色量化與 XDoG 線條（Winnemöller 等 2012）繪製；偵測到人臉時，眼瞼、眉毛、嘴、鼻底與下顎線依人臉網格描繪，皮膚更平滑並保持膚色。anime 為多色賽璐璐，comic 為少色粗墨線與純黑暗部，pastel 為明亮低對比的淡彩，flat 為極少的飽和平塗色塊。v1/AICartoonStyle2 為線稿（另一能力）。',
        'The cartoon style, drawn by edge-preserving smoothing (guided filter), k-means colour quantisation in CIELAB and XDoG lines (Winnemöller et al. 2012); where a face is found, its eyelids, brows, mouth, nose base and jaw are drawn from the face mesh and its skin is smoothed further in its own hue. anime: many cel colours; comic: few colours, heavy ink lines and solid blacks; pastel: light, low-contrast washed colour; flat: very few saturated flat colours. v1/AICartoonStyle2 is line art (a capability of its own).',
      ]),
    },
    answer: image({
      extra: {
        style: described(z.enum(CARTOON_STYLES), ['使用的风格。', '使用的風格。', 'The style drawn.']),
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

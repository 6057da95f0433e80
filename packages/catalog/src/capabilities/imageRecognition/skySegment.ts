import { defineCapability } from '../../contract/define.ts';
import { mask } from '../../contract/kinds.ts';

export const skySegment = defineCapability({
  id: 39,
  key: 'skySegment',
  group: 'imageRecognition',
  slug: 'sky_segment',
  kind: 'mask',
  status: 3,
  doc: 82,
  samples: ['street.jpg', 'rocket.jpg'],
  name: ['天空分割', '天空分割', 'Sky Segmentation'],
  description: [
    '分割出照片中的天空区域，可用于换天与调色。不是模型：从照片顶部平滑的蓝色或明亮灰白像素学习本张照片的天空颜色，由顶部向下做区域生长，再用导向滤波贴合天际线；没有天空时返回全黑掩码。夕阳等暖色天空、顶部平滑的白色或浅蓝色墙面与天花板、只能从遮挡物下方看到的天空、雾天是其弱项。',
    '分割出照片中的天空區域，可用於換天與調色。不是模型：從照片頂部平滑的藍色或明亮灰白像素學習本張照片的天空顏色，由頂部向下做區域生長，再以導向濾波貼合天際線；沒有天空時回傳全黑遮罩。夕陽等暖色天空、頂部平滑的白色或淺藍色牆面與天花板、只能從遮擋物下方看到的天空、霧天是其弱項。',
    'Segments the sky of a photo for sky replacement and grading. Not a model: the sky colour of this photo is learnt from smooth blue or bright grey pixels at its top, grown downwards as one region and fitted to the skyline by a guided filter; a photo without sky answers an all-black mask. Weak on sunsets and other warm skies, smooth white or pale-blue walls and ceilings at the top, sky seen only under something that spans the top, and fog.',
  ],
  api: {
    endpoint: 'test/skysegment',
    parameters: {},
    answer: mask({
      region: ['天空', '天空', 'sky'],
    }),
    errors: [],
  },
});

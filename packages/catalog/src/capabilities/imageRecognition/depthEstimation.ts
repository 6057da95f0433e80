import { defineCapability } from '../../contract/define.ts';
import { mask } from '../../contract/kinds.ts';

export const depthEstimation = defineCapability({
  id: 157,
  key: 'depthEstimation',
  group: 'imageRecognition',
  slug: 'depthEstimation',
  endpoint: 'v1/MonoDepth',
  kind: 'mask',
  status: 3,
  doc: 215,
  samples: ['street.jpg', 'astronaut.jpg'],
  name: ['深度估计', '深度估計', 'Depth Estimation'],
  description: [
    '由单张照片估计场景的相对深度图（越近越亮，天空为 0）。不是深度模型：按几何线索构建（Hoiem 等的“照片弹出”与 Make3D 的思路）：天空在无穷远，地面是从照片底部生长到地平线的平面，人物与常见物体（COCO 80 类）是站在其框底处的竖直平面，墙面取其所在列与地面的接触处的深度，再以导向滤波贴合照片边缘。只表示远近顺序，不是以米计的距离；看不到地面的室内和特写只按“越低越近”，地面与墙面颜色相近、俯拍的照片、倾斜的墙面是其弱项。',
    '由單張照片估計場景的相對深度圖（越近越亮，天空為 0）。不是深度模型：依幾何線索建構（Hoiem 等的「照片彈出」與 Make3D 的思路）：天空在無窮遠，地面是從照片底部生長到地平線的平面，人物與常見物體（COCO 80 類）是站在其框底處的豎直平面，牆面取其所在欄與地面接觸處的深度，再以導向濾波貼合照片邊緣。只表示遠近順序，不是以公尺計的距離；看不到地面的室內與特寫只依「越低越近」，地面與牆面顏色相近、俯拍的照片、傾斜的牆面是其弱項。',
    'Estimates a relative depth map from a single photo (nearer is brighter, the sky is 0). Not a depth model: built from geometric cues in the manner of Hoiem et al.\'s "photo pop-up" and Make3D: the sky is at infinity, the ground is a plane grown from the bottom of the photo up to the horizon, people and common objects (the 80 COCO classes) are upright planes standing at the bottom of their boxes, walls take the depth where their column meets the ground, and a guided filter fits the map to the photo\'s edges. It gives the order of near and far, not distances in metres; indoor scenes and close-ups without a visible floor fall back to "lower is nearer", and a ground the colour of the walls, photos looking down, and walls seen at a slant are its weak points.',
  ],
  api: {
    endpoint: 'v1/MonoDepth',
    parameters: {},
    answer: mask({
      region: ['相对深度图', '相對深度圖', 'relative depth map'],
      grey16: {
        values: [
          '与距离成反比的“近度”（逆深度），65535 为照片中最近处，越小越远，0 为天空（无穷远）；只有大小顺序有意义，不是以米计的距离。',
          '與距離成反比的「近度」（逆深度），65535 為照片中最近處，越小越遠，0 為天空（無窮遠）；只有大小順序有意義，不是以公尺計的距離。',
          'the "nearness" (inverse depth): 65535 the nearest point of the photo, smaller is farther, 0 the sky (infinitely far); only the order of the values means something, not distances in metres.',
        ],
        ratio: [
          '有有限深度（值不为 0，即不是天空）的像素占全图的比例，0 到 1。',
          '有有限深度（值不為 0，即不是天空）的像素佔全圖的比例，0 到 1。',
          'Share of the pixels with a finite depth (value other than 0: not sky), 0 to 1.',
        ],
        picture: [
          '以 Turbo 色表绘制的同一深度图（RGB PNG，红近蓝远）',
          '以 Turbo 色表繪製的同一深度圖（RGB PNG，紅近藍遠）',
          'The same map painted with the Turbo colour map (RGB PNG, red near, blue far)',
        ],
      },
    }),
    errors: [],
  },
});

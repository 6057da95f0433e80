import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { fusionAnswer, templateChoice, templateUsed } from '../imageEditing/fusion-fields.ts';

/** The defaults (the engine's, checked by a test). */
export const HEADREPLACE = { template: 'party' } as const;

export const headReplace = defineCapability({
  id: 56,
  key: 'headReplace',
  group: 'bodyTechnology',
  slug: 'headReplace',
  endpoint: 'v2/headreplace',
  kind: 'image',
  status: 3,
  doc: 209,
  name: ['头像替换', '頭像替換', 'Head Replacement'],
  description: [
    '将模板中的头部替换为用户头像，自然融合。',
    '將模板中的頭部替換為使用者頭像，自然融合。',
    'Replaces the head in a template with the user’s head and blends it naturally.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v2/headreplace',
    optionalImages: 1,
    parameters: {
      template: templateChoice(
        HEADREPLACE.template,
        [
          '用户的头部（人脸网格的脸部轮廓加上发丝分割的头发）按双眼、鼻梁、额头与下巴的位置（相似变换：缩放与按眼线旋转）放到模板人物的头部位置，脸部肤色在 CIELAB 中向模板的脸部靠拢（先把脸上随位置变化的色偏拉平，例如一侧偏蓝、鼻子偏橙的混合光；Reinhard 等 2001；亮度平移，向更淡的肤色时 a* 与 b* 按比例缩放，高光不会变灰），再以多频段融合（Burt 与 Adelson 1983）接合；头发在保留范围的边缘渐隐，模板人物自己的胡须与眼镜先被去除。模板本身的头发超出用户头部时仍会露出。',
          '使用者的頭部（人臉網格的臉部輪廓加上髮絲分割的頭髮）依雙眼、鼻樑、額頭與下巴的位置（相似變換：縮放與依眼線旋轉）放到模板人物的頭部位置，臉部膚色在 CIELAB 中向模板的臉部靠攏（先把臉上隨位置變化的色偏拉平，例如一側偏藍、鼻子偏橘的混合光；Reinhard 等 2001；亮度平移，向更淡的膚色時 a* 與 b* 按比例縮放，高光不會變灰），再以多頻段融合（Burt 與 Adelson 1983）接合；頭髮在保留範圍的邊緣漸隱，模板人物自己的鬍鬚與眼鏡先被去除。模板本身的頭髮超出使用者頭部時仍會露出。',
          'The user’s head (the face mesh’s outline and the hair of the hair segmentation) is placed on the template person’s head by the eyes, nose bridge, forehead and chin (a similarity: scaled, and turned by the eye line), the face’s skin tone moved towards the template face’s in CIELAB (a colour cast that changes across the face, such as mixed light that turns one side blue and the nose orange, evened first; Reinhard et al. 2001; lightness shifted, and towards a paler face a* and b* scaled, so highlights do not turn grey), and joined by multi-band blending (Burt & Adelson 1983); the hair fades out at the edges of the region it is kept in, and the template person’s own beard and glasses are taken out first. The template’s own hair still shows where it reaches beyond the user’s head.',
        ],
        'headreplace_template',
      ),
    },
    answer: image({
      extra: {
        ...fusionAnswer,
        template: templateUsed,
        scale: described(z.number(), [
          '用户头部的缩放倍数。',
          '使用者頭部的縮放倍數。',
          'The scale applied to the user’s head.',
        ]),
        rotation: described(z.number(), [
          '用户头部的旋转角（度，两条眼线之差，逆时针为正）。',
          '使用者頭部的旋轉角（度，兩條眼線之差，逆時針為正）。',
          'The rotation applied to the user’s head, degrees (the eye lines’ difference, counter-clockwise positive).',
        ]),
      },
    }),
    errors: [20003, 220003],
  },
});

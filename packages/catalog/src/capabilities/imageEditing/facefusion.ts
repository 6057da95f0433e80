import { defineCapability } from '../../contract/define.ts';
import { image } from '../../contract/kinds.ts';
import { strength } from '../../contract/params.ts';
import { fusionAnswer, templateChoice, templateUsed } from './fusion-fields.ts';
import { described } from '../../contract/doc.ts';
import { z } from 'zod';

/** The defaults (the engine's, checked by a test). */
export const FACEFUSE = { template: 'window', merge_rate: 80 } as const;

export const facefusion = defineCapability({
  id: 12,
  key: 'facefusion',
  group: 'imageEditing',
  slug: 'facefuse',
  endpoint: 'v3/facefuse',
  kind: 'image',
  status: 2,
  doc: 224,
  name: ['人脸融合', '人臉融合', 'Face Fusion'],
  description: [
    '将用户人脸与模板图自然融合。',
    '將使用者人臉與模板圖自然融合。',
    'Blends a user’s face into a template photo.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v3/facefuse',
    optionalImages: 1,
    parameters: {
      template: templateChoice(
        FACEFUSE.template,
        [
          '用户照片中最大的人脸融合到模板中最大的人脸上。',
          '使用者照片中最大的人臉融合到模板中最大的人臉上。',
          'The largest face of the user’s photo is fused onto the largest face of the template.',
        ],
        'fusion_template',
      ),
      merge_rate: strength(FACEFUSE.merge_rate, [
        '融合度：0 保留模板人脸，100 为用户的五官形状与肤质（肤色取模板的）。方法：用户的人脸网格（468 点）按相似变换对齐到模板的网格，五官按融合度移向用户的位置（脸部轮廓只移动 35%，使头部仍与模板的头发和脖子吻合），用户的脸按网格三角形分段仿射变形到该形状，在 CIELAB 中做颜色迁移（先把脸上随位置变化的色偏拉平，例如混合光；Reinhard 等 2001；向更淡的肤色时 a* 与 b* 按比例缩放，高光不会变灰）使肤色与光照与模板一致，再用多频段融合（Burt 与 Adelson 1983）在脸部边缘接合。',
        '融合度：0 保留模板人臉，100 為使用者的五官形狀與膚質（膚色取模板的）。方法：使用者的人臉網格（468 點）依相似變換對齊到模板的網格，五官依融合度移向使用者的位置（臉部輪廓只移動 35%，使頭部仍與模板的頭髮和脖子吻合），使用者的臉依網格三角形分段仿射變形到該形狀，在 CIELAB 中做顏色遷移（先把臉上隨位置變化的色偏拉平，例如混合光；Reinhard 等 2001；向更淡的膚色時 a* 與 b* 按比例縮放，高光不會變灰）使膚色與光照與模板一致，再以多頻段融合（Burt 與 Adelson 1983）在臉部邊緣接合。',
        'Merge rate: 0 keeps the template’s face, 100 gives the user’s features and skin (in the template’s skin tone). Method: the user’s 468-point face mesh is aligned onto the template’s by a similarity; the features move towards the user’s by the merge rate (the face outline only 35 % of the way, so the head still fits the template’s hair and neck); the user’s face is warped to that shape triangle by triangle (piecewise affine), its colour moved to the template face’s in CIELAB (a colour cast that changes across the face, such as mixed light, evened first; Reinhard et al. 2001; towards a paler face a* and b* scaled, so highlights do not turn grey) so skin tone and light match, and it is joined at the face’s edge by multi-band blending (Burt & Adelson 1983).',
      ]),
    },
    answer: image({
      extra: {
        ...fusionAnswer,
        template: templateUsed,
        merge_rate: described(z.number(), ['使用的融合度。', '使用的融合度。', 'The merge rate applied.']),
      },
    }),
    errors: [20003, 220003],
  },
});

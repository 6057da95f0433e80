import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { choice, strength } from '../../contract/params.ts';
import { fusionAnswer, usedFace } from './fusion-fields.ts';

/** The child's genders (values of `gender`) and their names. */
export const CHILD_GENDER_NAMES = {
  boy: ['男孩', '男孩', 'Boy'],
  girl: ['女孩', '女孩', 'Girl'],
} as const satisfies Record<string, Doc>;

/** The defaults (the engine's, checked by a test). */
export const FACEFUSECHILD = { gender: 'boy', weight: 50 } as const;

export const facefusechild = defineCapability({
  id: 57,
  key: 'facefusechild',
  group: 'imageEditing',
  slug: 'facefusechild',
  endpoint: 'v1/facefusechild',
  kind: 'image',
  status: 3,
  doc: 226,
  name: ['宝宝预测', '寶寶預測', 'Baby Face Prediction'],
  description: [
    '融合两张人脸，预测宝宝的样貌。',
    '融合兩張人臉，預測寶寶的樣貌。',
    'Blends two faces to predict what their baby may look like.',
  ],
  samples: ['astronaut.jpg', 'glasses-man.jpg'],
  api: {
    endpoint: 'v1/facefusechild',
    images: 2,
    parameters: {
      gender: choice(
        ['boy', 'girl'],
        { default: FACEFUSECHILD.gender, caseInsensitive: true, names: CHILD_GENDER_NAMES },
        [
          '孩子的性别：boy 男孩、girl 女孩（女孩的眼睛略大、下颌略窄）。',
          '孩子的性別：boy 男孩、girl 女孩（女孩的眼睛略大、下顎略窄）。',
          'The child’s gender: boy or girl (a girl’s eyes a little larger, her jaw a little narrower).',
        ],
      ),
      weight: strength(FACEFUSECHILD.weight, [
        '第一张照片（media_info_list[0]）所占的比例，0–100，第二张占其余。孩子画在比例较大的一方的照片上（相等时为第一张）。方法：先用各自的肤色填去两人的胡须与（检测到时的）眼镜；两张人脸的网格（468 点）按相似变换对齐，按比例混合形状（脸部轮廓只移动三分之一），两张脸按网格三角形变形到该形状后按比例混合（肤色为两人的混合），以多频段融合接合；再用美型的局部变形做出孩子的比例：眼睛放大约 1.2 倍（女孩 1.23）、额头升高、鼻翼收窄约 18%、下巴上移约下半脸的七分之一、下颌收窄，并磨皮。方向依据面部生长研究（Enlow 与 Hans 1996；Glocker 等 2009 的"婴儿图式"），幅度为本平台的选择，并非测得的标准。',
        '第一張照片（media_info_list[0]）所佔的比例，0–100，第二張佔其餘。孩子畫在比例較大一方的照片上（相等時為第一張）。方法：先用各自的膚色填去兩人的鬍鬚與（偵測到時的）眼鏡；兩張人臉的網格（468 點）依相似變換對齊，依比例混合形狀（臉部輪廓只移動三分之一），兩張臉依網格三角形變形到該形狀後依比例混合（膚色為兩人的混合），以多頻段融合接合；再用美型的局部變形做出孩子的比例：眼睛放大約 1.2 倍（女孩 1.23）、額頭升高、鼻翼收窄約 18%、下巴上移約下半臉的七分之一、下顎收窄，並磨皮。方向依據面部生長研究（Enlow 與 Hans 1996；Glocker 等 2009 的「嬰兒圖式」），幅度為本平台的選擇，並非測得的標準。',
        'The first photo’s (media_info_list[0]) share, 0-100; the second has the rest. The child is drawn on the photo with the larger share (the first on a tie). Method: each parent’s beard and, where found, glasses are first filled with that parent’s own skin; the two 468-point face meshes are aligned by a similarity and their shapes mixed by the shares (the face outline only a third of the way); both faces are warped to that shape triangle by triangle and mixed by the shares (the skin is the blend of both), joined by multi-band blending; then the shape-tuning warps give a child’s proportions: eyes about 1.2 times larger (a girl 1.23), a higher forehead, nose wings about 18 % narrower, the chin raised about a seventh of the lower face, a narrower jaw, and smoothed skin. The directions follow facial-growth studies (Enlow & Hans 1996; the “baby schema” of Glocker et al. 2009); the amounts are this platform’s choices, not measured norms.',
      ]),
    },
    answer: image({
      extra: {
        face_num: fusionAnswer.face_num,
        second_face_num: described(z.number().int().min(0), [
          '第二张照片中使用的人脸数（0 或 1，取最大的人脸）。',
          '第二張照片中使用的人臉數（0 或 1，取最大的人臉）。',
          'Faces used from the second photo (0 or 1: the largest).',
        ]),
        gender: described(z.enum(['boy', 'girl']), ['使用的性别。', '使用的性別。', 'The gender used.']),
        weight: described(z.number(), [
          '第一张照片所占的比例。',
          '第一張照片所佔的比例。',
          'The first photo’s share.',
        ]),
        base: described(z.enum(['first', 'second']), [
          '孩子画在哪张照片上：first 第一张、second 第二张（结果图为该照片的尺寸）。',
          '孩子畫在哪張照片上：first 第一張、second 第二張（結果圖為該照片的尺寸）。',
          'Whose photo the child is drawn on: first or second (the result has that photo’s size).',
        ]),
        first_face: usedFace([
          '第一张照片中的人脸（该照片的像素坐标）。',
          '第一張照片中的人臉（該照片的像素座標）。',
          'The face in the first photo (its pixels).',
        ]),
        second_face: usedFace([
          '第二张照片中的人脸（该照片的像素坐标）。',
          '第二張照片中的人臉（該照片的像素座標）。',
          'The face in the second photo (its pixels).',
        ]),
      },
    }),
    errors: [20003, 20010],
  },
});

import { z } from 'zod';
import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { choice, providedChoice, integer } from '../../contract/params.ts';

/** The sizes of v1/certified (`spec`), 300 dpi, and their names in three languages. */
export const ID_PHOTO_SPECS = {
  '1inch': ['一寸（295×413）', '一吋（295×413）', '1 inch (295 × 413)'],
  '2inch': ['二寸（413×579）', '二吋（413×579）', '2 inch (413 × 579)'],
  small_1inch: ['小一寸（260×378）', '小一吋（260×378）', 'Small 1 inch (260 × 378)'],
  passport: ['护照（413×531）', '護照（413×531）', 'Passport (413 × 531)'],
  custom: ['自定义尺寸', '自訂尺寸', 'Custom size'],
} as const satisfies Record<string, Doc>;
const SPEC_KEYS = Object.keys(ID_PHOTO_SPECS) as [
  keyof typeof ID_PHOTO_SPECS,
  ...Array<keyof typeof ID_PHOTO_SPECS>,
];

/** Print sheets (`layout`). */
export const ID_PHOTO_LAYOUTS = {
  none: ['不排版', '不排版', 'No print sheet'],
  '6inch': ['6 寸相纸排版（1800×1200）', '6 吋相紙排版（1800×1200）', '6-inch print sheet (1800 × 1200)'],
  '5inch': ['5 寸相纸排版（1500×1050）', '5 吋相紙排版（1500×1050）', '5-inch print sheet (1500 × 1050)'],
} as const satisfies Record<string, Doc>;
const LAYOUT_KEYS = Object.keys(ID_PHOTO_LAYOUTS) as [
  keyof typeof ID_PHOTO_LAYOUTS,
  ...Array<keyof typeof ID_PHOTO_LAYOUTS>,
];

/** Named background colours, or any hex colour. */
const BG = /^(white|blue|red|#?[0-9a-fA-F]{6})$/i;
const bgColor = described(
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'must be white, blue, red or a colour #rrggbb' })
      .regex(BG, { error: 'must be white, blue, red or a colour #rrggbb' })
      .default('white'),
  ),
  [
    '背景颜色：white 白（#FFFFFF）、blue 蓝（#438EDB）、red 红（#FF0000），或任意十六进制颜色 #rrggbb。人像边缘（头发）的原背景颜色会先去除再合成到新背景上。',
    '背景顏色：white 白（#FFFFFF）、blue 藍（#438EDB）、red 紅（#FF0000），或任意十六進位顏色 #rrggbb。人像邊緣（頭髮）的原背景顏色會先去除再合成到新背景上。',
    'Background colour: white (#FFFFFF), blue (#438EDB), red (#FF0000), or any hex colour #rrggbb. The old background’s colour is taken out of the person’s soft edge (hair) before the new background goes in.',
  ],
  { type: 'string', pattern: BG.source, default: 'white' },
);

const num = (text: Doc) => described(z.number(), text);

export const certificates = defineCapability({
  id: 22,
  key: 'certificates',
  group: 'generateImages',
  slug: 'certificates',
  endpoint: 'v1/certified',
  kind: 'image',
  status: 4,
  doc: 228,
  name: ['证件照', '證件照', 'ID Photo'],
  description: [
    '自动抠图、换底色并裁剪为标准证件照尺寸。',
    '自動去背、換底色並裁切為標準證件照尺寸。',
    'Cuts out the person, changes the background and crops to standard ID-photo sizes.',
  ],
  samples: ['astronaut.jpg'],
  api: {
    endpoint: 'v1/certified',
    parameters: {
      spec: providedChoice(
        {
          source: 'idphoto_size',
          url: '/api/v1/materials?type=idphoto_size',
          pattern: /^m[1-9][0-9]{0,9}$/,
          note: [
            '可用规格随后台素材库变化：GET /api/v1/materials?type=idphoto_size 按顺序列出当前启用的全部规格（含上传的尺寸，值为 m<id>，按 custom 的头部规则放置）；已停用或不存在的规格返回参数错误 10000。',
            '可用規格隨後台素材庫變化：GET /api/v1/materials?type=idphoto_size 依序列出目前啟用的全部規格（含上傳的尺寸，值為 m<id>，依 custom 的頭部規則放置）；已停用或不存在的規格回傳參數錯誤 10000。',
            'The list is dynamic: GET /api/v1/materials?type=idphoto_size lists every enabled size in order (uploaded sizes valued m<id> included, placed by the custom size’s head rule); a disabled or unknown one answers the parameter error 10000.',
          ],
        },
        SPEC_KEYS,
        { default: '1inch', names: ID_PHOTO_SPECS },
        [
          '规格（300 dpi）：1inch 一寸 295×413、2inch 二寸 413×579、small_1inch 小一寸 260×378、passport 护照 413×531（35×45 毫米）、custom 自定义（width、height）。头部位置：护照按 ICAO 9303，头顶（含头发）到下巴占照片高度的 71.1%–80%（按 75.6% 放置），双眼连线距照片顶部 30%–50%；其他规格没有统一的公开标准，按常见影楼做法：头高占 60%–72%（按 66%），头顶距上边 3%–15%（按 8%），眼线距顶部 32%–50%。眼线超出范围时先移动头部，仍不行时在头高范围内缩放头部。头部水平居中，头部倾斜（双眼连线的倾角）通过旋转照片校正。不符合时：没有人脸 20003；两张或以上人脸（第二张脸不小于最大脸的一半）20004；脸部左右转动（由人脸网格估计的偏航角）超过 20 度 20022；头顶、脸颊或下巴下方的脖子被照片边缘截掉，头部轮廓无法与背景分开，或照片像素不足（需要放大超过 2 倍才能达到所选尺寸），或头部比例无法同时满足头高、眼线与顶部留白 20008。',
          '規格（300 dpi）：1inch 一吋 295×413、2inch 二吋 413×579、small_1inch 小一吋 260×378、passport 護照 413×531（35×45 公釐）、custom 自訂（width、height）。頭部位置：護照依 ICAO 9303，頭頂（含頭髮）到下巴佔照片高度的 71.1%–80%（依 75.6% 放置），雙眼連線距照片頂部 30%–50%；其他規格沒有統一的公開標準，依常見相館做法：頭高佔 60%–72%（依 66%），頭頂距上緣 3%–15%（依 8%），眼線距頂部 32%–50%。眼線超出範圍時先移動頭部，仍不行時在頭高範圍內縮放頭部。頭部水平置中，頭部傾斜（雙眼連線的傾角）透過旋轉照片校正。不符合時：沒有人臉 20003；兩張或以上人臉（第二張臉不小於最大臉的一半）20004；臉部左右轉動（由人臉網格估計的偏航角）超過 20 度 20022；頭頂、臉頰或下巴下方的脖子被照片邊緣截掉，頭部輪廓無法與背景分開，或照片像素不足（需放大超過 2 倍才能達到所選尺寸），或頭部比例無法同時滿足頭高、眼線與頂部留白 20008。',
          'Size (300 dpi): 1inch 295 × 413, 2inch 413 × 579, small_1inch 260 × 378, passport 413 × 531 (35 × 45 mm), custom (width, height). Head placement: passports follow ICAO 9303, crown (top of the hair) to chin 71.1-80 % of the photo’s height (placed at 75.6 %), the eye line 30-50 % of the height from the top; the other sizes have no single published standard and follow common studio practice: head 60-72 % of the height (placed at 66 %), crown 3-15 % below the top (8 %), eye line 32-50 % from the top. An eye line outside its band moves the head, then resizes it within the head band if moving is not enough. The head is centred horizontally and its roll (the eye line’s tilt) corrected by rotating the photo. When the photo does not fit: no face 20003; two or more faces (a second face at least half the largest one’s height) 20004; the face turned sideways (yaw from the face mesh) over 20 degrees 20022; the crown, a cheek or the neck under the chin cut off by the photo’s border, the head’s outline not told from the background, or too few pixels (the photo would be enlarged more than 2 times for the size asked), or head proportions that fit no placement 20008.',
        ],
      ),
      width: integer({ min: 100, max: 1200 }, [
        '自定义宽度（像素），spec 为 custom 时必填，100–1200；宽高比（宽/高）须在 0.5–1 之间。',
        '自訂寬度（像素），spec 為 custom 時必填，100–1200；寬高比（寬/高）須介於 0.5–1。',
        'Custom width in px, needed with spec custom, 100-1200; width / height must be from 0.5 to 1.',
      ]),
      height: integer({ min: 100, max: 1600 }, [
        '自定义高度（像素），spec 为 custom 时必填，100–1600。',
        '自訂高度（像素），spec 為 custom 時必填，100–1600。',
        'Custom height in px, needed with spec custom, 100-1600.',
      ]),
      bg_color: bgColor,
      layout: choice(LAYOUT_KEYS, { default: 'none', names: ID_PHOTO_LAYOUTS }, [
        '排版：none 只返回一张证件照；6inch 或 5inch 返回 300 dpi 相纸（6 寸 1800×1200、5 寸 1500×1050，横竖取能放更多张的方向），排满照片，白底，每张照片角外有灰色裁切线。',
        '排版：none 只回傳一張證件照；6inch 或 5inch 回傳 300 dpi 相紙（6 吋 1800×1200、5 吋 1500×1050，橫直取能放更多張的方向），排滿照片，白底，每張照片角外有灰色裁切線。',
        'Layout: none answers the one ID photo; 6inch or 5inch answer a 300-dpi print sheet (6-inch 1800 × 1200, 5-inch 1500 × 1050, in whichever orientation holds more copies) filled with copies on white, with grey cut marks beside each copy’s corners.',
      ]),
    },
    answer: image({
      extra: {
        output_width: described(z.number().int().min(1), [
          '证件照宽度（像素）。',
          '證件照寬度（像素）。',
          'Width of the ID photo in px.',
        ]),
        output_height: described(z.number().int().min(1), [
          '证件照高度（像素）。',
          '證件照高度（像素）。',
          'Height of the ID photo in px.',
        ]),
        spec: described(z.union([z.enum(SPEC_KEYS), z.string().regex(/^m[1-9][0-9]*$/)]), [
          '使用的规格；后台上传的尺寸为其值 m<id>。',
          '使用的規格；後台上傳的尺寸為其值 m<id>。',
          'The size used: a named one, or an uploaded one’s value (m<id>).',
        ]),
        bg_color: described(z.string(), [
          '使用的背景颜色 #rrggbb。',
          '使用的背景顏色 #rrggbb。',
          'The background colour used, #rrggbb.',
        ]),
        head_height_ratio: num([
          '头顶（人像掩码的最高点）到下巴（人脸网格）占照片高度的比例。',
          '頭頂（人像遮罩的最高點）到下巴（人臉網格）佔照片高度的比例。',
          'Crown (top of the person mask) to chin (face mesh) over the photo’s height.',
        ]),
        eye_line_ratio: num([
          '照片顶部到双眼连线的距离占照片高度的比例。',
          '照片頂部到雙眼連線的距離佔照片高度的比例。',
          'Photo top to the eye line over the photo’s height.',
        ]),
        crown_margin_ratio: num([
          '照片顶部到头顶的距离占照片高度的比例。',
          '照片頂部到頭頂的距離佔照片高度的比例。',
          'Photo top to the crown over the photo’s height.',
        ]),
        roll: num([
          '原图中头部的倾斜角（度），照片已按相反方向旋转校正。',
          '原圖中頭部的傾斜角（度），照片已依相反方向旋轉校正。',
          'The head’s roll in the input, degrees; the photo was rotated by its opposite.',
        ]),
        yaw: num([
          '由人脸网格估计的头部左右转动角（度）。',
          '由人臉網格估計的頭部左右轉動角（度）。',
          'The head’s yaw from the face mesh, degrees.',
        ]),
        layout: described(z.enum(LAYOUT_KEYS), ['使用的排版。', '使用的排版。', 'The layout used.']),
        copies: count([
          '相纸上的照片张数（不排版时为 1）。',
          '相紙上的照片張數（不排版時為 1）。',
          'Copies on the sheet (1 without a layout).',
        ]),
        sheet_width: count([
          '相纸宽度（像素），不排版时为 0。',
          '相紙寬度（像素），不排版時為 0。',
          'Sheet width in px, 0 without a layout.',
        ]),
        sheet_height: count([
          '相纸高度（像素），不排版时为 0。',
          '相紙高度（像素），不排版時為 0。',
          'Sheet height in px, 0 without a layout.',
        ]),
      },
    }),
    errors: [20003, 20004, 20022, 20008],
  },
});

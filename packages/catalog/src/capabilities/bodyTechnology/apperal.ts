import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import type { Doc } from '../../contract/doc.ts';
import { attribute, attributes } from '../../contract/kinds.ts';
import { integer } from '../../contract/params.ts';

/** Most people analysed (the body pose model's limit). */
export const APPAREL_MAX_PERSONS = 6;

/** The colour names answered: Berlin and Kay's eleven basic colour terms, and beige. */
export const APPAREL_COLOURS = [
  'black',
  'white',
  'grey',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'brown',
  'beige',
] as const;

/** Display names of the attributes and of their coded values. */
export const APPAREL_NAMES = {
  upper_color: ['上装颜色', '上身服裝顏色', 'Upper garment colour'],
  lower_color: ['下装颜色', '下身服裝顏色', 'Lower garment colour'],
  sleeve: ['袖长', '袖長', 'Sleeve'],
  pattern: ['条纹与图案', '條紋與圖案', 'Stripes and pattern'],
  clothing_type: ['服装类型', '服裝類型', 'Clothing type'],
  black: ['黑色', '黑色', 'Black'],
  white: ['白色', '白色', 'White'],
  grey: ['灰色', '灰色', 'Grey'],
  red: ['红色', '紅色', 'Red'],
  orange: ['橙色', '橙色', 'Orange'],
  yellow: ['黄色', '黃色', 'Yellow'],
  green: ['绿色', '綠色', 'Green'],
  blue: ['蓝色', '藍色', 'Blue'],
  purple: ['紫色', '紫色', 'Purple'],
  pink: ['粉色', '粉色', 'Pink'],
  brown: ['棕色', '棕色', 'Brown'],
  beige: ['米色', '米色', 'Beige'],
  sleeveless: ['无袖', '無袖', 'Sleeveless'],
  short: ['短袖', '短袖', 'Short sleeves'],
  long: ['长袖', '長袖', 'Long sleeves'],
  plain: ['纯色', '素色', 'Plain'],
  striped: ['条纹', '條紋', 'Striped'],
  patterned: ['图案', '圖案', 'Patterned'],
  one_piece: ['连体（连衣裙、连体裤）', '連身（洋裝、連身褲）', 'One piece (dress, jumpsuit)'],
  separates: ['上下分身', '上下分開', 'Separates (top and bottom)'],
  not_visible: ['看不到', '看不到', 'Not visible'],
} as const satisfies Record<string, Doc>;

const notVisible: Doc = [
  '相应身体部位（肩、髋、膝等关键点）没有被检测到或被遮挡时为 not_visible。',
  '相應身體部位（肩、髖、膝等關鍵點）沒有被偵測到或被遮擋時為 not_visible。',
  'not_visible when the body parts it is measured between (shoulders, hips, knees) are not found or are hidden.',
];

const colour = z.enum([...APPAREL_COLOURS, 'not_visible']);
const colourText = (where: Doc): Doc => [
  `${where[0]}的主色：衣物像素（去掉与本人脸部肤色相近的像素）在 CIELAB 中做 k-means（k = 3），最大一簇的颜色按最近的参考色命名为 12 种基本颜色之一；得分为该簇所占比例。光照会让颜色偏到相邻的名称（橙色可能被称为红色）；在质量报告的照片上与人工标注一致的不到一半（见质量说明）。${notVisible[0]}`,
  `${where[1]}的主色：衣物像素（去掉與本人臉部膚色相近的像素）在 CIELAB 中做 k-means（k = 3），最大一簇的顏色依最近的參考色命名為 12 種基本顏色之一；得分為該簇所佔比例。光照會讓顏色偏到相鄰的名稱（橙色可能被稱為紅色）；在品質報告的照片上與人工標註一致的不到一半（見品質說明）。${notVisible[1]}`,
  `Main colour of the ${where[2]}: k-means (k = 3) in CIELAB over the garment's pixels (those close to the person's own face colour removed); the largest cluster is named as the nearest of 12 basic colour references. The score is that cluster's share. Lighting moves colours to a neighbouring name (orange may read red); on the quality report's photos it agrees with a person's labels for fewer than half of the people (see the quality notes). ${notVisible[2]}`,
];

export const apperal = defineCapability({
  id: 90,
  key: 'apperal',
  group: 'bodyTechnology',
  slug: 'apperal',
  endpoint: 'v1/apperal',
  kind: 'attributes',
  status: 4,
  doc: 95,
  samples: ['astronaut.jpg'],
  name: ['服饰识别', '服飾識別', 'Apparel Recognition'],
  description: [
    '识别每个人的上下装颜色、袖长、条纹与图案、连体或上下分身。',
    '識別每個人的上下身服裝顏色、袖長、條紋與圖案、連身或上下分開。',
    "Recognises each person's garment colours, sleeve length, stripes or pattern, and one piece or separates.",
  ],
  api: {
    endpoint: 'v1/apperal',
    parameters: {
      max_person_num: integer({ min: 1, max: APPAREL_MAX_PERSONS, default: APPAREL_MAX_PERSONS }, [
        '最多分析的人数，按人体关键点检测得分从高到低保留。',
        '最多分析的人數，依人體關鍵點偵測得分由高到低保留。',
        "Most people analysed, the body pose detector's highest scores first.",
      ]),
    },
    answer: attributes({
      list: 'persons',
      count: 'person_num',
      rectangle: 'person_rectangle',
      items: ['人', '人', 'people'],
      one: ['人', '人', 'person'],
      names: APPAREL_NAMES,
      attributes: {
        upper_color: attribute(
          colour,
          colourText([
            '上装（肩到髋之间）',
            '上身服裝（肩到髖之間）',
            'upper garment (between shoulders and hips)',
          ]),
        ),
        lower_color: attribute(
          colour,
          colourText([
            '下装（髋到膝之间）',
            '下身服裝（髖到膝之間）',
            'lower garment (between hips and knees)',
          ]),
        ),
        sleeve: attribute(z.enum(['sleeveless', 'short', 'long', 'not_visible']), [
          `袖长：沿上臂与前臂取样，按裸露皮肤（与本人脸部肤色相近）的比例判断：上臂多为皮肤为 sleeveless，前臂多为皮肤为 short，否则 long。${notVisible[0]}`,
          `袖長：沿上臂與前臂取樣，依裸露皮膚（與本人臉部膚色相近）的比例判斷：上臂多為皮膚為 sleeveless，前臂多為皮膚為 short，否則 long。${notVisible[1]}`,
          `Sleeve length from samples along the upper arm and forearm: mostly bare skin (close to the person's face colour) on the upper arm is sleeveless, on the forearm short, otherwise long. ${notVisible[2]}`,
        ]),
        pattern: attribute(z.enum(['plain', 'striped', 'patterned', 'not_visible']), [
          `上装的花纹：亮度梯度的平均强度低为 plain；否则结构张量的一致性高（方向一致）为 striped，低为 patterned。褶皱与阴影也会被算作图案，此项目前不可靠（见质量说明）。${notVisible[0]}`,
          `上身服裝的花紋：亮度梯度的平均強度低為 plain；否則結構張量的一致性高（方向一致）為 striped，低為 patterned。皺褶與陰影也會被算作圖案，此項目前不可靠（見品質說明）。${notVisible[1]}`,
          `Pattern of the upper garment: a low mean lightness gradient is plain; otherwise a high structure-tensor coherence (one direction) is striped, a low one patterned. Folds and shadows count as pattern too: not reliable yet (see the quality notes). ${notVisible[2]}`,
        ]),
        clothing_type: attribute(z.enum(['one_piece', 'separates', 'not_visible']), [
          `连体（连衣裙、连体裤）或上下分身：上下装主色的 CIE76 色差小于 20 为 one_piece。同色的上衣与裤子也会被判为 one_piece，此项目前不可靠（见质量说明）。${notVisible[0]}`,
          `連身（洋裝、連身褲）或上下分開：上下身主色的 CIE76 色差小於 20 為 one_piece。同色的上衣與褲子也會被判為 one_piece，此項目前不可靠（見品質說明）。${notVisible[1]}`,
          `One piece (dress, jumpsuit) or separates: one_piece when the upper and lower main colours are within 20 CIE76 units. A top and trousers of one colour read one_piece too: not reliable yet (see the quality notes). ${notVisible[2]}`,
        ]),
      },
    }),
    errors: [],
  },
});

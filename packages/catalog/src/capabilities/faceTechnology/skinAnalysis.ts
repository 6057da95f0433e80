import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { attribute, attributes } from '../../contract/kinds.ts';
import { integer } from '../../contract/params.ts';
import type { Doc } from '../../contract/doc.ts';

/** Severity of a finding; its score is 0..1 along the measure's thresholds (not a probability). */
export const SKIN_SEVERITIES = {
  none: ['无', '無', 'None'],
  mild: ['轻度', '輕度', 'Mild'],
  moderate: ['中度', '中度', 'Moderate'],
  severe: ['重度', '重度', 'Severe'],
} as const satisfies Record<string, Doc>;

/** Del Bino's skin colour categories of the individual typology angle. */
export const SKIN_TONE_CATEGORIES = {
  very_light: ['非常浅', '非常淺', 'Very light'],
  light: ['浅', '淺', 'Light'],
  intermediate: ['中等', '中等', 'Intermediate'],
  tan: ['小麦色', '小麥色', 'Tan'],
  brown: ['棕色', '棕色', 'Brown'],
  dark: ['深色', '深色', 'Dark'],
} as const satisfies Record<string, Doc>;

export const SKIN_TYPES = {
  normal: ['中性', '中性', 'Normal'],
  combination: ['混合性', '混合性', 'Combination'],
  oily: ['油性', '油性', 'Oily'],
} as const satisfies Record<string, Doc>;

export const OIL_AREAS = {
  t_zone: ['T 区', 'T 區', 'T-zone'],
  cheeks: ['两颊', '兩頰', 'Cheeks'],
  whole_face: ['全脸', '全臉', 'Whole face'],
} as const satisfies Record<string, Doc>;

/** Labels of the regions and findings drawn over the photo. */
export const SKIN_SHAPE_LABELS = {
  pores: ['毛孔', '毛孔', 'Pores'],
  blackheads: ['黑头', '黑頭', 'Blackheads'],
  acne: ['痘印', '痘印', 'Acne marks'],
  moles: ['痣', '痣', 'Moles'],
  forehead_wrinkles: ['抬头纹', '抬頭紋', 'Forehead wrinkles'],
  crows_feet: ['鱼尾纹', '魚尾紋', "Crow's feet"],
  nasolabial_folds: ['法令纹', '法令紋', 'Nasolabial folds'],
  dark_circles: ['黑眼圈', '黑眼圈', 'Dark circles'],
  oil_area: ['出油区域', '出油區域', 'Oil area'],
  rosacea: ['泛红', '泛紅', 'Rosacea (redness)'],
  skin_tone: ['肤色', '膚色', 'Skin tone'],
} as const satisfies Record<string, Doc>;

const keys = <T extends Record<string, Doc>>(o: T) =>
  Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];
const severityValue = z.enum(keys(SKIN_SEVERITIES));

/** A severity attribute: what it measures, in three languages. */
const severityOf = (what: Doc) =>
  attribute(severityValue, [
    `${what[0]}：none、mild、moderate、severe；得分 0 到 1 表示沿该测量阈值的程度（0.25 轻度、0.5 中度、0.75 重度起），不是概率。`,
    `${what[1]}：none、mild、moderate、severe；得分 0 到 1 表示沿該測量閾值的程度（0.25 輕度、0.5 中度、0.75 重度起），不是機率。`,
    `${what[2]}: none, mild, moderate or severe; the score, 0 to 1, is how far along the measure's thresholds it is (mild from 0.25, moderate 0.5, severe 0.75), not a probability.`,
  ]);

/** Skin-tone levels of `skin_tone` (1 lightest to SKIN_TONE_LEVELS darkest). */
export const SKIN_TONE_LEVELS = 40;

export const skinAnalysis = defineCapability({
  id: 65,
  key: 'skinAnalysis',
  group: 'faceTechnology',
  slug: 'skinAnalysis',
  endpoint: 'v2/skin',
  kind: 'attributes',
  status: 4,
  doc: 204,
  samples: ['astronaut.jpg'],
  name: ['肌肤分析', '肌膚分析', 'Skin Analysis'],
  description: [
    '检测毛孔、痘印、黑头、黑眼圈、皱纹、肤色与肤质等肌肤指标。',
    '檢測毛孔、痘印、黑頭、黑眼圈、皺紋、膚色與膚質等肌膚指標。',
    'Measures pores, acne marks, blackheads, dark circles, wrinkles, skin tone and skin type.',
  ],
  api: {
    endpoint: 'v2/skin',
    parameters: {
      max_face_num: integer({ min: 1, max: 10, default: 5 }, [
        '最多分析的人脸数，按检测得分从高到低保留。',
        '最多分析的人臉數，依偵測得分由高到低保留。',
        'Most faces analysed, the highest detection scores first.',
      ]),
    },
    answer: attributes({
      list: 'faces',
      count: 'face_num',
      rectangle: 'face_rectangle',
      items: ['人脸', '人臉', 'faces'],
      one: ['人脸', '人臉', 'face'],
      attributes: {
        skin_tone: attribute(z.number().int().min(1).max(SKIN_TONE_LEVELS), [
          '肤色等级 1（最浅）到 40（最深）：两颊的个体类型角 ITA = atan((L* − 50) / b*)（CIELAB），从 70° 起每 3° 一级，到 −50° 为 40 级。光源颜色会改变它。',
          '膚色等級 1（最淺）到 40（最深）：兩頰的個體類型角 ITA = atan((L* − 50) / b*)（CIELAB），從 70° 起每 3° 一級，到 −50° 為 40 級。光源顏色會改變它。',
          'Skin tone level, 1 (lightest) to 40 (darkest): the individual typology angle ITA = atan((L* - 50) / b*) (CIELAB) of the cheeks, one level per 3 degrees from 70 down to -50. The colour of the light shifts it.',
        ]),
        skin_tone_category: attribute(z.enum(keys(SKIN_TONE_CATEGORIES)), [
          'ITA 的肤色类别（Del Bino 2013）：very_light > 55°、light 41–55°、intermediate 28–41°、tan 10–28°、brown −30–10°、dark < −30°。在 146 张独立肖像上，与人工粗分（浅、中、深）一致的仅 75 张（偏深居多）；在同一影棚光线下的 51 张评测肖像上一致 39 张：照片的光线比肤色更能左右它，可用于同一光线下比较，不宜作绝对判断。',
          'ITA 的膚色類別（Del Bino 2013）：very_light > 55°、light 41–55°、intermediate 28–41°、tan 10–28°、brown −30–10°、dark < −30°。在 146 張獨立肖像上，與人工粗分（淺、中、深）一致的僅 75 張（偏深居多）；在同一攝影棚光線下的 51 張評測肖像上一致 39 張：照片的光線比膚色更能左右它，可用於同一光線下比較，不宜作絕對判斷。',
          "ITA's skin colour category (Del Bino 2013): very_light above 55 degrees, light 41-55, intermediate 28-41, tan 10-28, brown -30 to 10, dark below -30. On 146 independent portraits it agreed with a person's coarse reading (light, medium, dark) on only 75, mostly by reading darker; on 51 evaluation portraits under one studio light, on 39: a photo's light moves it more than skin does, so compare faces under the same light rather than read it as absolute.",
        ]),
        ita: attribute(z.number(), [
          '两颊的个体类型角 ITA，度。',
          '兩頰的個體類型角 ITA，度。',
          'Individual typology angle of the cheeks, degrees.',
        ]),
        pores: severityOf([
          '毛孔：两颊与鼻部的小暗点密度',
          '毛孔：兩頰與鼻部的小暗點密度',
          'Pores: density of small dark spots on the cheeks and nose',
        ]),
        blackheads: severityOf([
          '黑头：鼻部的明显小暗点数',
          '黑頭：鼻部的明顯小暗點數',
          'Blackheads: distinct small dark spots on the nose',
        ]),
        acne: severityOf([
          '痘印：比周围更红的斑点数',
          '痘印：比周圍更紅的斑點數',
          'Acne marks: spots redder than their surroundings',
        ]),
        moles: severityOf([
          '痣：比周围暗得多且不发红的斑点数',
          '痣：比周圍暗得多且不發紅的斑點數',
          'Moles: spots much darker than their surroundings and not red',
        ]),
        wrinkles: severityOf([
          '皱纹：三处皱纹中最重的',
          '皺紋：三處皺紋中最重的',
          'Wrinkles: the worst of the three below',
        ]),
        forehead_wrinkles: severityOf([
          '抬头纹：额头上线条的占比',
          '抬頭紋：額頭上線條的佔比',
          'Forehead wrinkles: share of the forehead on lines',
        ]),
        crows_feet: severityOf([
          '鱼尾纹：外眼角旁线条的占比',
          '魚尾紋：外眼角旁線條的佔比',
          "Crow's feet: share of the band beyond the outer eye corners on lines",
        ]),
        nasolabial_folds: severityOf([
          '法令纹：鼻翼到嘴角旁线条的占比',
          '法令紋：鼻翼到嘴角旁線條的佔比',
          'Nasolabial folds: share of the band from the nose wings to the mouth corners on lines',
        ]),
        dark_circles: severityOf([
          '黑眼圈：眼下比脸颊暗多少（L*）',
          '黑眼圈：眼下比臉頰暗多少（L*）',
          'Dark circles: how much darker under the eyes than the cheeks (L*)',
        ]),
        skin_type: attribute(z.enum(keys(SKIN_TYPES)), [
          '肤质：由 T 区与两颊的高光判断（normal、combination、oily）；干性无法从照片的光泽判断。',
          '膚質：由 T 區與兩頰的高光判斷（normal、combination、oily）；乾性無法從照片的光澤判斷。',
          'Skin type from the highlights of the T-zone and cheeks (normal, combination, oily); dry skin cannot be told from shine in a photo.',
        ]),
        oil_area: attribute(z.enum(['none', ...keys(OIL_AREAS)]), [
          '出油区域（有镜面高光之处）：none、t_zone、cheeks、whole_face。',
          '出油區域（有鏡面高光之處）：none、t_zone、cheeks、whole_face。',
          'Where the face shines (specular highlights): none, t_zone, cheeks or whole_face.',
        ]),
        rosacea: severityOf([
          '泛红：两颊比额头红多少（a*）',
          '泛紅：兩頰比額頭紅多少（a*）',
          'Rosacea (redness): how much redder the cheeks are than the forehead (a*)',
        ]),
        skin_age: attribute(z.number().int().min(0).max(100), [
          '肌肤年龄得分 0 到 100：皱纹、黑眼圈、毛孔、斑点与泛红程度的加权和，越高表示随年龄出现的迹象越多；不是以年计的年龄，也未按真实年龄验证。',
          '肌膚年齡得分 0 到 100：皺紋、黑眼圈、毛孔、斑點與泛紅程度的加權和，越高表示隨年齡出現的跡象越多；不是以年計的年齡，也未按真實年齡驗證。',
          'Skin age score, 0 to 100: a weighted sum of the wrinkle, dark circle, pore, spot and redness severities, higher meaning more of the signs that come with age; not an age in years, and not validated against ages.',
        ]),
      },
      shapes: [
        '测量区域与发现（原图像素）：label 为名称（pores、blackheads、acne、moles 为点；forehead_wrinkles、crows_feet、nasolabial_folds、dark_circles、oil_area、rosacea 为发现所在区域，skin_tone 为测肤色的两颊区域，均为多边形）。',
        '測量區域與發現（原圖像素）：label 為名稱（pores、blackheads、acne、moles 為點；forehead_wrinkles、crows_feet、nasolabial_folds、dark_circles、oil_area、rosacea 為發現所在區域，skin_tone 為測膚色的兩頰區域，均為多邊形）。',
        'Regions and findings, original-image pixels: label names them (pores, blackheads, acne and moles are points; forehead_wrinkles, crows_feet, nasolabial_folds, dark_circles, oil_area and rosacea are polygons of where they were found; skin_tone the cheek polygons the tone is measured on).',
      ],
      names: {
        ...SKIN_SEVERITIES,
        ...SKIN_TONE_CATEGORIES,
        ...SKIN_TYPES,
        ...OIL_AREAS,
        ...SKIN_SHAPE_LABELS,
      },
    }),
    errors: [20003],
  },
});

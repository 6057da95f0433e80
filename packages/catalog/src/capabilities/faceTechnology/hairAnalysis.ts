import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { attribute, attributes } from '../../contract/kinds.ts';
import { integer } from '../../contract/params.ts';
import type { Doc } from '../../contract/doc.ts';

/** Most faces measured (the faces the hair and skin colour models are learnt from). */
export const HAIR_MAX_FACES = 10;

/** Display names of the attributes and of their coded values. */
export const HAIR_NAMES = {
  length: ['发长', '髮長', 'Length'],
  bangs: ['刘海', '瀏海', 'Bangs'],
  curl: ['卷曲度', '捲曲度', 'Curl'],
  hairline: ['发际线', '髮際線', 'Hairline'],
  ponytail: ['马尾', '馬尾', 'Ponytail'],
  bun: ['发髻', '髮髻', 'Bun'],
  shaved: ['剃发', '剃髮', 'Shaved'],
  bald: ['秃头', '禿頭', 'Bald'],
  colour: ['发色', '髮色', 'Colour'],
  short: ['短发', '短髮', 'Short'],
  medium: ['中长发', '中長髮', 'Medium'],
  long: ['长发', '長髮', 'Long'],
  straight: ['直发', '直髮', 'Straight'],
  wavy: ['波浪', '波浪', 'Wavy'],
  curly: ['卷发', '捲髮', 'Curly'],
  normal: ['正常', '正常', 'Normal'],
  high: ['偏高（后移）', '偏高（後移）', 'High (receding)'],
  black: ['黑色', '黑色', 'Black'],
  brown: ['棕色', '棕色', 'Brown'],
  blonde: ['金色', '金色', 'Blonde'],
  red: ['红色', '紅色', 'Red'],
  grey: ['灰白', '灰白', 'Grey or white'],
  dyed: ['染色', '染色', 'Dyed'],
  yes: ['是', '是', 'Yes'],
  no: ['否', '否', 'No'],
} as const satisfies Record<string, Doc>;

const yesNo = z.enum(['yes', 'no']);
const notMeasured: Doc = [
  '没有测到头发时为 null。',
  '沒有測到頭髮時為 null。',
  'null when no hair was found.',
];

export const hairAnalysis = defineCapability({
  id: 95,
  key: 'hairAnalysis',
  group: 'faceTechnology',
  slug: 'hairAttrAnalysis',
  kind: 'attributes',
  status: 4,
  doc: 85,
  samples: ['astronaut.jpg'],
  name: ['头发属性分析', '頭髮屬性分析', 'Hair Attribute Analysis'],
  description: [
    '识别发长、刘海、卷曲度、发际线、马尾、发髻与发色等属性。',
    '識別髮長、瀏海、捲曲度、髮際線、馬尾、髮髻與髮色等屬性。',
    'Recognises hair length, bangs, curl, hairline, ponytail, bun and colour.',
  ],
  api: {
    endpoint: 'v1/hairclassifier',
    parameters: {
      max_face_num: integer({ min: 1, max: HAIR_MAX_FACES, default: HAIR_MAX_FACES }, [
        '最多分析的人脸数，按人脸检测得分从高到低保留。',
        '最多分析的人臉數，依人臉偵測得分由高到低保留。',
        "Most faces analysed, the face detector's highest scores first.",
      ]),
    },
    answer: attributes({
      list: 'faces',
      count: 'face_num',
      rectangle: 'face_rectangle',
      items: ['人脸', '人臉', 'faces'],
      one: ['人脸', '人臉', 'face'],
      names: HAIR_NAMES,
      attributes: {
        length: attribute(z.enum(['short', 'medium', 'long']).nullable(), [
          '发长：short 发梢在下巴以上，medium 到肩部，long 过肩；由 HSE-FaceRes 特征向量上的两个线性探针判断（是否不短、是否过肩），得分表示答案的明确程度。女性的短发常被判得更长（独立肖像集上 8 个短发女性中 4 个判为短发，5 个齐下巴的短发全被判为长发）；男性短发 38 个中 37 个判对。',
          '髮長：short 髮梢在下巴以上，medium 到肩部，long 過肩；由 HSE-FaceRes 特徵向量上的兩個線性探針判斷（是否不短、是否過肩），得分表示答案的明確程度。女性的短髮常被判得更長（獨立肖像集上 8 個短髮女性中 4 個判為短髮，5 個齊下巴的短髮全被判為長髮）；男性短髮 38 個中 37 個判對。',
          "Length: short ends above the chin, medium at the shoulders, long below them; from two linear probes on the HSE-FaceRes descriptor (not short; long), the score is how clear the answer is. Women's short hair often reads longer (on an independent portrait set 4 of 8 women with short hair answered short, and all 5 chin-length bobs long); 37 of 38 men's short hair answered short.",
        ]),
        bangs: attribute(yesNo, [
          '眉毛上方的额头是否被头发（刘海）覆盖：人脸识别网络（HSE-FaceRes）特征向量上的线性探针，用人工标注的照片训练；得分表示答案的明确程度（阈值处为 0.5），不是概率。儿童的刘海比成人的更容易识别（独立肖像集上成人刘海 5 个中找到 2 个）。',
          '眉毛上方的額頭是否被頭髮（瀏海）覆蓋：人臉辨識網路（HSE-FaceRes）特徵向量上的線性探針，用人工標註的照片訓練；得分表示答案的明確程度（閾值處為 0.5），不是機率。兒童的瀏海比成人的更容易辨識（獨立肖像集上成人瀏海 5 個中找到 2 個）。',
          "Whether hair (a fringe) covers the forehead above the brows: a linear probe on the face recognition network's (HSE-FaceRes) descriptor, trained on photos labelled by eye; the score is how clear the answer is (0.5 at the cut), not a probability. Children's fringes are found more often than adults' (2 of 5 adult fringes on an independent portrait set).",
        ]),
        curl: attribute(z.enum(['straight', 'wavy', 'curly']).nullable(), [
          `卷曲度，由头发区域亮度梯度的结构张量一致性判断；得分为该一致性（0 到 1）。此项目前不可靠（见质量说明）。${notMeasured[0]}`,
          `捲曲度，由頭髮區域亮度梯度的結構張量一致性判斷；得分為該一致性（0 到 1）。此項目前不可靠（見品質說明）。${notMeasured[1]}`,
          `Curl, from the coherence of the structure tensor of the hair's lightness gradients; the score is that coherence (0 to 1). Not reliable yet (see the quality notes). ${notMeasured[2]}`,
        ]),
        hairline: attribute(z.enum(['normal', 'high']).nullable(), [
          '发际线：high 表示偏高（后移，或头顶秃），由 HSE-FaceRes 特征向量上的线性探针判断；被刘海遮住时为 null。得分表示答案的明确程度。年长者更容易被判为偏高：独立肖像集上 5 个后移的发际线找到 4 个，63 个正常的有 7 个被判为偏高。',
          '髮際線：high 表示偏高（後移，或頭頂禿），由 HSE-FaceRes 特徵向量上的線性探針判斷；被瀏海遮住時為 null。得分表示答案的明確程度。年長者更容易被判為偏高：獨立肖像集上 5 個後移的髮際線找到 4 個，63 個正常的有 7 個被判為偏高。',
          'Hairline: high means receding (or a bald top), from a linear probe on the HSE-FaceRes descriptor; null when bangs hide it. The score is how clear the answer is. Older faces read high more often than they are: on an independent portrait set 4 of 5 receding hairlines were found and 7 of 63 normal ones called high.',
        ]),
        ponytail: attribute(yesNo, [
          '是否扎马尾：脸侧几乎没有头发，且头部轮廓外有一团向下垂的头发。',
          '是否綁馬尾：臉側幾乎沒有頭髮，且頭部輪廓外有一團向下垂的頭髮。',
          'Ponytail: hardly any hair beside the face, and a mass of hair outside the head outline that hangs down.',
        ]),
        bun: attribute(yesNo, [
          '是否盘发髻：脸侧几乎没有头发，且头顶轮廓外有一团不下垂的头发。',
          '是否盤髮髻：臉側幾乎沒有頭髮，且頭頂輪廓外有一團不下垂的頭髮。',
          'Bun: hardly any hair beside the face, and a mass of hair on top of the head outline that does not hang down.',
        ]),
        shaved: attribute(yesNo, [
          '是否剃发：额头上方头皮区域几乎没有头发，且未被判为秃头。戴帽子也会被判为剃发。',
          '是否剃髮：額頭上方頭皮區域幾乎沒有頭髮，且未被判為禿頭。戴帽子也會被判為剃髮。',
          'Shaved: hardly any hair over the scalp above the forehead, on a head not answered bald. A hat reads as shaved too.',
        ]),
        bald: attribute(yesNo, [
          '头顶是否秃（谢顶或无发），由 HSE-FaceRes 特征向量上的线性探针判断；得分表示答案的明确程度。年长女性稀疏的头发有时会被判为秃头（FairFace 报告集 142 个有头发的人中有 8 个，其中 3 个是 60 岁以上的女性）。',
          '頭頂是否禿（禿頂或無髮），由 HSE-FaceRes 特徵向量上的線性探針判斷；得分表示答案的明確程度。年長女性稀疏的頭髮有時會被判為禿頭（FairFace 報告集 142 個有頭髮的人中有 8 個，其中 3 個是 60 歲以上的女性）。',
          "A bald top (balding or hairless), from a linear probe on the HSE-FaceRes descriptor; the score is how clear the answer is. Elderly women's thin hair is sometimes called bald (8 of 142 heads with hair on a FairFace report half, 3 of them women over 60).",
        ]),
        colour: attribute(z.enum(['black', 'brown', 'blonde', 'red', 'grey', 'dyed']).nullable(), [
          `发色，由头发像素在 CIELAB 中的平均颜色命名（色相超出自然发色范围的像素足够多时为 dyed）；得分为自身颜色名与之相同的像素比例。${notMeasured[0]}`,
          `髮色，由頭髮像素在 CIELAB 中的平均顏色命名（色相超出自然髮色範圍的像素足夠多時為 dyed）；得分為自身顏色名與之相同的像素比例。${notMeasured[1]}`,
          `Colour, named from the hair pixels' mean CIELAB colour (dyed when enough pixels have hues outside natural hair's); the score is the share of the pixels whose own colour name is the answer. ${notMeasured[2]}`,
        ]),
      },
    }),
    errors: [],
  },
});

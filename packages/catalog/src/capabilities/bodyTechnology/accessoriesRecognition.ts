import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { boxes } from '../../contract/kinds.ts';
import { integer, number } from '../../contract/params.ts';
import { described, type Doc } from '../../contract/doc.ts';

/**
 * The accessories answered and their names. glasses, sunglasses and earring are measured on the
 * face mesh, hat by a probe on the object detector's features over the crown and HSE-FaceRes's descriptor; backpack, umbrella, handbag and tie are classes of the COCO object detector. The
 * engine's ornaments task answers these codes (a test holds the two equal).
 */
export const ORNAMENT_NAMES = {
  glasses: ['眼镜', '眼鏡', 'Glasses'],
  sunglasses: ['墨镜', '墨鏡', 'Sunglasses'],
  hat: ['帽子', '帽子', 'Hat'],
  earring: ['耳饰', '耳飾', 'Earring'],
  backpack: ['双肩包', '雙肩包', 'Backpack'],
  umbrella: ['雨伞', '雨傘', 'Umbrella'],
  handbag: ['手提包', '手提包', 'Handbag'],
  tie: ['领带', '領帶', 'Tie'],
} as const satisfies Record<string, Doc>;

export type OrnamentCode = keyof typeof ORNAMENT_NAMES;
const codes = Object.keys(ORNAMENT_NAMES) as [OrnamentCode, ...OrnamentCode[]];
const list = (k: 0 | 1 | 2, sep: string) => codes.map((c) => `${c} ${ORNAMENT_NAMES[c][k]}`).join(sep);

export const accessoriesRecognition = defineCapability({
  id: 93,
  key: 'accessoriesRecognition',
  group: 'bodyTechnology',
  slug: 'accessories',
  endpoint: 'v1/Ornaments',
  kind: 'boxes',
  status: 4,
  doc: 210,
  samples: ['glasses-man.jpg', 'astronaut.jpg'],
  name: ['配饰识别', '配飾識別', 'Accessory Recognition'],
  description: [
    '识别眼镜、帽子、耳饰等人物配饰。',
    '識別眼鏡、帽子、耳飾等人物配飾。',
    'Recognises accessories such as glasses, hats and earrings.',
  ],
  api: {
    endpoint: 'v1/Ornaments',
    parameters: {
      max_ornament_num: integer({ min: 1, max: 50, default: 20 }, [
        '最多返回的配饰数，按得分从高到低保留。',
        '最多返回的配飾數，依得分由高到低保留。',
        'Most accessories to return, the highest scores first.',
      ]),
      min_score: number({ min: 0, max: 1, default: 0.3 }, [
        '物体检测器所得配饰（双肩包、雨伞、手提包、领带）的最低得分。默认值沿用人体检测在同一检测器上的取值，未在配饰照片上调整。',
        '物體偵測器所得配飾（雙肩包、雨傘、手提包、領帶）的最低得分。預設值沿用人體偵測在同一偵測器上的取值，未在配飾照片上調整。',
        'Lowest score of the accessories of the object detector (backpack, umbrella, handbag, tie). The default is human detection’s on the same detector, not tuned on accessory photos.',
      ]),
    },
    answer: boxes({
      list: 'ornaments',
      count: 'ornament_num',
      rectangle: 'ornament_rectangle',
      items: ['配饰', '配飾', 'accessories'],
      one: ['配饰', '配飾', 'accessory'],
      names: ORNAMENT_NAMES,
      item: {
        label: described(z.enum(codes), [
          `配饰类别：${list(0, '、')}。眼镜、墨镜、耳饰由人脸网格测量得出（不是模型）；帽子由逻辑回归判断，输入为 COCO 物体检测器在头顶区域的特征与人脸属性模型 HSE-FaceRes 的特征向量（分数不是校准概率）；其余由该检测器直接得出。帽子：FairFace 报告集 18 顶中找到 15 顶，209 个未戴帽者中误报 7 个，头巾、包头巾 19 个中 7 个被报为帽子；在独立照片上 13 顶中找到 8 顶、160 张无帽照片中无误报。其余在独立照片上：眼镜 7 张中找到 7 张，耳饰 3 张中 1 张（另有 12 张无耳饰照片中 4 张误报），领带 59 张中 51 张，背包 4 张中 0 张：未报出帽子、耳饰或背包并不表示没有。`,
          `配飾類別：${list(1, '、')}。眼鏡、墨鏡、耳飾由人臉網格量測得出（不是模型）；帽子由邏輯迴歸判斷，輸入為 COCO 物體偵測器在頭頂區域的特徵與人臉屬性模型 HSE-FaceRes 的特徵向量（分數不是校準機率）；其餘由該偵測器直接得出。帽子：FairFace 報告集 18 頂中找到 15 頂，209 個未戴帽者中誤報 7 個，頭巾、包頭巾 19 個中 7 個被報為帽子；在獨立照片上 13 頂中找到 8 頂、160 張無帽照片中無誤報。其餘在獨立照片上：眼鏡 7 張中找到 7 張，耳飾 3 張中 1 張（另有 12 張無耳飾照片中 4 張誤報），領帶 59 張中 51 張，背包 4 張中 0 張：未報出帽子、耳飾或背包並不表示沒有。`,
          `Accessory: ${list(2, ', ')}. Glasses, sunglasses and earrings are measured on the face mesh (not a model); hats by a logistic regression on the COCO object detector's features over the crown and the face attribute model HSE-FaceRes's descriptor (its score is not a calibrated probability); the others come from that detector directly. Hats: found on 15 of 18 in FairFace's report half, said on 7 of 209 bare heads there and on 7 of 19 headscarves and head wraps; on independent photos found on 8 of 13, said on none of 160 without. The others on independent photos: glasses found on 7 of 7, earrings on 1 of 3 (and said on 4 of 12 photos without), ties on 51 of 59, backpacks on 0 of 4: a hat, earring or backpack not answered may still be there.`,
        ]),
      },
    }),
    errors: [],
  },
});

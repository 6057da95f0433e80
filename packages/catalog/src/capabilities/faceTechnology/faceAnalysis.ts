import { z } from 'zod';
import { count, imageSize, obj } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described } from '../../contract/doc.ts';
import {
  detectionScore,
  faceAttribute,
  faceLandmark,
  facesFound,
  headPose,
  heuristicAttribute,
  modelAttribute,
  maxFaces,
  returnLandmark,
} from './face-fields.ts';

/** The classes of the emotion and race models, in their answer order. */
export const EMOTIONS = ['angry', 'disgust', 'fear', 'happy', 'sad', 'surprise', 'neutral'] as const;
export const RACES = ['white', 'black', 'asian', 'indian', 'other'] as const;

export const faceAnalysis = defineCapability({
  id: 167,
  key: 'faceAnalysis',
  group: 'faceTechnology',
  slug: 'faceanalysis',
  kind: 'attributes',
  status: 2,
  doc: 79,
  name: ['人脸属性分析', '人臉屬性分析', 'Face Attribute Analysis'],
  description: [
    '分析年龄、性别、表情、人种、颜值、眼镜、胡须、眼睑与头部姿态等属性。',
    '分析年齡、性別、表情、人種、顏值、眼鏡、鬍鬚、眼瞼與頭部姿態等屬性。',
    'Estimates age, gender, emotion, race, attractiveness, glasses, beard, eyelid and head pose.',
  ],
  api: {
    endpoint: 'v2/macro_facial_analysis',
    parameters: {
      return_attributes: described(z.string({ error: 'must be a comma-separated string' }).optional(), [
        '逗号分隔：gender,age,emotion,race,glasses,mustache（或 beard）,eyelid,beauty（或 attractiveness）,poseestimation；默认全部。其他名称被忽略。',
        '逗號分隔：gender,age,emotion,race,glasses,mustache（或 beard）,eyelid,beauty（或 attractiveness）,poseestimation；預設全部。其他名稱會被忽略。',
        'Comma-separated: gender,age,emotion,race,glasses,mustache (or beard),eyelid,beauty (or attractiveness),poseestimation; default all. Other names are ignored.',
      ]),
      return_landmark: returnLandmark,
      max_face_num: maxFaces(),
    },
    answer: {
      kind: 'attributes',
      answer: obj({
        ...imageSize,
        face_num: count(['人脸数量。', '人臉數量。', 'Number of faces.']),
        faces: facesFound({
          score: detectionScore,
          face_attributes: described(
            obj({
              gender: modelAttribute(
                z.union([z.literal(0), z.literal(1)]),
                [
                  '性别：0 女，1 男（HSE-FaceRes 模型）。',
                  '性別：0 女，1 男（HSE-FaceRes 模型）。',
                  'Gender: 0 female, 1 male (HSE-FaceRes model).',
                ],
                ['模型给所答性别的值', '模型給所答性別的值', "the model's value for the gender answered"],
              ).optional(),
              age: modelAttribute(
                z.number().int(),
                [
                  '年龄（岁，HSE-FaceRes 模型）。在独立评测照片上它把年龄拉向三十出头：25 到 39 岁的成人平均误差约 4 岁，25 岁以下平均估大约 6 岁，40 岁以上估小（65 岁以上平均估小约 26 岁），3 到 9 岁的儿童多被估为青少年或成人。',
                  '年齡（歲，HSE-FaceRes 模型）。在獨立評測照片上它把年齡拉向三十出頭：25 到 39 歲的成人平均誤差約 4 歲，25 歲以下平均估大約 6 歲，40 歲以上估小（65 歲以上平均估小約 26 歲），3 到 9 歲的兒童多被估為青少年或成人。',
                  'Age in years (HSE-FaceRes model). On independent evaluation photos it pulls ages towards the early thirties: adults of 25 to 39 within about 4 years on average, under 25 about 6 years too old, over 40 too young (about 26 years too young over 65), and children of 3 to 9 mostly read as teenagers or adults.',
                ],
                [
                  '模型在估计值 ±5 岁内的分布质量',
                  '模型在估計值 ±5 歲內的分佈質量',
                  "the share of the model's age distribution within 5 years of the estimate",
                ],
              ).optional(),
              emotion: modelAttribute(
                z.enum(EMOTIONS),
                [
                  '表情：angry、disgust、fear、happy、sad、surprise、neutral；scores 为各类的模型输出。',
                  '表情：angry、disgust、fear、happy、sad、surprise、neutral；scores 為各類的模型輸出。',
                  "Emotion: angry, disgust, fear, happy, sad, surprise, neutral; scores holds the model's output for every class.",
                ],
                ['模型给所答表情的值', '模型給所答表情的值', "the model's value for the emotion answered"],
                { scores: z.record(z.enum(EMOTIONS), z.number()) },
              ).optional(),
              race: modelAttribute(
                z.enum(RACES),
                [
                  '外貌的人种估计（GEAR 模型）：white、black、asian、indian、other；scores 为各类的模型输出。它只是对照片中外貌的估计，在我们的标注照片上常有错误，不代表身份或血统。',
                  '外貌的人種估計（GEAR 模型）：white、black、asian、indian、other；scores 為各類的模型輸出。它只是對照片中外貌的估計，在我們的標註照片上常有錯誤，不代表身分或血統。',
                  "An estimate of apparent race from appearance (GEAR model): white, black, asian, indian, other; scores holds the model's output for every class. It is only an estimate of how the face looks in the photo, often wrong on our labelled photos, and says nothing about identity or ancestry.",
                ],
                ['模型给所答类别的值', '模型給所答類別的值', "the model's value for the class answered"],
                { scores: z.record(z.enum(RACES), z.number()) },
              ).optional(),
              glasses: heuristicAttribute(z.enum(['none', 'glasses', 'sunglasses']), [
                '眼镜：由网格与像素测量（眼部比脸颊暗很多为墨镜；鼻梁上有一条横贯的镜框边缘为眼镜）。在独立评测照片上，生活照约 92% 判断正确；小脸上的细框与浅色墨镜可能漏检。',
                '眼鏡：由網格與像素測量（眼部比臉頰暗很多為墨鏡；鼻樑上有一條橫貫的鏡框邊緣為眼鏡）。在獨立評測照片上，生活照約 92% 判斷正確；小臉上的細框與淺色墨鏡可能漏檢。',
                'Glasses, measured on the mesh and pixels (eyes much darker than the cheeks: sunglasses; a frame edge straight across the nose bridge: glasses). Right on about 92 % of everyday photos in our independent evaluation; thin frames on small faces and light lenses can be missed.',
              ]).optional(),
              mustache: modelAttribute(
                z.union([z.literal(0), z.literal(1)]),
                [
                  '胡须（络腮胡、山羊胡或小胡子）为 1：由 HSE-FaceRes 人脸特征上的线性探针判断（逻辑回归，在 FairFace 照片的人工标注上拟合），只在该模型判为男性的人脸上回答 1。在 FairFace 报告集上：有胡须 24 人中找到 16 人，无胡须 213 人中误报 9 人（无胡须男性 79 人中 5 人，其余为被判为男性的老年女性）；在独立的证件照式肖像上：有胡须 13 人中找到 11 人，无胡须 99 人中误报 6 人（多为剃净的男性）。浅色短须与胡茬可能漏检。',
                  '鬍鬚（絡腮鬍、山羊鬍或小鬍子）為 1：由 HSE-FaceRes 人臉特徵上的線性探針判斷（邏輯迴歸，在 FairFace 照片的人工標註上擬合），只在該模型判為男性的人臉上回答 1。在 FairFace 報告集上：有鬍鬚 24 人中找到 16 人，無鬍鬚 213 人中誤報 9 人（無鬍鬚男性 79 人中 5 人，其餘為被判為男性的老年女性）；在獨立的證件照式肖像上：有鬍鬚 13 人中找到 11 人，無鬍鬚 99 人中誤報 6 人（多為剃淨的男性）。淺色短鬚與鬍渣可能漏檢。',
                  '1 for a beard, goatee or moustache, by a linear probe on the HSE-FaceRes face descriptor (logistic regression fitted on FairFace photos labelled by eye), answered 1 only on faces that model reads as male. On FairFace’s report half: found on 16 of 24 bearded faces, said on 9 of 213 without (5 of 79 men without, the others elderly women the model reads as men); on independent studio portraits: found on 11 of 13, said on 6 of 99 without (mostly clean-shaven men). Light short beards and stubble can be missed.',
                ],
                [
                  '探针对所答值的输出，在判定阈值处为 0.5',
                  '探針對所答值的輸出，在判定閾值處為 0.5',
                  "the probe's output for the value answered, 0.5 at its cut",
                ],
              ).optional(),
              eyelid: heuristicAttribute(z.enum(['single', 'double']), [
                '眼睑：在照片原始像素上测量，上眼睑睫毛与眉之间有一条褶线为 double。在独立评测照片上：双眼皮 62 例中 57 例判为 double，单眼皮 4 例中 4 例判为 single；可用的单眼皮照片很少，single 只作弱参考。小脸、眼镜、眯眼与浓重眼妆可能遮住褶线。',
                '眼瞼：在照片原始像素上量測，上眼瞼睫毛與眉之間有一條褶線為 double。在獨立評測照片上：雙眼皮 62 例中 57 例判為 double，單眼皮 4 例中 4 例判為 single；可用的單眼皮照片很少，single 只作弱參考。小臉、眼鏡、瞇眼與濃重眼妝可能遮住褶線。',
                'Eyelid: double when a fold line shows on the upper lid between the lashes and the brow, measured on the photo’s own pixels. On independent evaluation photos: double said on 57 of 62 double eyelids and single on all 4 single eyelids; few single-eyelid photos were available, so single is a weak cue. Small faces, glasses, squinting and heavy eye make-up can hide the fold.',
              ]).optional(),
              beauty: heuristicAttribute(
                z.number().min(50).max(100),
                [
                  '规整度评分（作为“颜值”返回）：面部对称性、五官比例与新古典比例的接近程度、皮肤均匀度的加权，50 到 100。它衡量的是这张照片里面部几何与肤质有多规整，并非美丑；姿态、表情、光线和画质可使其变化多达 28 分。',
                  '規整度評分（作為「顏值」返回）：面部對稱性、五官比例與新古典比例的接近程度、皮膚均勻度的加權，50 到 100。它衡量的是這張照片裡面部幾何與膚質有多規整，並非美醜；姿態、表情、光線和畫質可使其變化多達 28 分。',
                  'A regularity score, returned as attractiveness: symmetry, closeness to the neoclassical facial proportions and skin evenness, weighted, 50 to 100. It measures how regular the face geometry and skin look in this photo, not beauty; pose, expression, light and image quality move it by up to 28 points.',
                ],
                false,
              ).optional(),
              poseestimation: faceAttribute(headPose, [
                '头部姿态（度）；confidence 为 null。',
                '頭部姿態（度）；confidence 為 null。',
                'Head pose in degrees; confidence is null.',
              ]).optional(),
            }),
            [
              '所请求的属性（return_attributes），每项为 { value, confidence }；confidence 只在经过校准时给出（目前每项均为 null），模型与启发式方法的 score 由 method 说明来源。',
              '所請求的屬性（return_attributes），每項為 { value, confidence }；confidence 只在經過校準時給出（目前每項均為 null），模型與啟發式方法的 score 由 method 說明來源。',
              'The attributes asked for (return_attributes), each { value, confidence }; confidence is given only where it is calibrated (null for every attribute today), and the score of a model or a heuristic says by its method where it comes from.',
            ],
          ),
          face_landmark: faceLandmark,
        }),
        supported_attributes: described(z.array(z.string()), [
          '本接口可返回的全部属性名。',
          '本介面可返回的全部屬性名。',
          'Every attribute this API can return.',
        ]),
      }),
    },
    errors: [20003],
  },
});

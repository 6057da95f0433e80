import type { I18nText } from './types.ts';

/** One request parameter or response field of an algorithm, for its API reference page. */
export interface ApiField {
  name: string;
  type: string;
  required?: boolean;
  description: I18nText;
}

/** What an algorithm takes and answers beyond the common envelope; error codes it may answer. */
export interface ApiDoc {
  parameters: ApiField[];
  /** Fields under `media_info_list[0].media_extra`. */
  response: ApiField[];
  errors: number[];
}

const COMMON_IMAGE_ERRORS = [10000, 10003, 10007, 10013, 10014, 10015, 10002, 20009, 20013, 20015];
/** Errors of an endpoint that needs exactly one frontal face (comparison, face sets). */
const ONE_FACE_ERRORS = [20003, 20004, 20021, 20022, 20023];

const FACE_RECTANGLE: ApiField = {
  name: 'faces[].face_rectangle',
  type: '{ left, top, width, height }',
  description: { zh: '人脸框（像素）。', zh_tw: '人臉框（像素）。', en: 'Face box in pixels.' },
};

const IMAGE_SIZE: ApiField = {
  name: 'image_width, image_height',
  type: 'integer',
  description: {
    zh: '按 EXIF 方向摆正后的图片尺寸（像素），所有坐标都以此为准。',
    zh_tw: '依 EXIF 方向擺正後的圖片尺寸（像素），所有座標都以此為準。',
    en: 'Size of the image after EXIF orientation, in pixels; every coordinate refers to it.',
  },
};

/** The two face detection endpoints differ only in the name of their face-count parameter. */
function faceDetectDoc(countParameter: string): ApiDoc {
  return {
    parameters: [
      {
        name: countParameter,
        type: 'integer',
        description: {
          zh: '最多返回的人脸数，默认 20。',
          zh_tw: '最多返回的人臉數，預設 20。',
          en: 'Most faces to return; default 20.',
        },
      },
      {
        name: 'parameter.return_landmark',
        type: '0 | 1',
        description: {
          zh: '为 1 时返回 468 点网格与虹膜点。',
          zh_tw: '為 1 時返回 468 點網格與虹膜點。',
          en: '1 to also return the 468-point mesh and iris points.',
        },
      },
    ],
    response: [
      {
        name: 'face_num',
        type: 'integer',
        description: { zh: '人脸数量。', zh_tw: '人臉數量。', en: 'Number of faces.' },
      },
      FACE_RECTANGLE,
      {
        name: 'faces[].score',
        type: 'number',
        description: {
          zh: '检测置信度，0 到 1。',
          zh_tw: '偵測置信度，0 到 1。',
          en: 'Detection confidence, 0 to 1.',
        },
      },
      {
        name: 'faces[].face_attributes.headpose',
        type: '{ pitch_angle, yaw_angle, roll_angle }',
        description: {
          zh: '头部姿态（度），由三维网格计算。',
          zh_tw: '頭部姿態（度），由三維網格計算。',
          en: 'Head pose in degrees, from the 3-D mesh.',
        },
      },
    ],
    errors: [20003, ...COMMON_IMAGE_ERRORS],
  };
}

/** API details by gateway endpoint. Adding an algorithm adds its entry here with the catalogue entry. */
export const apiDocs: Record<string, ApiDoc> = {
  'v2/facepoints': {
    parameters: [
      {
        name: 'parameter.max_face_num',
        type: 'integer',
        description: {
          zh: '最多返回的人脸数，默认 20。',
          zh_tw: '最多返回的人臉數，預設 20。',
          en: 'Most faces to return; default 20.',
        },
      },
      {
        name: 'parameter.landmark_type',
        type: "'468' | '106' | 'all'",
        description: {
          zh: '返回哪种关键点：468（默认，三维网格与虹膜点）、106（由网格导出的 106 点）或 all（两者都返回）。',
          zh_tw:
            '返回哪種關鍵點：468（預設，三維網格與虹膜點）、106（由網格導出的 106 點）或 all（兩者都返回）。',
          en: 'Which points to return: 468 (default: the 3D mesh and iris points), 106 (the 106-point layout derived from the mesh) or all (both).',
        },
      },
    ],
    response: [
      IMAGE_SIZE,
      {
        name: 'faces[]',
        type: 'array',
        description: {
          zh: '检测到的人脸，从左到右排列。',
          zh_tw: '偵測到的人臉，由左至右排列。',
          en: 'Faces found, left to right.',
        },
      },
      FACE_RECTANGLE,
      {
        name: 'faces[].score',
        type: 'number',
        description: {
          zh: '检测置信度，0 到 1。',
          zh_tw: '偵測置信度，0 到 1。',
          en: 'Detection confidence, 0 to 1.',
        },
      },
      {
        name: 'faces[].face_landmark.mesh',
        type: '[x, y, z][468]',
        description: {
          zh: '468 点三维人脸网格（MediaPipe 拓扑）；z 为相对深度，越小越靠近镜头。',
          zh_tw: '468 點三維人臉網格（MediaPipe 拓撲）；z 為相對深度，越小越靠近鏡頭。',
          en: '468-point 3D face mesh (MediaPipe topology); z is relative depth, smaller is nearer the camera.',
        },
      },
      {
        name: 'faces[].face_landmark.iris_left, iris_right',
        type: '[x, y][5]',
        description: {
          zh: '虹膜中心及上下左右边缘共 5 点。',
          zh_tw: '虹膜中心及上下左右邊緣共 5 點。',
          en: 'Iris centre and its four edge points.',
        },
      },
      {
        name: 'faces[].face_landmark.points_106',
        type: '[x, y][106]',
        description: {
          zh: '106 点（landmark_type 为 106 或 all 时）：轮廓 0-32、右眉 33-41、左眉 42-50、右眼 51-60、左眼 61-70（含眼中心与瞳孔）、鼻 71-85、外唇 86-97、内唇 98-105；左右指被拍摄者自身的左右。每点取自网格点或其均值，没有单独的模型。',
          zh_tw:
            '106 點（landmark_type 為 106 或 all 時）：輪廓 0-32、右眉 33-41、左眉 42-50、右眼 51-60、左眼 61-70（含眼中心與瞳孔）、鼻 71-85、外唇 86-97、內唇 98-105；左右指被拍攝者自身的左右。每點取自網格點或其平均，沒有單獨的模型。',
          en: "106 points (landmark_type 106 or all): contour 0-32, right brow 33-41, left brow 42-50, right eye 51-60, left eye 61-70 (with eye centre and pupil), nose 71-85, outer lips 86-97, inner lips 98-105; right and left are the subject's own. Each point is a mesh point or a mean of mesh points, not a model of its own.",
        },
      },
    ],
    errors: [20003, ...COMMON_IMAGE_ERRORS],
  },
  'v1/facedetect': faceDetectDoc('parameter.nFront'),
  'v2/facedetect': faceDetectDoc('parameter.max_face_num'),
  'v2/macro_facial_analysis': {
    parameters: [
      {
        name: 'parameter.return_attributes',
        type: 'string',
        description: {
          zh: '逗号分隔：gender,age,emotion,race,glasses,mustache（或 beard）,eyelid,beauty,poseestimation；默认全部。',
          zh_tw:
            '逗號分隔：gender,age,emotion,race,glasses,mustache（或 beard）,eyelid,beauty,poseestimation；預設全部。',
          en: 'Comma-separated: gender,age,emotion,race,glasses,mustache (or beard),eyelid,beauty,poseestimation; default all.',
        },
      },
      {
        name: 'parameter.return_landmark',
        type: '0 | 1',
        description: {
          zh: '为 1 时返回 468 点网格与虹膜点。',
          zh_tw: '為 1 時返回 468 點網格與虹膜點。',
          en: '1 to also return the 468-point mesh and iris points.',
        },
      },
    ],
    response: [
      FACE_RECTANGLE,
      {
        name: 'faces[].face_attributes.gender',
        type: '{ value, confidence }',
        description: {
          zh: '性别：0 女，1 男（HSE-FaceRes 模型）。',
          zh_tw: '性別：0 女，1 男（HSE-FaceRes 模型）。',
          en: 'Gender: 0 female, 1 male (HSE-FaceRes model).',
        },
      },
      {
        name: 'faces[].face_attributes.age',
        type: '{ value, confidence }',
        description: {
          zh: '年龄（岁）；置信度为估计值 ±5 岁内的概率。',
          zh_tw: '年齡（歲）；置信度為估計值 ±5 歲內的機率。',
          en: 'Age in years; confidence is the probability within 5 years of it.',
        },
      },
      {
        name: 'faces[].face_attributes.emotion',
        type: '{ value, confidence, probabilities }',
        description: {
          zh: '表情：angry、disgust、fear、happy、sad、surprise、neutral。',
          zh_tw: '表情：angry、disgust、fear、happy、sad、surprise、neutral。',
          en: 'Emotion: angry, disgust, fear, happy, sad, surprise, neutral.',
        },
      },
      {
        name: 'faces[].face_attributes.race',
        type: '{ value, confidence, probabilities }',
        description: {
          zh: '外貌的人种估计（GEAR 模型）：white、black、asian、indian、other，附各类概率。它只是对照片中外貌的估计，在我们的标注照片上常有错误，不代表身份或血统。',
          zh_tw:
            '外貌的人種估計（GEAR 模型）：white、black、asian、indian、other，附各類機率。它只是對照片中外貌的估計，在我們的標註照片上常有錯誤，不代表身分或血統。',
          en: 'An estimate of apparent race from appearance (GEAR model): white, black, asian, indian, other, with every class’s probability. It is only an estimate of how the face looks in the photo, often wrong on our labelled photos, and says nothing about identity or ancestry.',
        },
      },
      {
        name: 'faces[].face_attributes.glasses',
        type: "{ value: 'none' | 'glasses' | 'sunglasses', confidence }",
        description: {
          zh: '眼镜：由网格与像素测量（眼部比脸颊暗很多为墨镜；鼻梁与眼下有镜框边缘为眼镜），小脸上的细框可能漏检。',
          zh_tw:
            '眼鏡：由網格與像素測量（眼部比臉頰暗很多為墨鏡；鼻樑與眼下有鏡框邊緣為眼鏡），小臉上的細框可能漏檢。',
          en: 'Glasses, measured on the mesh and pixels (eyes much darker than the cheeks: sunglasses; frame edges on the nose bridge and under the eyes: glasses); thin frames on small faces can be missed.',
        },
      },
      {
        name: 'faces[].face_attributes.mustache',
        type: '{ value: 0 | 1, confidence }',
        description: {
          zh: '胡须（络腮胡或小胡子）为 1：下巴与上唇皮肤明显比脸颊暗。浅色短须可能漏检。',
          zh_tw: '鬍鬚（絡腮鬍或小鬍子）為 1：下巴與上唇皮膚明顯比臉頰暗。淺色短鬚可能漏檢。',
          en: '1 for a beard or moustache: the chin and upper-lip skin clearly darker than the cheeks. Short, light beards can be missed.',
        },
      },
      {
        name: 'faces[].face_attributes.eyelid',
        type: "{ value: 'single' | 'double', confidence }",
        description: {
          zh: '眼睑：上眼睑与眉之间有褶线为 double。尚未在单眼皮照片上验证，只作弱参考。',
          zh_tw: '眼瞼：上眼瞼與眉之間有褶線為 double。尚未在單眼皮照片上驗證，只作弱參考。',
          en: 'Eyelid: double when a fold shows between the upper lid and the brow. Not yet validated on single-eyelid photos: a weak cue.',
        },
      },
      {
        name: 'faces[].face_attributes.beauty',
        type: '{ value: 50-100, confidence }',
        description: {
          zh: '规整度评分（作为“颜值”返回）：面部对称性、五官比例与新古典比例的接近程度、皮肤均匀度的加权，50 到 100。它衡量的是这张照片里面部几何与肤质有多规整，并非美丑；姿态、表情、光线和画质可使其变化多达 28 分。',
          zh_tw:
            '規整度評分（作為「顏值」返回）：面部對稱性、五官比例與新古典比例的接近程度、皮膚均勻度的加權，50 到 100。它衡量的是這張照片裡面部幾何與膚質有多規整，並非美醜；姿態、表情、光線和畫質可使其變化多達 28 分。',
          en: 'A regularity score, returned as attractiveness: symmetry, closeness to the neoclassical facial proportions and skin evenness, weighted, 50 to 100. It measures how regular the face geometry and skin look in this photo, not beauty; pose, expression, light and image quality move it by up to 28 points.',
        },
      },
      {
        name: 'faces[].face_attributes.poseestimation',
        type: '{ value: { pitch_angle, yaw_angle, roll_angle } }',
        description: { zh: '头部姿态（度）。', zh_tw: '頭部姿態（度）。', en: 'Head pose in degrees.' },
      },
    ],
    errors: [20003, ...COMMON_IMAGE_ERRORS],
  },
  'v1/micro_facial_analysis': {
    parameters: [
      {
        name: 'parameter.return_attributes',
        type: 'string',
        description: { zh: 'facial_analysis', zh_tw: 'facial_analysis', en: 'facial_analysis' },
      },
      {
        name: 'parameter.return_landmark',
        type: '0 | 1',
        description: {
          zh: '为 1 时返回 468 点网格与虹膜点。',
          zh_tw: '為 1 時返回 468 點網格與虹膜點。',
          en: '1 to also return the 468-point mesh and iris points.',
        },
      },
    ],
    response: [
      FACE_RECTANGLE,
      {
        name: 'faces[].face_attributes.facial_analysis',
        type: 'object',
        description: {
          zh: '脸型六类得分，以及颧骨、眼型、眼距、眉形、鼻型、唇厚、唇峰、下巴，均由人脸网格几何比例计算。',
          zh_tw:
            '臉型六類得分，以及顴骨、眼型、眼距、眉形、鼻型、唇厚、唇峰、下巴，均由人臉網格幾何比例計算。',
          en: 'Face-shape scores (circular, elliptic, long, prism, square, triangle) and cheekbone, eye shape, eye distance, eyebrow, nose, lip thickness, lip peak and chin, from mesh ratios.',
        },
      },
    ],
    errors: [20003, 20004, 20021, 20022, 20023, ...COMMON_IMAGE_ERRORS],
  },
  'v1/face_compare': {
    parameters: [
      {
        name: 'media_info_list[0], media_info_list[1]',
        type: 'image',
        required: true,
        description: {
          zh: '两张各含一张正脸的照片。',
          zh_tw: '兩張各含一張正臉的照片。',
          en: 'Two photos, each with one near-frontal face.',
        },
      },
    ],
    response: [
      {
        name: 'similarity',
        type: 'number',
        description: { zh: '相似度 0 到 100。', zh_tw: '相似度 0 到 100。', en: 'Similarity, 0 to 100.' },
      },
      {
        name: 'is_same_person',
        type: '0 | 1',
        description: {
          zh: '相似度不低于阈值（60）时为 1。',
          zh_tw: '相似度不低於閾值（60）時為 1。',
          en: '1 when the similarity reaches the threshold (60).',
        },
      },
      {
        name: 'faces[]',
        type: '{ face_rectangle, image, image_width, image_height }[2]',
        description: {
          zh: '每张照片（image 为 0 或 1）中的人脸框，以及该照片摆正后的尺寸（像素）。',
          zh_tw: '每張照片（image 為 0 或 1）中的人臉框，以及該照片擺正後的尺寸（像素）。',
          en: 'The face box in each photo (image 0 or 1), with that photo’s size after EXIF orientation, in pixels.',
        },
      },
    ],
    errors: [...ONE_FACE_ERRORS, 20010, ...COMMON_IMAGE_ERRORS],
  },
  'v1/baby_recognition': {
    parameters: [],
    response: [
      FACE_RECTANGLE,
      {
        name: 'faces[].face_attributes.baby',
        type: '{ value, confidence }',
        description: {
          zh: '1 表示婴儿或幼童（年龄模型判断 4 岁以下概率不低于 0.5）。',
          zh_tw: '1 表示嬰兒或幼童（年齡模型判斷 4 歲以下機率不低於 0.5）。',
          en: '1 for a baby or young child (the age model gives at least 0.5 probability of under 4 years).',
        },
      },
      {
        name: 'faces[].face_attributes.age',
        type: '{ value, confidence }',
        description: { zh: '估计年龄（岁）。', zh_tw: '估計年齡（歲）。', en: 'Estimated age in years.' },
      },
    ],
    errors: [20003, ...COMMON_IMAGE_ERRORS],
  },
  'v3/AIBeauty': {
    parameters: [
      ...(
        [
          [
            'smooth',
            60,
            '磨皮强度：人脸皮肤区域的保边平滑（导向滤波）',
            '磨皮強度：人臉皮膚區域的保邊平滑（導向濾波）',
            'Skin smoothing: edge-preserving (guided filter) smoothing of the face’s skin',
          ],
          [
            'whiten',
            30,
            '提亮：在感知色彩空间 OKLab 中提高皮肤明度并略降黄色',
            '提亮：在感知色彩空間 OKLab 中提高皮膚明度並略降黃色',
            'Brightening: skin lightness raised in the perceptual OKLab space, yellow slightly lowered',
          ],
          [
            'slim',
            20,
            '瘦脸：下颌线向面部中线的局部变形',
            '瘦臉：下顎線向面部中線的局部變形',
            'Face slimming: the jaw line drawn towards the face’s midline by a local warp',
          ],
          [
            'eye',
            20,
            '大眼：以双眼为中心的局部放大',
            '大眼：以雙眼為中心的局部放大',
            'Eye enlarging: a local magnification centred on each eye',
          ],
        ] as const
      ).map(([name, fallback, zh, zhTw, en]): ApiField => ({
        name: `parameter.${name}`,
        type: 'number 0-100',
        description: {
          zh: `${zh}，0 为不处理，默认 ${fallback}。`,
          zh_tw: `${zhTw}，0 為不處理，預設 ${fallback}。`,
          en: `${en}; 0 leaves it, default ${fallback}.`,
        },
      })),
      {
        name: 'parameter.rsp_media_type',
        type: "'jpg' | 'url'",
        description: {
          zh: 'jpg（默认）：结果图以 base64 JPEG 放在 media_info_list[0].media_data，尺寸与原图相同。url：media_data 为结果图的短期链接（media_profiles.media_data_type 为 url），1 小时内有效（RESULT_URL_TTL_SECONDS），到期时间见 media_profiles.expires_at，过期后返回 404 / 21017。',
          zh_tw:
            'jpg（預設）：結果圖以 base64 JPEG 放在 media_info_list[0].media_data，尺寸與原圖相同。url：media_data 為結果圖的短期連結（media_profiles.media_data_type 為 url），1 小時內有效（RESULT_URL_TTL_SECONDS），到期時間見 media_profiles.expires_at，過期後回傳 404 / 21017。',
          en: 'jpg (default): the result is a base64 JPEG in media_info_list[0].media_data, the size of the input. url: media_data is a short-lived link to the result (media_profiles.media_data_type is url), valid for one hour (RESULT_URL_TTL_SECONDS) until media_profiles.expires_at; after that it answers 404 / 21017.',
        },
      },
      {
        name: 'parameter.max_face_num',
        type: 'integer',
        description: {
          zh: '最多处理的人脸数，默认 20。',
          zh_tw: '最多處理的人臉數，預設 20。',
          en: 'Most faces retouched; default 20.',
        },
      },
    ],
    response: [
      IMAGE_SIZE,
      {
        name: 'face_num',
        type: 'integer',
        description: { zh: '处理的人脸数。', zh_tw: '處理的人臉數。', en: 'Number of faces retouched.' },
      },
      FACE_RECTANGLE,
      {
        name: 'beauty',
        type: '{ smooth, whiten, slim, eye }',
        description: {
          zh: '实际使用的参数。',
          zh_tw: '實際使用的參數。',
          en: 'The settings applied.',
        },
      },
    ],
    errors: [20003, ...COMMON_IMAGE_ERRORS],
  },
  ...faceSetDocs(),
};

/** Fields shared by the face-set answers. */
function faceSetDocs(): Record<string, ApiDoc> {
  const token: ApiField = {
    name: 'parameter.faceset_token',
    type: 'string',
    required: true,
    description: {
      zh: '人脸库的标识（由 v1/faceset/create 返回）。',
      zh_tw: '人臉庫的識別碼（由 v1/faceset/create 返回）。',
      en: 'The face set’s token (from v1/faceset/create).',
    },
  };
  const image: ApiField = {
    name: 'media_info_list[0]',
    type: 'image',
    required: true,
    description: {
      zh: '含一张正脸的照片。',
      zh_tw: '含一張正臉的照片。',
      en: 'A photo with one near-frontal face.',
    },
  };
  const set: ApiField[] = [
    {
      name: 'faceset_token, faceset_name, face_count, created_at',
      type: 'string, string, integer, string',
      description: {
        zh: '人脸库的标识、名称、人脸数与创建时间（ISO 8601）。',
        zh_tw: '人臉庫的識別碼、名稱、人臉數與建立時間（ISO 8601）。',
        en: 'The face set’s token, name, number of faces and creation time (ISO 8601).',
      },
    },
    {
      name: 'expires_at',
      type: 'string',
      description: {
        zh: '仅网站演示的人脸库：删除时间（创建演示身份后 24 小时）。',
        zh_tw: '僅網站示範的人臉庫：刪除時間（建立示範身分後 24 小時）。',
        en: 'Website demo sets only: when the set is deleted (24 hours after the demo identity was made).',
      },
    },
  ];
  const face: ApiField = {
    name: 'face_token, face_name, face_rectangle',
    type: 'string, string, { left, top, width, height }',
    description: {
      zh: '人脸的标识、名称与它在所加照片中的框。',
      zh_tw: '人臉的識別碼、名稱與它在所加照片中的框。',
      en: 'The face’s token, its name and its box in the photo it was added from.',
    },
  };
  const setErrors = [21017, 10000];
  return {
    'v1/faceset/create': {
      parameters: [
        {
          name: 'parameter.faceset_name',
          type: 'string',
          description: {
            zh: '人脸库名称，最多 64 个字符。',
            zh_tw: '人臉庫名稱，最多 64 個字元。',
            en: 'Name of the set, up to 64 characters.',
          },
        },
      ],
      response: set,
      errors: [10000],
    },
    'v1/faceset/list': {
      parameters: [],
      response: [
        {
          name: 'facesets[]',
          type: 'array',
          description: {
            zh: '调用方的全部人脸库（字段同 create 的返回）。',
            zh_tw: '呼叫方的全部人臉庫（欄位同 create 的返回）。',
            en: 'Every face set of the caller (fields as create answers).',
          },
        },
      ],
      errors: [],
    },
    'v1/faceset/detail': {
      parameters: [token],
      response: [
        ...set,
        {
          name: 'faces[]',
          type: '{ face_token, face_name, face_rectangle, created_at }[]',
          description: {
            zh: '库中的人脸，按加入顺序。',
            zh_tw: '庫中的人臉，依加入順序。',
            en: 'The faces of the set, in the order they were added.',
          },
        },
      ],
      errors: setErrors,
    },
    'v1/faceset/add_face': {
      parameters: [
        token,
        {
          name: 'parameter.face_name',
          type: 'string',
          description: {
            zh: '人脸的名称（例如人名），最多 64 个字符。',
            zh_tw: '人臉的名稱（例如人名），最多 64 個字元。',
            en: 'A name for the face (a person’s name, say), up to 64 characters.',
          },
        },
        image,
      ],
      response: [
        face,
        {
          name: 'face_count',
          type: 'integer',
          description: { zh: '库中现有人脸数。', zh_tw: '庫中現有人臉數。', en: 'Faces in the set now.' },
        },
        IMAGE_SIZE,
      ],
      errors: [...setErrors, ...ONE_FACE_ERRORS, ...COMMON_IMAGE_ERRORS],
    },
    'v1/faceset/remove_face': {
      parameters: [
        token,
        {
          name: 'parameter.face_token',
          type: 'string',
          required: true,
          description: {
            zh: '要移除的人脸标识。',
            zh_tw: '要移除的人臉識別碼。',
            en: 'The token of the face to remove.',
          },
        },
      ],
      response: [
        {
          name: 'face_token, face_count',
          type: 'string, integer',
          description: {
            zh: '移除的人脸与库中剩余的人脸数。',
            zh_tw: '移除的人臉與庫中剩餘的人臉數。',
            en: 'The face removed and the faces left in the set.',
          },
        },
      ],
      errors: setErrors,
    },
    'v1/faceset/delete': {
      parameters: [token],
      response: [
        {
          name: 'faceset_token, deleted',
          type: 'string, 1',
          description: {
            zh: '已删除的人脸库及其全部人脸。',
            zh_tw: '已刪除的人臉庫及其全部人臉。',
            en: 'The set deleted, with all its faces.',
          },
        },
      ],
      errors: setErrors,
    },
    'v1/face_search': {
      parameters: [
        token,
        image,
        {
          name: 'parameter.top_n',
          type: 'integer 1-20',
          description: {
            zh: '返回最相似的几张人脸，默认 5。',
            zh_tw: '返回最相似的幾張人臉，預設 5。',
            en: 'How many of the most similar faces to return; default 5.',
          },
        },
      ],
      response: [
        {
          name: 'face_rectangle',
          type: '{ left, top, width, height }',
          description: {
            zh: '所搜照片中的人脸框。',
            zh_tw: '所搜照片中的人臉框。',
            en: 'The face box in the photo searched with.',
          },
        },
        IMAGE_SIZE,
        {
          name: 'results[]',
          type: '{ face_token, face_name, similarity, is_same_person }[]',
          description: {
            zh: '最相似的人脸，从高到低：相似度 0 到 100（与 v1/face_compare 相同），不低于阈值 60 时 is_same_person 为 1。',
            zh_tw:
              '最相似的人臉，由高到低：相似度 0 到 100（與 v1/face_compare 相同），不低於閾值 60 時 is_same_person 為 1。',
            en: 'The most similar faces, best first: similarity 0 to 100 (as v1/face_compare), is_same_person 1 from the threshold 60 on.',
          },
        },
        {
          name: 'threshold, face_count',
          type: 'number, integer',
          description: {
            zh: '同一人阈值，以及库中的人脸数。',
            zh_tw: '同一人閾值，以及庫中的人臉數。',
            en: 'The same-person threshold, and the number of faces in the set.',
          },
        },
      ],
      errors: [...setErrors, ...ONE_FACE_ERRORS, ...COMMON_IMAGE_ERRORS],
    },
  };
}

/**
 * The sample photo (served by the website under `/samples/`) that an API's curl example sends:
 * a cat for pet recognition, a dish for food and scene recognition, a portrait otherwise.
 */
const EXAMPLE_SAMPLES: Record<string, string> = {
  'v1/animal': 'chelsea.jpg',
  'v1/fooddetect': 'coffee.jpg',
  'v1/foodsegment': 'coffee.jpg',
  'v2/album': 'coffee.jpg',
  'v1/Album': 'coffee.jpg',
};

export function exampleSample(endpoint: string): string {
  return EXAMPLE_SAMPLES[endpoint] ?? 'astronaut.jpg';
}

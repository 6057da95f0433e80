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
      {
        name: 'faces[].face_rectangle',
        type: '{ left, top, width, height }',
        description: { zh: '人脸框（像素）。', zh_tw: '人臉框（像素）。', en: 'Face box in pixels.' },
      },
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
    ],
    response: [
      {
        name: 'image_width, image_height',
        type: 'integer',
        description: {
          zh: '按 EXIF 方向摆正后的图片尺寸（像素），所有坐标都以此为准。',
          zh_tw: '依 EXIF 方向擺正後的圖片尺寸（像素），所有座標都以此為準。',
          en: 'Size of the image after EXIF orientation, in pixels; every coordinate refers to it.',
        },
      },
      {
        name: 'faces[]',
        type: 'array',
        description: {
          zh: '检测到的人脸，从左到右排列。',
          zh_tw: '偵測到的人臉，由左至右排列。',
          en: 'Faces found, left to right.',
        },
      },
      {
        name: 'faces[].face_rectangle',
        type: '{ left, top, width, height }',
        description: { zh: '人脸框（像素）。', zh_tw: '人臉框（像素）。', en: 'Face box in pixels.' },
      },
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
          zh: '逗号分隔：gender,age,emotion,poseestimation；默认全部。',
          zh_tw: '逗號分隔：gender,age,emotion,poseestimation；預設全部。',
          en: 'Comma-separated: gender,age,emotion,poseestimation; default all.',
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
        name: 'faces[].face_rectangle',
        type: '{ left, top, width, height }',
        description: { zh: '人脸框（像素）。', zh_tw: '人臉框（像素）。', en: 'Face box in pixels.' },
      },
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
      {
        name: 'faces[].face_rectangle',
        type: '{ left, top, width, height }',
        description: { zh: '人脸框（像素）。', zh_tw: '人臉框（像素）。', en: 'Face box in pixels.' },
      },
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
        type: 'array',
        description: {
          zh: '两张照片中的人脸框。',
          zh_tw: '兩張照片中的人臉框。',
          en: 'The face box in each photo.',
        },
      },
    ],
    errors: [20003, 20004, 20010, 20021, 20022, 20023, ...COMMON_IMAGE_ERRORS],
  },
  'v1/baby_recognition': {
    parameters: [],
    response: [
      {
        name: 'faces[].face_rectangle',
        type: '{ left, top, width, height }',
        description: { zh: '人脸框（像素）。', zh_tw: '人臉框（像素）。', en: 'Face box in pixels.' },
      },
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
};

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

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
};

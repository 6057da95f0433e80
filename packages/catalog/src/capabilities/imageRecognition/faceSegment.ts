import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { mask } from '../../contract/kinds.ts';

/** The labels of the face-parsing label image: pixel value, key, names and painted colour. */
export const FACE_SEGMENT_LABELS = [
  { value: 1, label: 'skin', name: ['皮肤', '皮膚', 'skin'], colour: '#f2b58c' },
  { value: 2, label: 'brows', name: ['眉毛', '眉毛', 'brows'], colour: '#6b3e26' },
  { value: 3, label: 'eyes', name: ['眼睛', '眼睛', 'eyes'], colour: '#2f7fd8' },
  { value: 4, label: 'nose', name: ['鼻子', '鼻子', 'nose'], colour: '#e8d44d' },
  { value: 5, label: 'upper_lip', name: ['上唇', '上唇', 'upper lip'], colour: '#e0457b' },
  { value: 6, label: 'lower_lip', name: ['下唇', '下唇', 'lower lip'], colour: '#b3124f' },
  { value: 7, label: 'inner_mouth', name: ['口腔', '口腔', 'inside of the mouth'], colour: '#5a1a3a' },
  { value: 8, label: 'hair', name: ['头发', '頭髮', 'hair'], colour: '#8e44ad' },
  { value: 9, label: 'ears', name: ['耳朵', '耳朵', 'ears'], colour: '#2ecc71' },
] as const;

export const faceSegment = defineCapability({
  id: 67,
  key: 'faceSegment',
  group: 'imageRecognition',
  slug: 'faceSegment',
  kind: 'mask',
  status: 4,
  doc: 214,
  samples: ['astronaut.jpg'],
  name: ['人脸分割', '人臉分割', 'Face Segmentation'],
  description: ['分割人脸及五官区域。', '分割人臉及五官區域。', 'Segments the face and its features.'],
  api: {
    endpoint: 'v1/PhotoSegment',
    parameters: {},
    answer: mask({
      region: ['人脸各部位', '人臉各部位', 'face parts'],
      labels: FACE_SEGMENT_LABELS,
      extra: {
        face_num: count([
          '解析的人脸数；没有人脸时返回错误 20003。',
          '解析的人臉數；沒有人臉時回傳錯誤 20003。',
          'Faces parsed; with no face the answer is error 20003.',
        ]),
      },
    }),
    errors: [20003],
  },
});

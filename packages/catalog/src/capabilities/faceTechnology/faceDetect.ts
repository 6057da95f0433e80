import { defineCapability } from '../../contract/define.ts';
import { faceDetectApi } from './detect-api.ts';

export const faceDetect = defineCapability({
  id: 63,
  key: 'faceDetect',
  group: 'faceTechnology',
  slug: 'faceDetect',
  kind: 'boxes',
  status: 2,
  doc: 201,
  name: ['人脸检测', '人臉檢測', 'Face Detection'],
  description: [
    '检测图片中的所有人脸，返回人脸框位置与检测得分。',
    '檢測圖片中的所有人臉，返回人臉框位置與偵測得分。',
    'Finds every face in a photo and returns its box and detection score.',
  ],
  api: faceDetectApi('v1/facedetect', 'nFront'),
});

import { defineCapability } from '../../contract/define.ts';
import { faceDetectApi } from './detect-api.ts';

export const faceDetectServerVersion = defineCapability({
  id: 156,
  key: 'faceDetectServerVersion',
  group: 'faceTechnology',
  slug: 'faceDetectServer',
  kind: 'boxes',
  status: 3,
  doc: 202,
  name: ['人脸检测（服务端版）', '人臉檢測（服務端版）', 'Face Detection (Server)'],
  description: [
    '面向服务端的高精度人脸检测，适合多人合影与小脸场景。',
    '面向服務端的高精度人臉檢測，適合多人合影與小臉場景。',
    'High-accuracy server-side face detection for group photos and small faces.',
  ],
  api: faceDetectApi('v2/facedetect', 'max_face_num'),
});

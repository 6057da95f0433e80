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
    '面向服务端的高精度人脸检测，适合多人合影与小脸场景：每张图片都分块重叠扫描（大图再加更细的分块），可找到小至图片长边约 2% 的人脸，耗时为 v1 版的数倍。',
    '面向服務端的高精度人臉檢測，適合多人合影與小臉場景：每張圖片都分塊重疊掃描（大圖再加更細的分塊），可找到小至圖片長邊約 2% 的人臉，耗時為 v1 版的數倍。',
    'High-accuracy server-side face detection for group photos and small faces: every photo is also scanned in overlapping tiles (a finer grid on large photos), which finds faces down to about 2% of the long side, at several times the time of v1.',
  ],
  api: faceDetectApi('v2/facedetect', 'max_face_num'),
});

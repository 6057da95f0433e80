import { defineCapability } from '../../contract/define.ts';

export const faceSegment = defineCapability({
  id: 67,
  key: 'faceSegment',
  group: 'imageRecognition',
  slug: 'faceSegment',
  endpoint: 'v1/PhotoSegment',
  kind: 'mask',
  status: 4,
  doc: 214,
  name: ['人脸分割', '人臉分割', 'Face Segmentation'],
  description: ['分割人脸及五官区域。', '分割人臉及五官區域。', 'Segments the face and its features.'],
});

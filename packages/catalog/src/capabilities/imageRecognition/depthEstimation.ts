import { defineCapability } from '../../contract/define.ts';

export const depthEstimation = defineCapability({
  id: 157,
  key: 'depthEstimation',
  group: 'imageRecognition',
  slug: 'depthEstimation',
  endpoint: 'v1/MonoDepth',
  kind: 'mask',
  status: 3,
  doc: 215,
  name: ['深度估计', '深度估計', 'Depth Estimation'],
  description: [
    '由单张照片估计场景深度图。',
    '由單張照片估計場景深度圖。',
    'Estimates a depth map from a single photo.',
  ],
});

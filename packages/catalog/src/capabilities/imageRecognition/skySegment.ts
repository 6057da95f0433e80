import { defineCapability } from '../../contract/define.ts';

export const skySegment = defineCapability({
  id: 39,
  key: 'skySegment',
  group: 'imageRecognition',
  slug: 'sky_segment',
  endpoint: 'test/skysegment',
  kind: 'mask',
  status: 3,
  doc: 82,
  name: ['天空分割', '天空分割', 'Sky Segmentation'],
  description: [
    '分割出照片中的天空区域，可用于换天与调色。',
    '分割出照片中的天空區域，可用於換天與調色。',
    'Segments the sky of a photo for sky replacement and grading.',
  ],
});

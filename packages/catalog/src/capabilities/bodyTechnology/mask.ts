import { defineCapability } from '../../contract/define.ts';

export const mask = defineCapability({
  id: 49,
  key: 'mask',
  group: 'bodyTechnology',
  slug: 'mask',
  endpoint: 'v1/mask',
  kind: 'attributes',
  status: 3,
  doc: 208,
  name: ['口罩识别', '口罩識別', 'Mask Detection'],
  description: ['判断人脸是否佩戴口罩。', '判斷人臉是否佩戴口罩。', 'Tells whether each face wears a mask.'],
});

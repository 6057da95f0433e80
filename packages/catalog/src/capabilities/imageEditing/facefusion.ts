import { defineCapability } from '../../contract/define.ts';

export const facefusion = defineCapability({
  id: 12,
  key: 'facefusion',
  group: 'imageEditing',
  slug: 'facefuse',
  endpoint: 'v3/facefuse',
  kind: 'image',
  status: 2,
  doc: 224,
  name: ['人脸融合', '人臉融合', 'Face Fusion'],
  description: [
    '将用户人脸与模板图自然融合。',
    '將使用者人臉與模板圖自然融合。',
    'Blends a user’s face into a template photo.',
  ],
});

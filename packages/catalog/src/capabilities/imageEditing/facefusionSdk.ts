import { defineCapability } from '../../contract/define.ts';

export const facefusionSdk = defineCapability({
  id: 14,
  key: 'facefusion',
  group: 'imageEditing',
  slug: 'facefusionSDK',
  kind: 'sdk',
  menuType: 1,
  status: 4,
  doc: 225,
  name: ['人脸融合 SDK', '人臉融合 SDK', 'Face Fusion SDK'],
  description: [
    '在移动端离线完成人脸融合。',
    '在行動端離線完成人臉融合。',
    'Face fusion offline on mobile devices.',
  ],
});

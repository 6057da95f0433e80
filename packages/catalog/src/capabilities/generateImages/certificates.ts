import { defineCapability } from '../../contract/define.ts';

export const certificates = defineCapability({
  id: 22,
  key: 'certificates',
  group: 'generateImages',
  slug: 'certificates',
  endpoint: 'v1/certified',
  kind: 'image',
  status: 4,
  doc: 228,
  name: ['证件照', '證件照', 'ID Photo'],
  description: [
    '自动抠图、换底色并裁剪为标准证件照尺寸。',
    '自動去背、換底色並裁切為標準證件照尺寸。',
    'Cuts out the person, changes the background and crops to standard ID-photo sizes.',
  ],
});

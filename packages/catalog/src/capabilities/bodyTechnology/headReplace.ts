import { defineCapability } from '../../contract/define.ts';

export const headReplace = defineCapability({
  id: 56,
  key: 'headReplace',
  group: 'bodyTechnology',
  slug: 'headReplace',
  endpoint: 'v2/headreplace',
  kind: 'image',
  status: 3,
  doc: 209,
  name: ['头像替换', '頭像替換', 'Head Replacement'],
  description: [
    '将模板中的头部替换为用户头像，自然融合。',
    '將模板中的頭部替換為使用者頭像，自然融合。',
    'Replaces the head in a template with the user’s head and blends it naturally.',
  ],
});

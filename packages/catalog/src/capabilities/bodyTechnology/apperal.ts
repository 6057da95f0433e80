import { defineCapability } from '../../contract/define.ts';

export const apperal = defineCapability({
  id: 90,
  key: 'apperal',
  group: 'bodyTechnology',
  slug: 'apperal',
  endpoint: 'v1/apperal',
  kind: 'attributes',
  status: 4,
  doc: 95,
  name: ['服饰识别', '服飾識別', 'Apparel Recognition'],
  description: [
    '识别服装类型、条纹、袖长与领型。',
    '識別服裝類型、條紋、袖長與領型。',
    'Recognises clothing type, stripes, sleeve length and collar.',
  ],
});

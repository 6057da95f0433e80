import { defineCapability } from '../../contract/define.ts';

export const emojMaterial = defineCapability({
  id: 122,
  key: 'emojMaterial',
  group: 'generateImages',
  slug: 'emojMaterial',
  endpoint: 'v1/EmojMaterialH5',
  kind: 'image',
  status: 4,
  doc: 15,
  name: ['表情包生成', '表情包生成', 'Emoji Sticker Maker'],
  description: [
    '由人像生成个性表情包素材。',
    '由人像生成個性表情包素材。',
    'Creates personal emoji stickers from a portrait.',
  ],
});

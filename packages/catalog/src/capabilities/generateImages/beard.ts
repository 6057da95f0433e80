import { defineCapability } from '../../contract/define.ts';

export const beard = defineCapability({
  id: 21,
  key: 'beard',
  group: 'generateImages',
  slug: 'beard',
  endpoint: 'v1/beard',
  kind: 'image',
  status: 4,
  doc: 88,
  name: ['虚拟胡须', '虛擬鬍鬚', 'Virtual Beard'],
  description: [
    '为人像添加自然的胡须造型。',
    '為人像添加自然的鬍鬚造型。',
    'Adds a natural-looking beard to a portrait.',
  ],
});

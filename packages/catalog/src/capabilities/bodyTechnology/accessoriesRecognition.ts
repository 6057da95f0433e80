import { defineCapability } from '../../contract/define.ts';

export const accessoriesRecognition = defineCapability({
  id: 93,
  key: 'accessoriesRecognition',
  group: 'bodyTechnology',
  slug: 'accessories',
  endpoint: 'v1/Ornaments',
  kind: 'boxes',
  status: 4,
  doc: 210,
  name: ['配饰识别', '配飾識別', 'Accessory Recognition'],
  description: [
    '识别眼镜、帽子、耳饰等人物配饰。',
    '識別眼鏡、帽子、耳飾等人物配飾。',
    'Recognises accessories such as glasses, hats and earrings.',
  ],
});

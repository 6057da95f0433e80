import { defineCapability } from '../../contract/define.ts';
import { mask } from '../../contract/kinds.ts';

export const personSplit = defineCapability({
  id: 186,
  key: 'personSplit',
  group: 'bodyTechnology',
  slug: 'segmentEx',
  kind: 'mask',
  status: 2,
  doc: 97,
  samples: ['astronaut.jpg', 'cameraman.jpg'],
  name: ['人像分割', '人像分割', 'Portrait Segmentation'],
  description: [
    '将人像从背景中精细分离，输出透明背景图与蒙版。',
    '將人像從背景中精細分離，輸出透明背景圖與蒙版。',
    'Separates people from the background and returns a cut-out and its mask.',
  ],
  api: {
    endpoint: 'v2/segment',
    parameters: {},
    answer: mask({ region: ['人像', '人像', 'people'] }),
    errors: [],
  },
});

import { defineCapability } from '../../contract/define.ts';

export const beautify = defineCapability({
  id: 96,
  key: 'beautify',
  group: 'imageProcessing',
  slug: 'beautify',
  endpoint: 'v1/beauty',
  kind: 'image',
  status: 2,
  doc: 75,
  name: ['人像美颜', '人像美顏', 'Portrait Beautify'],
  description: [
    '磨皮、美白、祛斑等一键美颜。',
    '磨皮、美白、祛斑等一鍵美顏。',
    'One-step smoothing, whitening and blemish removal.',
  ],
});

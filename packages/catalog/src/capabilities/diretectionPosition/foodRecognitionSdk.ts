import { defineCapability } from '../../contract/define.ts';

export const foodRecognitionSdk = defineCapability({
  id: 132,
  key: 'foodRecognition',
  group: 'diretectionPosition',
  slug: 'foodRecognitionSDK',
  kind: 'sdk',
  menuType: 1,
  status: 4,
  doc: 232,
  name: ['食物识别 SDK', '食物識別 SDK', 'Food Recognition SDK'],
  description: ['在移动端离线识别食物。', '在行動端離線識別食物。', 'Offline food recognition on mobile.'],
});

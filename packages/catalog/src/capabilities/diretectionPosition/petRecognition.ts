import { defineCapability } from '../../contract/define.ts';

export const petRecognition = defineCapability({
  id: 130,
  key: 'petRecognition',
  group: 'diretectionPosition',
  slug: 'petRecognition',
  kind: 'sdk',
  menuType: 1,
  status: 4,
  doc: 230,
  name: ['宠物识别 SDK', '寵物識別 SDK', 'Pet Recognition SDK'],
  description: [
    '在移动端实时检测猫狗及其面部。',
    '在行動端即時檢測貓狗及其面部。',
    'Real-time detection of cats, dogs and their faces on mobile.',
  ],
});

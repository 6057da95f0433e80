import type { GroupInfo } from './types.ts';

/** The menu groups, in the order the Product Service menu lists them. Menu ids sit above every capability id. */
export const groups: readonly GroupInfo[] = [
  { id: 'faceTechnology', menuId: 1001, name: { zh: '人脸技术', zh_tw: '人臉技術', en: 'Face Technology' } },
  { id: 'bodyTechnology', menuId: 1002, name: { zh: '人体技术', zh_tw: '人體技術', en: 'Human Body' } },
  {
    id: 'imageRecognition',
    menuId: 1003,
    name: { zh: '图像识别', zh_tw: '圖像識別', en: 'Image Recognition' },
  },
  {
    id: 'imageProcessing',
    menuId: 1004,
    name: { zh: '图像处理', zh_tw: '圖像處理', en: 'Image Processing' },
  },
  { id: 'imageEditing', menuId: 1005, name: { zh: '图像编辑', zh_tw: '圖像編輯', en: 'Image Editing' } },
  { id: 'generateImages', menuId: 1006, name: { zh: '图像生成', zh_tw: '圖像生成', en: 'Image Generation' } },
  {
    id: 'diretectionPosition',
    menuId: 1007,
    name: { zh: '宠物与婴童', zh_tw: '寵物與嬰童', en: 'Pets, Babies and Food' },
  },
  { id: 'solution', menuId: 1008, name: { zh: '行业解决方案', zh_tw: '行業解決方案', en: 'Solutions' } },
];

import { z } from 'zod';
import { defineCapability } from '../../contract/define.ts';
import { boxes } from '../../contract/kinds.ts';
import { integer, number } from '../../contract/params.ts';
import { described, type Doc } from '../../contract/doc.ts';

/** The animals answered and their names; the engine's catsanddogs task answers these codes. */
export const PET_NAMES = {
  cat: ['猫', '貓', 'Cat'],
  dog: ['狗', '狗', 'Dog'],
} as const satisfies Record<string, Doc>;

type PetCode = keyof typeof PET_NAMES;
const codes = Object.keys(PET_NAMES) as [PetCode, ...PetCode[]];

export const catsAndDogs = defineCapability({
  id: 84,
  key: 'catsAndDogs',
  group: 'imageRecognition',
  slug: 'catDogDetection',
  endpoint: 'v1/animal',
  kind: 'boxes',
  status: 2,
  doc: 81,
  samples: ['chelsea.jpg'],
  name: ['猫狗识别', '貓狗識別', 'Cat and Dog Detection'],
  description: [
    '检测图片中的猫与狗并给出位置。',
    '檢測圖片中的貓與狗並給出位置。',
    'Detects the cats and dogs in a photo and where they are.',
  ],
  api: {
    endpoint: 'v1/animal',
    parameters: {
      max_animal_num: integer({ min: 1, max: 50, default: 20 }, [
        '最多返回的猫狗数，按得分从高到低保留。',
        '最多返回的貓狗數，依得分由高到低保留。',
        'Most cats and dogs to return, the highest scores first.',
      ]),
      min_score: number({ min: 0, max: 1, default: 0.2 }, [
        '猫狗的最低得分，低于它的不返回。默认值在不参与质量报告的照片上选定，见质量文档。',
        '貓狗的最低得分，低於它的不返回。預設值在不參與品質報告的照片上選定，見品質文件。',
        'Lowest score of a cat or dog returned. The default was chosen on photos outside the quality report (see the quality notes).',
      ]),
    },
    answer: boxes({
      list: 'animals',
      count: 'animal_num',
      rectangle: 'animal_rectangle',
      items: ['猫狗', '貓狗', 'cats and dogs'],
      one: ['动物', '動物', 'animal'],
      names: PET_NAMES,
      item: {
        label: described(z.enum(codes), [
          '类别：cat 猫、dog 狗。由 COCO 物体检测器（CenterNet）在整图与每个候选框的放大裁剪上判定；其他动物不返回。',
          '類別：cat 貓、dog 狗。由 COCO 物體偵測器（CenterNet）在整圖與每個候選框的放大裁切上判定；其他動物不返回。',
          'cat or dog, decided by a COCO object detector (CenterNet) on the whole photo and on a second, zoomed-out look at each candidate; other animals are not returned.',
        ]),
      },
    }),
    errors: [],
  },
});

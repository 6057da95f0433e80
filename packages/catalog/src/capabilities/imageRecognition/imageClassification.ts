import { defineCapability } from '../../contract/define.ts';
import { labels } from '../../contract/kinds.ts';
import type { Doc } from '../../contract/doc.ts';
import { COCO_CLASS_NAMES } from './coco-names.ts';
import { SCENE_NAMES } from './sceneRecognition.ts';

const { portrait: _portrait, restaurant: _restaurant, animal: _animal, ...PLACE_SCENES } = SCENE_NAMES;

/** The labels the answer may hold, with their display names: things, face, food, animal, text, places. */
export const ALBUM_NAMES = {
  ...COCO_CLASS_NAMES,
  face: ['人脸', '人臉', 'Face'],
  food: ['食物', '食物', 'Food'],
  animal: ['动物', '動物', 'Animal'],
  text: ['文字', '文字', 'Text'],
  ...PLACE_SCENES,
} as const satisfies Record<string, Doc>;

export const imageClassification = defineCapability({
  id: 155,
  key: 'imageClassification',
  group: 'imageRecognition',
  slug: 'imageClassification',
  endpoint: 'v1/Album',
  kind: 'labels',
  status: 4,
  doc: 213,
  samples: ['chelsea.jpg', 'coffee.jpg'],
  name: ['图像分类', '圖像分類', 'Image Classification'],
  description: [
    '识别图片中的主要物体类别：检测器认识的 80 类物体（人、猫、狗、汽车、杯子……）、人脸、食物、动物、文字（含文字的区域），以及场景识别给出的地点与风景（海滩、山景、城市街道、室内等），按得分排序，最多 10 个。不是 ImageNet 分类模型：物体来自 COCO 目标检测，得分是检测与规则的得分，不是概率；文字只找出类似文字的区域（经典的连通域成行方法），不识别文字内容；检测器不认识的物体（例如蝴蝶）不会出现。',
    '識別圖片中的主要物體類別：偵測器認識的 80 類物體（人、貓、狗、汽車、杯子……）、人臉、食物、動物、文字（含文字的區域），以及場景識別給出的地點與風景（海灘、山景、城市街道、室內等），依得分排序，最多 10 個。不是 ImageNet 分類模型：物體來自 COCO 物件偵測，得分是偵測與規則的得分，不是機率；文字只找出類似文字的區域（經典的連通域成行方法），不辨識文字內容；偵測器不認識的物體（例如蝴蝶）不會出現。',
    "Names the main subjects of a photo: things of the 80 classes the detector knows (person, cat, dog, car, cup...), faces, food, animals, text (text-like regions), and the places and landscapes of scene recognition (beach, mountain, city street, indoor room...), best first, at most 10. Not an ImageNet classifier: things come from COCO object detection and the scores are the detector's and the rules' scores, not probabilities; text-like regions are found (a classical method: letter-shaped components grouped into lines), the text is not read; things the detector does not know (a butterfly, say) are not named.",
  ],
  api: {
    endpoint: 'v1/Album',
    parameters: {},
    answer: labels({
      what: ['照片的主要内容及得分', '照片的主要內容及得分', 'main subjects of the photo with their scores'],
      names: ALBUM_NAMES,
    }),
    errors: [],
  },
});

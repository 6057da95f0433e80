import { defineCapability } from '../../contract/define.ts';
import { labels } from '../../contract/kinds.ts';
import type { Doc } from '../../contract/doc.ts';

/** The scenes the answer names (its labels), with their display names. */
export const SCENE_NAMES = {
  beach: ['海滩', '海灘', 'Beach'],
  mountain: ['山景', '山景', 'Mountain'],
  city_street: ['城市街道', '城市街道', 'City street'],
  building: ['建筑', '建築', 'Building'],
  indoor: ['室内', '室內', 'Indoor room'],
  restaurant: ['餐厅/美食', '餐廳/美食', 'Restaurant / food'],
  sports_field: ['运动场', '運動場', 'Sports field'],
  night: ['夜景', '夜景', 'Night'],
  sky: ['天空', '天空', 'Sky'],
  forest_park: ['森林/公园', '森林/公園', 'Forest / park'],
  snow: ['雪景', '雪景', 'Snow'],
  water: ['水景', '水景', 'Water'],
  stage: ['舞台', '舞台', 'Stage'],
  portrait: ['人像', '人像', 'Portrait'],
  plant: ['花草植物', '花草植物', 'Flowers and plants'],
  animal: ['动物', '動物', 'Animal'],
} as const satisfies Record<string, Doc>;

export const sceneRecognition = defineCapability({
  id: 85,
  key: 'sceneRecognition',
  group: 'imageRecognition',
  slug: 'sceneRecognition',
  endpoint: 'v2/album',
  kind: 'labels',
  status: 4,
  doc: 212,
  samples: ['street.jpg', 'coffee.jpg'],
  name: ['场景识别', '場景識別', 'Scene Recognition'],
  description: [
    '识别照片拍摄场景，返回可能性最高的 5 个场景（共 16 种：海滩、山景、城市街道、建筑、室内、餐厅/美食、运动场、夜景、天空、森林/公园、雪景、水景、舞台、人像、花草植物、动物）。不是场景模型：按写明的规则，从检测到的物体（COCO 80 类）、人脸、天空与天际线、植被/水/雪/沙的颜色比例、亮度与直线结构打分；得分不是概率。在 41 张标注照片上首选正确率约三分之二，颜色相近的场景（蓝色墙面与水、绿色背景与植被）、特写、暗处拍摄是其弱项。',
    '識別照片拍攝場景，返回可能性最高的 5 個場景（共 16 種：海灘、山景、城市街道、建築、室內、餐廳/美食、運動場、夜景、天空、森林/公園、雪景、水景、舞台、人像、花草植物、動物）。不是場景模型：依寫明的規則，從偵測到的物體（COCO 80 類）、人臉、天空與天際線、植被/水/雪/沙的顏色比例、亮度與直線結構評分；得分不是機率。在 41 張標註照片上首選正確率約三分之二，顏色相近的場景（藍色牆面與水、綠色背景與植被）、特寫、暗處拍攝是其弱項。',
    'Recognises the scene of a photo and returns the top 5 of 16 scenes (beach, mountain, city street, building, indoor room, restaurant / food, sports field, night, sky, forest / park, snow, water, stage, portrait, flowers and plants, animal). Not a scene model: written rules score the detected things (the 80 COCO classes), faces, the sky and its skyline, the shares of vegetation, water, snow and sand colours, brightness and straight-line structure; the scores are not probabilities. The best scene is right on about two thirds of 41 labelled photos; scenes of similar colours (a blue wall and water, a green backdrop and plants), close-ups and dark photos are its weak points.',
  ],
  api: {
    endpoint: 'v2/album',
    parameters: {},
    answer: labels({
      what: ['5 个最可能的场景及得分', '5 個最可能的場景及得分', 'five best scenes with their scores'],
      names: SCENE_NAMES,
    }),
    errors: [],
  },
});

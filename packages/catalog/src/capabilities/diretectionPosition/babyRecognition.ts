import { defineCapability } from '../../contract/define.ts';

/**
 * Not served: the method (the FaceRes age distribution's mass under 4 years) has never been shown
 * a baby, as no licence-clear baby photo exists here to measure it on (docs/quality.md). Its API
 * is written again once it is measured; until then the gateway answers 10023.
 */
export const babyRecognition = defineCapability({
  id: 131,
  key: 'babyRecognition',
  group: 'diretectionPosition',
  slug: 'babyRecognition',
  endpoint: 'v1/baby_recognition',
  kind: 'boxes',
  status: 3,
  doc: 231,
  name: ['婴童识别', '嬰童識別', 'Baby Recognition'],
  description: [
    '判断图片中的每张人脸是否为婴儿或幼童。',
    '判斷圖片中的每張人臉是否為嬰兒或幼童。',
    'Tells whether each face in a photo is a baby or young child.',
  ],
});

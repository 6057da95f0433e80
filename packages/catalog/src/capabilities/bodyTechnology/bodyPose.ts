import { defineCapability } from '../../contract/define.ts';
import { points, type Layout } from '../../contract/kinds.ts';
import { integer, number } from '../../contract/params.ts';

/**
 * The product's 14 body keypoints (AI Challenger's order) and the skeleton drawn between them.
 * Right and left are the subject's own sides. The engine's bodypose task answers in this layout
 * (a test holds the two equal).
 */
export const BODY_14: Layout = {
  name: 'body14',
  points: [
    'right_shoulder',
    'right_elbow',
    'right_wrist',
    'left_shoulder',
    'left_elbow',
    'left_wrist',
    'right_hip',
    'right_knee',
    'right_ankle',
    'left_hip',
    'left_knee',
    'left_ankle',
    'head_top',
    'neck',
  ],
  edges: [
    ['right_shoulder', 'right_elbow'],
    ['right_elbow', 'right_wrist'],
    ['left_shoulder', 'left_elbow'],
    ['left_elbow', 'left_wrist'],
    ['right_hip', 'right_knee'],
    ['right_knee', 'right_ankle'],
    ['left_hip', 'left_knee'],
    ['left_knee', 'left_ankle'],
    ['neck', 'right_shoulder'],
    ['neck', 'left_shoulder'],
    ['neck', 'head_top'],
    ['right_shoulder', 'right_hip'],
    ['left_shoulder', 'left_hip'],
  ],
};

export const bodyPose = defineCapability({
  id: 75,
  key: 'bodyPose',
  group: 'bodyTechnology',
  slug: 'BodyPose',
  kind: 'points',
  status: 2,
  doc: 80,
  samples: ['cameraman.jpg', 'astronaut.jpg'],
  name: ['人体关键点', '人體關鍵點', 'Body Key Points'],
  description: [
    '定位人体 14 个骨骼关键点，适用于健身、动作分析等场景。',
    '定位人體 14 個骨骼關鍵點，適用於健身、動作分析等場景。',
    'Locates 14 skeleton key points of the body for fitness and motion analysis.',
  ],
  api: {
    endpoint: 'v1/BodyPose',
    parameters: {
      max_person_num: integer({ min: 1, max: 6, default: 6 }, [
        '最多返回的人数，按得分从高到低保留（模型每张图最多给出 6 人）。',
        '最多返回的人數，依得分由高到低保留（模型每張圖最多給出 6 人）。',
        'Most people to return, the highest scores first (the model gives at most 6 per photo).',
      ]),
      min_score: number({ min: 0, max: 1, default: 0.15 }, [
        '人的最低得分，低于它的不返回。默认值在不参与质量报告的照片上选定，见质量文档。',
        '人的最低得分，低於它的不返回。預設值在不參與品質報告的照片上選定，見品質文件。',
        'Lowest person score returned. The default was chosen on photos outside the quality report (see the quality notes).',
      ]),
    },
    answer: points({
      list: 'persons',
      count: 'person_num',
      rectangle: 'person_rectangle',
      items: ['人', '人', 'people'],
      one: ['人', '人', 'person'],
      layout: BODY_14,
      modelPoints: [
        '模型自身的 17 个关键点（MoveNet MultiPose，COCO 顺序与名称：nose、left_eye、right_eye、left_ear、right_ear、left_shoulder、right_shoulder、left_elbow、right_elbow、left_wrist、right_wrist、left_hip、right_hip、left_knee、right_knee、left_ankle、right_ankle）。',
        '模型自身的 17 個關鍵點（MoveNet MultiPose，COCO 順序與名稱：nose、left_eye、right_eye、left_ear、right_ear、left_shoulder、right_shoulder、left_elbow、right_elbow、left_wrist、right_wrist、left_hip、right_hip、left_knee、right_knee、left_ankle、right_ankle）。',
        "The model's own 17 points (MoveNet MultiPose, COCO order and names: nose, left_eye, right_eye, left_ear, right_ear, left_shoulder, right_shoulder, left_elbow, right_elbow, left_wrist, right_wrist, left_hip, right_hip, left_knee, right_knee, left_ankle, right_ankle).",
      ],
    }),
    errors: [],
  },
});

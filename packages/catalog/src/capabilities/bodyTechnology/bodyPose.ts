import { defineCapability } from '../../contract/define.ts';

export const bodyPose = defineCapability({
  id: 75,
  key: 'bodyPose',
  group: 'bodyTechnology',
  slug: 'BodyPose',
  endpoint: 'v1/BodyPose',
  kind: 'points',
  status: 2,
  doc: 80,
  name: ['人体关键点', '人體關鍵點', 'Body Key Points'],
  description: [
    '定位人体 14 个骨骼关键点，适用于健身、动作分析等场景。',
    '定位人體 14 個骨骼關鍵點，適用於健身、動作分析等場景。',
    'Locates 14 skeleton key points of the body for fitness and motion analysis.',
  ],
});

import { defineCapability } from '../../contract/define.ts';

export const hairAnalysis = defineCapability({
  id: 95,
  key: 'hairAnalysis',
  group: 'faceTechnology',
  slug: 'hairAttrAnalysis',
  endpoint: 'v1/hairclassifier',
  kind: 'attributes',
  status: 4,
  doc: 85,
  name: ['头发属性分析', '頭髮屬性分析', 'Hair Attribute Analysis'],
  description: [
    '识别发长、刘海、卷曲度、发际线、马尾、发髻与发色等属性。',
    '識別髮長、瀏海、捲曲度、髮際線、馬尾、髮髻與髮色等屬性。',
    'Recognises hair length, bangs, curl, hairline, ponytail, bun and colour.',
  ],
});

import { defineCapability } from '../../contract/define.ts';
import { boxes } from '../../contract/kinds.ts';
import { flag, integer, number } from '../../contract/params.ts';

export const humanDetect = defineCapability({
  id: 76,
  key: 'humanDetect',
  group: 'bodyTechnology',
  slug: 'HumanDetect',
  endpoint: 'v1/HumanDetect',
  kind: 'boxes',
  status: 4,
  doc: 96,
  samples: ['cameraman.jpg', 'astronaut.jpg'],
  name: ['人体检测', '人體檢測', 'Human Detection'],
  description: [
    '检测图片中的所有人体并返回位置框。',
    '檢測圖片中的所有人體並返回位置框。',
    'Detects every person in a photo and returns their boxes.',
  ],
  api: {
    endpoint: 'v1/HumanDetect',
    parameters: {
      max_person_num: integer({ min: 1, max: 100, default: 20 }, [
        '最多返回的人数，按得分从高到低保留。',
        '最多返回的人數，依得分由高到低保留。',
        'Most people to return, the highest scores first.',
      ]),
      min_score: number({ min: 0, max: 1, default: 0.3 }, [
        '人的最低得分，低于它的不返回。默认值在不参与质量报告的照片上选定，见质量文档。',
        '人的最低得分，低於它的不返回。預設值在不參與品質報告的照片上選定，見品質文件。',
        'Lowest person score returned. The default was chosen on photos outside the quality report (see the quality notes).',
      ]),
      small_people: flag(false, [
        '为 1 时另在照片的四个相互重叠的区块中查找，能找到整图检测看不到的小人物（如合影或人群中的远处人物），耗时约为 5 倍。',
        '為 1 時另在照片的四個相互重疊的區塊中查找，能找到整圖偵測看不到的小人物（如合照或人群中的遠處人物），耗時約為 5 倍。',
        'With 1, also look in four overlapping quarters of the photo: finds people too small for the whole-photo pass (far people in a crowd or a large group), for about five times the time.',
      ]),
    },
    answer: boxes({
      list: 'persons',
      count: 'person_num',
      rectangle: 'person_rectangle',
      items: ['人', '人', 'people'],
      one: ['人', '人', 'person'],
    }),
    errors: [],
  },
});

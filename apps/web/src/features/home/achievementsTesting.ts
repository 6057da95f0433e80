import type { Achievement } from './content.ts';

/**
 * Achievements for tests of the carousel: the shipped content lists none (the site claims no
 * result it cannot point to), but the carousel stays ready for real ones.
 */
export const TEST_ACHIEVEMENTS: Achievement[] = [
  {
    id: 1,
    competition: {
      zh: '测试挑战赛一',
      zh_tw: '測試挑戰賽一',
      en: 'Test challenge one',
    },
    rank: 'champion',
    background: {
      zh: '测试挑战赛一的背景。',
      zh_tw: '測試挑戰賽一的背景。',
      en: 'Background of test challenge one.',
    },
    desc_en: 'Test team won first place in test challenge one.',
    desc_zh: '测试团队在测试挑战赛一中获得冠军。',
    desc_zh_tw: '測試團隊在測試挑戰賽一中獲得冠軍。',
    link: '/aboutus',
    evidence: 'https://results.example/challenge-1',
  },
  {
    id: 2,
    competition: {
      zh: '测试挑战赛二',
      zh_tw: '測試挑戰賽二',
      en: 'Test challenge two',
    },
    rank: 'champion',
    background: {
      zh: '测试挑战赛二的背景。',
      zh_tw: '測試挑戰賽二的背景。',
      en: 'Background of test challenge two.',
    },
    desc_en: 'Test team won first place in test challenge two.',
    desc_zh: '测试团队在测试挑战赛二中获得冠军。',
    desc_zh_tw: '測試團隊在測試挑戰賽二中獲得冠軍。',
    link: '/aboutus',
    evidence: 'https://results.example/challenge-2',
  },
  {
    id: 3,
    competition: {
      zh: '测试挑战赛三',
      zh_tw: '測試挑戰賽三',
      en: 'Test challenge three',
    },
    rank: 'champion',
    background: {
      zh: '测试挑战赛三的背景。',
      zh_tw: '測試挑戰賽三的背景。',
      en: 'Background of test challenge three.',
    },
    desc_en: 'Test team won first place in test challenge three.',
    desc_zh: '测试团队在测试挑战赛三中获得冠军。',
    desc_zh_tw: '測試團隊在測試挑戰賽三中獲得冠軍。',
    link: '/aboutus',
    evidence: 'https://results.example/challenge-3',
  },
  {
    id: 4,
    competition: {
      zh: '测试挑战赛四',
      zh_tw: '測試挑戰賽四',
      en: 'Test challenge four',
    },
    rank: 'third',
    background: {
      zh: '测试挑战赛四的背景。',
      zh_tw: '測試挑戰賽四的背景。',
      en: 'Background of test challenge four.',
    },
    desc_en: 'Test team took third place in test challenge four.',
    desc_zh: '测试团队在测试挑战赛四中获得季军。',
    desc_zh_tw: '測試團隊在測試挑戰賽四中獲得季軍。',
    link: '/aboutus',
    evidence: 'https://results.example/challenge-4',
  },
  {
    id: 5,
    competition: {
      zh: '测试挑战赛五',
      zh_tw: '測試挑戰賽五',
      en: 'Test challenge five',
    },
    rank: 'champion',
    background: {
      zh: '测试挑战赛五的背景。',
      zh_tw: '測試挑戰賽五的背景。',
      en: 'Background of test challenge five.',
    },
    desc_en: 'Test team won first place in test challenge five.',
    desc_zh: '测试团队在测试挑战赛五中获得冠军。',
    desc_zh_tw: '測試團隊在測試挑戰賽五中獲得冠軍。',
    link: '/aboutus',
    evidence: 'https://results.example/challenge-5',
  },
  {
    id: 6,
    competition: { zh: '测试挑战赛六', zh_tw: '測試挑戰賽六', en: 'Test challenge six' },
    rank: 'champion',
    background: {
      zh: '测试挑战赛六的背景。',
      zh_tw: '測試挑戰賽六的背景。',
      en: 'Background of test challenge six.',
    },
    desc_en: 'Test team won first place in test challenge six.',
    desc_zh: '测试团队在测试挑战赛六中获得冠军。',
    desc_zh_tw: '測試團隊在測試挑戰賽六中獲得冠軍。',
    link: '/aboutus',
    evidence: 'https://results.example/challenge-6',
  },
];

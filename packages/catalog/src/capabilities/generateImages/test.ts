import { z } from 'zod';
import { count } from '../../contract/answer.ts';
import { defineCapability } from '../../contract/define.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { image } from '../../contract/kinds.ts';
import { choice } from '../../contract/params.ts';

/** The effects of v1/mtai (`effect`), in the order the demo offers them (the engine's, checked by a test). */
export const MTAI_EFFECTS = [
  'portrait_glow',
  'comic',
  'cute',
  'oil_portrait',
  'pop_star',
  'old_film',
  'sketchbook',
  'gentleman',
  'anime_dream',
] as const;
export type MtaiEffect = (typeof MTAI_EFFECTS)[number];

/** Display names of the effects and the chain each runs: Simplified Chinese, Traditional Chinese, English. */
export const MTAI_EFFECT_NAMES: Record<MtaiEffect, Doc> = {
  portrait_glow: [
    '柔光人像（美颜 + 日系滤镜）',
    '柔光人像（美顏 + 日系濾鏡）',
    'Portrait glow (beautify + airy look)',
  ],
  comic: [
    '漫画派对（漫画风 + 派对帽）',
    '漫畫派對（漫畫風 + 派對帽）',
    'Comic party (comic style + party hat)',
  ],
  cute: [
    '萌猫（美颜 + 猫耳腮红 + 粉彩）',
    '萌貓（美顏 + 貓耳腮紅 + 粉彩）',
    'Cute cat (beautify + cat ears and blush + pastel)',
  ],
  oil_portrait: [
    '油画肖像（美颜 + 油画）',
    '油畫肖像（美顏 + 油畫）',
    'Oil portrait (beautify + oil painting)',
  ],
  pop_star: ['波普明星（波普艺术 + 皇冠）', '普普明星（普普藝術 + 皇冠）', 'Pop star (pop art + crown)'],
  old_film: ['老电影（HDR + 复古滤镜）', '老電影（HDR + 復古濾鏡）', 'Old film (HDR + vintage look)'],
  sketchbook: ['素描本（线稿 + 怀旧棕）', '素描本（線稿 + 懷舊棕）', 'Sketchbook (line art + sepia)'],
  gentleman: [
    '绅士（八字胡 + 电影感）',
    '紳士（八字鬍 + 電影感）',
    'Gentleman (handlebar moustache + cinematic look)',
  ],
  anime_dream: [
    '动漫清新（动漫风 + 清新滤镜）',
    '動漫清新（動漫風 + 清新濾鏡）',
    'Anime dream (anime style + fresh look)',
  ],
};

/** The default effect (the engine's, checked by a test). */
export const MTAI = { effect: 'portrait_glow' } as const;

const previews = Object.fromEntries(
  MTAI_EFFECTS.map((effect) => [effect, `/samples/effects/${effect}.jpg`]),
) as Record<MtaiEffect, string>;

/** The engine tasks an effect may run (the `steps` of the answer). */
const STEP_TASKS = [
  'beautify',
  'filter',
  'cartoon',
  'artstyle',
  'lineart',
  'emojmaterial',
  'beard',
  'hdr',
] as const;

export const test = defineCapability({
  id: 159,
  key: 'test',
  group: 'generateImages',
  slug: 'test',
  endpoint: 'v1/mtai',
  kind: 'image',
  status: 1,
  doc: 229,
  samples: ['astronaut.jpg', 'glasses-man.jpg'],
  name: ['生成实验室', '生成實驗室', 'Generation Lab'],
  description: [
    'AI 特效：按名称选择一条由本平台其他能力串成的处理链，例如“柔光人像”为 AI 美颜后加日系滤镜，“漫画派对”为漫画风格后加派对帽贴纸。不是生成模型：每一步就是对应接口（美颜、滤镜、卡通、线稿、艺术风格、贴纸、胡子、HDR）本身的处理，耗时约为各步之和；照片中没有人脸时，人脸相关的步骤不改动照片，其余步骤照常生效。',
    'AI 特效：依名稱選擇一條由本平台其他能力串成的處理鏈，例如「柔光人像」為 AI 美顏後加日系濾鏡，「漫畫派對」為漫畫風格後加派對帽貼紙。不是生成模型：每一步就是對應介面（美顏、濾鏡、卡通、線稿、藝術風格、貼紙、鬍子、HDR）本身的處理，耗時約為各步之和；照片中沒有人臉時，人臉相關的步驟不改動照片，其餘步驟照常生效。',
    'AI effects: a chain of this platform\'s other capabilities chosen by name, for example "Portrait glow" is AI beautify followed by the airy filter, "Comic party" the comic cartoon style followed by a party-hat sticker. Not a generative model: each step is the very processing of the corresponding endpoint (beautify, filters, cartoon, line art, art styles, stickers, beard, HDR), and an effect takes about the sum of its steps; on a photo without a face the face steps leave it unchanged and the other steps apply.',
  ],
  api: {
    endpoint: 'v1/mtai',
    parameters: {
      effect: choice(MTAI_EFFECTS, { default: MTAI.effect, names: MTAI_EFFECT_NAMES, previews }, [
        '特效：9 条处理链之一，名称后括号中是其依次调用的能力。',
        '特效：9 條處理鏈之一，名稱後括號中是其依序呼叫的能力。',
        'The effect: one of 9 chains; the brackets after each name list the capabilities it runs, in order.',
      ]),
    },
    answer: image({
      extra: {
        effect: described(z.enum(MTAI_EFFECTS), ['使用的特效。', '使用的特效。', 'The effect applied.']),
        steps: described(z.array(z.enum(STEP_TASKS)), [
          '依次运行的引擎任务：beautify（美颜）、filter（滤镜）、cartoon（卡通）、lineart（线稿）、artstyle（艺术风格）、emojmaterial（贴纸）、beard（胡子）、hdr（HDR）。',
          '依序執行的引擎任務：beautify（美顏）、filter（濾鏡）、cartoon（卡通）、lineart（線稿）、artstyle（藝術風格）、emojmaterial（貼紙）、beard（鬍子）、hdr（HDR）。',
          'The engine tasks run, in order: beautify, filter, cartoon, lineart (line art), artstyle (art styles), emojmaterial (stickers), beard, hdr.',
        ]),
        face_num: count([
          '人脸相关步骤找到的人脸数（各步中最多的）；特效不含人脸步骤时为 0。',
          '人臉相關步驟找到的人臉數（各步中最多者）；特效不含人臉步驟時為 0。',
          'Faces the face steps found (the most any of them found); 0 when the effect has no face step.',
        ]),
      },
    }),
    errors: [],
  },
});

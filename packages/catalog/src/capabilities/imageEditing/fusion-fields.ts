/** Parameter and answer pieces shared by face fusion, child fusion and head replacement. */
import { z } from 'zod';
import { count, obj } from '../../contract/answer.ts';
import { described, type Doc } from '../../contract/doc.ts';
import { providedChoice } from '../../contract/params.ts';
import { detectionScore, faceRectangle } from '../faceTechnology/face-fields.ts';

/** The bundled templates (values of `template`) and their names; the engine holds the photos. */
export const FUSION_TEMPLATE_NAMES = {
  astronaut: ['宇航员', '太空人', 'Astronaut'],
  glasses_man: ['戴眼镜的男士', '戴眼鏡的男士', 'Man in glasses'],
  smiling_man: ['微笑的男士', '微笑的男士', 'Smiling man'],
  party: ['派对', '派對', 'Party'],
  window: ['窗边', '窗邊', 'By the window'],
  sofa: ['沙发', '沙發', 'On the sofa'],
} as const satisfies Record<string, Doc>;

type Template = keyof typeof FUSION_TEMPLATE_NAMES;
export const FUSION_TEMPLATE_KEYS = Object.keys(FUSION_TEMPLATE_NAMES) as [Template, ...Template[]];

const previews = Object.fromEntries(
  FUSION_TEMPLATE_KEYS.map((t) => [t, `/samples/fusion/${t}.jpg`]),
) as Record<Template, string>;

const list = (lang: 0 | 1 | 2, sep: string) =>
  FUSION_TEMPLATE_KEYS.map((key) => `${key} (${FUSION_TEMPLATE_NAMES[key][lang]})`).join(sep);

/**
 * `template`: a bundled template photo or one uploaded in the back office (materials of type
 * `source`, valued `m<id>`, while enabled: a provided choice); a second image of the request
 * replaces it.
 */
export const templateChoice = (
  fallback: Template,
  what: Doc,
  source: 'fusion_template' | 'headreplace_template',
) =>
  providedChoice(
    {
      source,
      url: `/api/v1/materials?type=${source}`,
      pattern: /^m[1-9][0-9]{0,9}$/,
      note: [
        `可用模板随后台素材库变化：GET /api/v1/materials?type=${source} 按顺序列出当前启用的全部模板（含上传的 m<id>）；已停用或不存在的模板返回参数错误 10000。`,
        `可用模板隨後台素材庫變化：GET /api/v1/materials?type=${source} 依序列出目前啟用的全部模板（含上傳的 m<id>）；已停用或不存在的模板回傳參數錯誤 10000。`,
        `The list is dynamic: GET /api/v1/materials?type=${source} lists every enabled template in order (uploaded ones valued m<id> included); a disabled or unknown one answers the parameter error 10000.`,
      ],
    },
    FUSION_TEMPLATE_KEYS,
    { default: fallback, names: FUSION_TEMPLATE_NAMES, previews },
    [
      `模板：${list(0, '、')}（均为授权明确的真实照片）。${what[0]}请求中的第二张图片（media_info_list[1]）作为模板时，代替此参数。`,
      `模板：${list(1, '、')}（皆為授權明確的真實照片）。${what[1]}請求中的第二張圖片（media_info_list[1]）作為模板時，取代此參數。`,
      `The template: ${list(2, ', ')} (real photos with clear licences). ${what[2]} A second image in the request (media_info_list[1]) is used as the template instead.`,
    ],
  );

/** A face the fusion used: its box and the detector's score. */
export const usedFace = (text: Doc) =>
  described(obj({ face_rectangle: faceRectangle, score: detectionScore }).nullable(), text);

/** The answer fields every fusion gives. */
export const fusionAnswer = {
  face_num: count([
    '用户照片中使用的人脸数（0 或 1，取最大的人脸）。',
    '使用者照片中使用的人臉數（0 或 1，取最大的人臉）。',
    'Faces used from the user’s photo (0 or 1: the largest).',
  ]),
  template_face_num: count([
    '模板中找到的人脸数（0 或 1）。',
    '模板中找到的人臉數（0 或 1）。',
    'Faces found in the template (0 or 1).',
  ]),
  user_face: usedFace([
    '用户照片中的人脸（用户照片的像素坐标）。',
    '使用者照片中的人臉（使用者照片的像素座標）。',
    'The face in the user’s photo (that photo’s pixels).',
  ]),
  template_face: usedFace([
    '模板中被替换的人脸（结果图的像素坐标）。',
    '模板中被替換的人臉（結果圖的像素座標）。',
    'The face replaced in the template (the result’s pixels).',
  ]),
};

/**
 * `template` in an answer: a bundled template's name, an uploaded one's value (`m<id>`), or
 * `image` for one sent in the request.
 */
export const templateUsed = described(
  z.union([z.enum(FUSION_TEMPLATE_KEYS), z.string().regex(/^m[1-9][0-9]*$/), z.literal('image')]),
  [
    '使用的模板名称；后台上传的模板为其值 m<id>；使用请求中的第二张图片时为 image。',
    '使用的模板名稱；後台上傳的模板為其值 m<id>；使用請求中的第二張圖片時為 image。',
    'The template used: a bundled one’s name, an uploaded one’s value (m<id>), or image when it was the request’s second image.',
  ],
);

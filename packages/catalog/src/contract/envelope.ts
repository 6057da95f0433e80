/**
 * The gateway's envelope around every endpoint's parameters and answer (architecture.md):
 * `{ parameter, extra, media_info_list: [{ media_data, media_profiles, media_extra }] }`.
 */
import { z } from 'zod';
import { described } from './doc.ts';
import type { EndpointContract, Parameters } from './define.ts';

/** One image of a request: base64 (line breaks, data-URL prefix and URL-safe alphabet allowed) or an http(s) URL. */
export const mediaItem = z.object({
  media_data: described(z.string(), [
    '图片：base64（可含换行）或 http(s) 图片地址。',
    '圖片：base64（可含換行）或 http(s) 圖片位址。',
    'The image: base64 (line breaks allowed) or an http(s) image URL.',
  ]),
  media_profiles: z
    .looseObject({
      media_data_type: described(z.string(), [
        '`jpg`、`png`（也可 `jpeg`、`webp`、`gif`），传地址时为 `url`，传共享上传的 key 时为 `upload`；其他值返回 20009。图片格式以图片数据本身为准，此处仅作提示；不是 JPEG、PNG、WebP 或 GIF 的数据返回 20009。',
        '`jpg`、`png`（也可 `jpeg`、`webp`、`gif`），傳位址時為 `url`，傳共用上傳的 key 時為 `upload`；其他值回傳 20009。圖片格式以圖片資料本身為準，此處僅作提示；不是 JPEG、PNG、WebP 或 GIF 的資料回傳 20009。',
        '`jpg`, `png` (also `jpeg`, `webp`, `gif`), `url` when `media_data` is an address, or `upload` when it is a key of the shared upload service (POST /public/upload); any other value answers 20009. The image format is read from the bytes themselves, this is only a hint; bytes that are no JPEG, PNG, WebP or GIF answer 20009.',
      ]).optional(),
    })
    .optional(),
  media_extra: z.record(z.string(), z.unknown()).optional(),
});

const extra = described(z.record(z.string(), z.unknown()).default({}), [
  '原样返回的自定义数据。',
  '原樣返回的自訂資料。',
  'Custom data, echoed back.',
]);

/** The request body of an endpoint: its parameters checked by its contract. */
export function requestEnvelope<P extends Parameters<z.ZodRawShape>>(
  contract: Pick<EndpointContract<P>, 'parameters' | 'images'>,
) {
  return z.object({
    parameter: contract.parameters.default({} as never) as z.ZodDefault<P>,
    extra,
    media_info_list:
      contract.images > 0
        ? z.array(mediaItem).min(contract.images, { error: `needs ${contract.images} image(s)` })
        : z.array(mediaItem).default([]),
  });
}

/** The answer of an endpoint around its `media_extra`: the request's parameter and extra echoed. */
export function responseEnvelope<A extends z.ZodType>(
  contract: Pick<EndpointContract<Parameters<z.ZodRawShape>, A>, 'answer'>,
) {
  return z.object({
    parameter: z.record(z.string(), z.unknown()),
    extra: z.record(z.string(), z.unknown()),
    media_info_list: z
      .array(
        z.object({
          media_data: described(z.string(), [
            '结果图（生成图片的接口）：base64，或 rsp_media_type 为 url 时的短期链接。',
            '結果圖（生成圖片的介面）：base64，或 rsp_media_type 為 url 時的短期連結。',
            'The result image (image-producing APIs): base64, or a short-lived URL with rsp_media_type url.',
          ]).optional(),
          media_profiles: described(
            z.looseObject({ media_data_type: z.string(), expires_at: z.string().optional() }),
            [
              '结果的类型：与输入相同，生成图片的接口为 jpg、png 或 url（附 expires_at）。管理人脸库的接口没有此项。',
              '結果的類型：與輸入相同，生成圖片的介面為 jpg、png 或 url（附 expires_at）。管理人臉庫的介面沒有此項。',
              'The type of the result: as the input, or for image-producing APIs jpg, png or url (with expires_at). Absent on the face-set endpoints.',
            ],
          ).optional(),
          media_extra: contract.answer,
        }),
      )
      .length(1),
  });
}

/** An error answer of the gateway: the catalogue's code and message. */
export const errorEnvelope = z.object({
  ErrorCode: z.number().int(),
  ErrorMsg: z.string(),
  Data: z.null(),
});

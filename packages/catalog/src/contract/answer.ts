/**
 * Answer pieces shared by the contracts. Answers are strict objects: a test parses every recorded
 * and live answer with its contract, so a field the contract does not document fails it.
 */
import { z } from 'zod';
import { described, type Doc } from './doc.ts';

export const obj = z.strictObject;

/** A length or coordinate in pixels of the original image, 0.1 px. */
export const px = (text: Doc) => described(z.number(), text);

/** A box in pixels of the original image (EXIF orientation applied). */
export const rectangle = (text: Doc) =>
  described(obj({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }), text);

/** The size every coordinate of an answer refers to. */
export const imageSize = {
  image_width: described(z.number().int(), [
    '按 EXIF 方向摆正后的图片宽度（像素），所有坐标都以此为准。',
    '依 EXIF 方向擺正後的圖片寬度（像素），所有座標都以此為準。',
    'Width of the image after EXIF orientation, in pixels; every coordinate refers to it.',
  ]),
  image_height: described(z.number().int(), [
    '按 EXIF 方向摆正后的图片高度（像素）。',
    '依 EXIF 方向擺正後的圖片高度（像素）。',
    'Height of the image after EXIF orientation, in pixels.',
  ]),
};

/** A score from 0 to 1; a "confidence" only where it is a calibrated probability. */
export const unit = (text: Doc) => described(z.number().min(0).max(1), text);

/** A count of the items of a list (`face_num`, `person_num`). */
export const count = (text: Doc) => described(z.number().int().min(0), text);

/** A named point of a layout, with its score. */
export const keypoint = obj({
  name: z.string(),
  x: z.number(),
  y: z.number(),
  score: z.number().min(0).max(1),
});

/** A label with its score. */
export const scoredLabel = obj({ label: z.string(), score: z.number().min(0).max(1) });

/** An image field of an answer: base64 of the image, or a short-lived URL with `rsp_media_type: url`. */
export const imageData = (text: Doc) => described(z.string(), text);

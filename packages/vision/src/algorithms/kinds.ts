/**
 * Result types of the output kinds (boxes, points, mask, labels, attributes, image). A task of a
 * kind answers in the public units and names of the gateway's `media_extra`: pixels of the
 * EXIF-oriented original image rounded to 0.1 once, here in the engine; scores 0..1 rounded to 4
 * decimals; snake_case field names. The gateway passes such a result through unchanged, so a
 * name or a rounding rule lives in one place.
 *
 * This module holds types only: importing it loads nothing.
 */

/** A box in original-image pixels, 0.1 px. */
export interface Rectangle {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The size of the input as displayed (EXIF orientation applied): every coordinate refers to it. */
export interface ImageSize {
  image_width: number;
  image_height: number;
}

/** A named point of a layout (a body's keypoints, ...) in original-image pixels with its score. */
export interface Keypoint {
  name: string;
  x: number;
  y: number;
  score: number;
}

/** A label with its score, 0..1 (top-k classification, the class of a box). */
export interface ScoredLabel {
  label: string;
  score: number;
}

/** An image a task made, encoded. */
export interface EncodedImage {
  bytes: Uint8Array;
  format: 'jpg' | 'png';
}

/**
 * What a task of an image-producing kind (mask, image) returns: the answer's fields, and its
 * images. `media_data` is the main result image (the answer's `media_info_list[0].media_data`);
 * any other entry is an image field of the answer (`mask`), sent as base64 or as a short-lived URL
 * like the main image.
 */
export interface ImageTaskResult<Answer, Field extends string = never> {
  answer: Answer;
  images: { media_data: EncodedImage } & Record<Field, EncodedImage>;
}

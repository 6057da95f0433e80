/**
 * The rules of the back office's materials, without zod so that the web app can use them: the
 * types, what file each takes, the size limits, and where an uploaded sticker sits on the face.
 */

export const MATERIAL_TYPES = [
  'sticker',
  'fusion_template',
  'headreplace_template',
  'filter_look',
  'makeup_look',
  'idphoto_size',
] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];

/**
 * What file a type takes: stickers are PNG with an alpha channel (drawn over the face, the
 * transparent part leaves the photo as it was); templates are photos (JPEG, PNG or WebP); a filter
 * look is a .cube 3D lookup table (Adobe Cube LUT 1.0, LUT_3D_SIZE 2..65, output values 0..1; the
 * server draws its preview); an ID-photo size is a small JSON file `{ "width": px, "height": px }`
 * (with optional `head_ratio` and `eye_line` bounds) within IDPHOTO_SIZE_LIMITS (the server draws its preview); a makeup look is a JSON file of the five
 * parts v3/makeup paints, `{ "lipstick": { "color": "#rrggbb", "strength": 0..100 }, "blush",
 * "eyebrow", "eyeliner", "eyeshadow" }` (the server draws its preview on the sample portrait).
 */
export const MATERIAL_FILES: Record<
  MaterialType,
  'png-alpha' | 'image' | 'cube' | 'size-json' | 'makeup-json'
> = {
  sticker: 'png-alpha',
  fusion_template: 'image',
  headreplace_template: 'image',
  filter_look: 'cube',
  makeup_look: 'makeup-json',
  idphoto_size: 'size-json',
};

/**
 * An uploaded ID-photo size: each side in px, and width / height (a portrait or square photo: the
 * head of the studio rule must fit its width); the limits of v1/certified's custom size.
 */
export const IDPHOTO_SIZE_LIMITS = {
  width: { min: 100, max: 1200 },
  height: { min: 100, max: 1600 },
  aspect: { min: 0.5, max: 1 },
  /**
   * Optional head bounds of an uploaded size, fractions of the photo's height: `head_ratio` (crown
   * to chin) and `eye_line` (top to the eye line), each `{ min, max }` within the widest bounds the
   * named sizes use (studio 0.60-0.72 and passport 0.711-0.80 for the head; 0.30-0.50 for the eyes).
   */
  head_ratio: { min: 0.6, max: 0.8 },
  eye_line: { min: 0.3, max: 0.5 },
} as const;

/** Largest material file (bytes). */
export const MATERIAL_MAX_BYTES = 5 * 1024 * 1024;
/** Largest material picture: each side and the pixel count. */
export const MATERIAL_MAX_SIDE = 4096;
export const MATERIAL_MAX_PIXELS = 16_000_000;

/**
 * Where an uploaded sticker sits on the face, the places the bundled stickers use: the middle of
 * the picture on the eyes (glasses), the cheeks (blush), the nose tip, the mouth (moustache); or
 * the middle of its bottom edge on the top of the forehead (hats, ears).
 */
export const STICKER_ANCHORS = ['eyes', 'forehead', 'nose', 'mouth', 'cheeks'] as const;
export type StickerAnchor = (typeof STICKER_ANCHORS)[number];
/** The default width of a sticker at each anchor, in eye distances (as wide as the bundled ones there). */
export const STICKER_ANCHOR_WIDTHS: Record<StickerAnchor, number> = {
  eyes: 2.4,
  forehead: 2.6,
  nose: 0.65,
  mouth: 1.6,
  cheeks: 3.0,
};
/** Width of a sticker in eye distances: the range offered. */
export const STICKER_SCALE = { min: 0.2, max: 6 } as const;

/**
 * The endpoint whose parameter offers each type's enabled materials (a provided choice); the
 * other types are stored, previewed and ordered in the back office but no capability reads them yet.
 */
export const MATERIAL_READ_BY: Partial<Record<MaterialType, string>> = {
  sticker: 'v1/EmojMaterialH5',
  fusion_template: 'v3/facefuse',
  headreplace_template: 'v2/headreplace',
  filter_look: 'v1/filter',
  idphoto_size: 'v1/certified',
  makeup_look: 'v3/makeup',
};

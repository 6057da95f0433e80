/**
 * The materials of the back office (`/api/v1/admin/materials`, roles material, material-outside and
 * admin): the assets the generation and processing capabilities read (stickers, face-fusion and
 * head-replace templates, filter and makeup looks, ID-photo sizes), uploaded, previewed, enabled or
 * disabled and ordered there; and the public list of a type's enabled options
 * (`GET /api/v1/materials?type=`) that a provided choice of a contract points to. Shared by server
 * and web.
 */
import { z } from 'zod';

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
 * transparent part leaves the photo as it was); templates are photos (JPEG, PNG or WebP); the
 * looks and sizes carry a preview picture of any of those.
 */
export const MATERIAL_FILES: Record<MaterialType, 'png-alpha' | 'image'> = {
  sticker: 'png-alpha',
  fusion_template: 'image',
  headreplace_template: 'image',
  filter_look: 'image',
  makeup_look: 'image',
  idphoto_size: 'image',
};

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

const i18nText = z.object({ zh: z.string(), zh_tw: z.string(), en: z.string() });

export const materialSettings = z.object({
  anchor: z.enum(STICKER_ANCHORS).optional(),
  scale: z.number().optional(),
});

/** One material as the back office shows it. */
export const materialView = z.object({
  id: z.number(),
  type: z.enum(MATERIAL_TYPES),
  /** The value a capability's parameter takes for it (`m<id>` for uploads, the name for bundled ones). */
  value: z.string(),
  name: i18nText,
  bundled: z.boolean(),
  enabled: z.boolean(),
  sort_order: z.number(),
  /** A picture of it: a path under the site. */
  preview: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  size: z.number().nullable(),
  settings: materialSettings,
  owner_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MaterialView = z.infer<typeof materialView>;

export const materialQuery = z.object({ type: z.enum(MATERIAL_TYPES).optional() });
export const materialList = z.object({ materials: z.array(materialView) });

/** One enabled option of a provided choice, as the public list answers it. */
export const materialOption = z.object({ value: z.string(), name: i18nText, preview: z.string() });
export type MaterialOption = z.infer<typeof materialOption>;
export const materialOptions = z.object({ options: z.array(materialOption) });

/** A change to a material: enable or disable, rename, re-anchor. */
export const materialPatch = z.object({
  enabled: z.boolean().optional(),
  name: i18nText.partial().optional(),
  anchor: z.enum(STICKER_ANCHORS).optional(),
  scale: z.coerce.number().min(STICKER_SCALE.min).max(STICKER_SCALE.max).optional(),
});
export const materialMove = z.object({ direction: z.enum(['up', 'down']) });

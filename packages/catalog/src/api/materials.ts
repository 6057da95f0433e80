/**
 * The materials of the back office (`/api/v1/admin/materials`, roles material, material-outside and
 * admin): the assets the generation and processing capabilities read (stickers, face-fusion and
 * head-replace templates, filter and makeup looks, ID-photo sizes), uploaded, previewed, enabled or
 * disabled and ordered there; and the public list of a type's enabled options
 * (`GET /api/v1/materials?type=`) that a provided choice of a contract points to. Shared by server
 * and web.
 */
import { z } from 'zod';
import { MATERIAL_TYPES, STICKER_ANCHORS, STICKER_SCALE } from '../material-rules.ts';

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

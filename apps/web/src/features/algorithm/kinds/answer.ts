/**
 * Reading an answer the way a kind's demo does: only through the names its view gives (the list,
 * the box, the points, the image field), and checking each value, since one demo serves every
 * capability of its kind.
 */
import type { DemoSpec, KindView, Keypoint, Rectangle } from '@pixora/catalog';
import type { GatewayResponse } from '../../../api/gateway.ts';
import type { MenuItem } from '../../../api/menu.ts';

export type Fields = Record<string, unknown>;
/** An answer of any capability: its `media_extra` is read through the view. */
export type KindResponse = GatewayResponse<Fields>;

export type KindName = KindView['kind'];
export type ViewOf<K extends KindName> = Extract<KindView, { kind: K }>;
export type KindSpec<K extends KindName> = DemoSpec & { view: ViewOf<K> };

/** What the menu entry says of the kind's demo, when its view is of `kind`. */
export function kindSpec<K extends KindName>(item: MenuItem, kind: K): KindSpec<K> | null {
  const demo = item.extension.demo;
  return demo?.view?.kind === kind ? (demo as KindSpec<K>) : null;
}

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `media_extra` of the first image. */
export const extraOf = (response: KindResponse): Fields | undefined => {
  const extra = response.media_info_list[0]?.media_extra;
  return isRecord(extra) ? extra : undefined;
};

/** The items of the list `name` (persons, labels, ...). */
export function itemsOf(extra: Fields | undefined, name: string): Fields[] {
  const list = extra?.[name];
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** The box `name` of an item, if it is one. */
export function rectangleOf(item: Fields, name: string | undefined): Rectangle | undefined {
  const box = name === undefined ? undefined : item[name];
  if (!isRecord(box)) return undefined;
  const { left, top, width, height } = box;
  return isNumber(left) && isNumber(top) && isNumber(width) && isNumber(height)
    ? { left, top, width, height }
    : undefined;
}

/** The item's score (0 to 1), if it has one. */
export const scoreOf = (item: Fields): number | undefined => (isNumber(item.score) ? item.score : undefined);

/** A string field of an item (a box's `label`), if it has one. */
export const textOf = (item: Fields, name: string): string | undefined =>
  typeof item[name] === 'string' ? (item[name] as string) : undefined;

/** The named points `name` of an item. */
export function keypointsOf(item: Fields, name: string): Keypoint[] {
  const points = item[name];
  if (!Array.isArray(points)) return [];
  return points.filter(
    (p): p is Keypoint =>
      isRecord(p) && typeof p.name === 'string' && isNumber(p.x) && isNumber(p.y) && isNumber(p.score),
  );
}

/** The pixel size the answer's coordinates refer to; else the photo's, as the browser decoded it. */
export function imageSizeOf(
  extra: Fields | undefined,
  measured: { width: number; height: number } | null,
): { width: number; height: number } | null {
  const width = extra?.image_width;
  const height = extra?.image_height;
  return isNumber(width) && isNumber(height) && width > 0 && height > 0 ? { width, height } : measured;
}

/** A share from 0 to 1 (`foreground_ratio`), if the answer has it. */
export const ratioOf = (extra: Fields | undefined, name: string): number | undefined =>
  isNumber(extra?.[name]) ? (extra[name] as number) : undefined;

/** An http(s) address; base64 never has a colon (a JPEG's base64 starts with "/9j/"). */
const isAddress = (data: string) => /^https?:\/\//i.test(data);

/**
 * An image field of an answer as something an `<img>` shows: base64 becomes a data URL of
 * `format`; with `rsp_media_type: url` the field is already an address.
 */
export function imageSource(data: unknown, format: string | undefined): string | null {
  if (typeof data !== 'string' || data === '') return null;
  if (format === 'url' || isAddress(data)) return data;
  return `data:image/${format === 'png' ? 'png' : 'jpeg'};base64,${data}`;
}

/** The answer's own image (`media_data`): the result of an image kind, the cut-out of a mask. */
export function resultImage(response: KindResponse): string | null {
  const media = response.media_info_list[0];
  return imageSource(media?.media_data, media?.media_profiles?.media_data_type);
}

const base64Size = (data: string) => `${Math.round((data.length * 3) / 4 / 1024)} KB`;

/**
 * The answer as the JSON view shows it: base64 images (`media_data`, the view's image field)
 * replaced by their size, so the text stays readable.
 */
export function withoutImageData(response: KindResponse, imageField?: string): KindResponse {
  return {
    ...response,
    media_info_list: response.media_info_list.map((media) => {
      const type = media.media_profiles?.media_data_type;
      const extra = media.media_extra;
      const field = imageField === undefined ? undefined : extra?.[imageField];
      return {
        ...media,
        ...(typeof media.media_data === 'string' && type !== 'url' && !isAddress(media.media_data)
          ? { media_data: `<base64 ${type === 'png' ? 'PNG' : 'JPEG'}, ${base64Size(media.media_data)}>` }
          : {}),
        media_extra:
          imageField !== undefined && typeof field === 'string' && !isAddress(field)
            ? { ...extra, [imageField]: `<base64 PNG, ${base64Size(field)}>` }
            : extra,
      };
    }),
  };
}

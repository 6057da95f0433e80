/**
 * Output kinds: what a capability answers, as the unit of reuse. Each kind has one answer builder
 * (its field texts written once, in three languages), one view (how the kind's web demo reads the
 * answer) and, on the server, one mapper. A capability of a known kind states its nouns and names;
 * everything else comes from here.
 */
import { z } from 'zod';
import type { I18nText } from '../types.ts';
import { count, imageData, imageSize, keypoint, obj, rectangle, scoredLabel, unit } from './answer.ts';
import { described, i18n, type Doc } from './doc.ts';

export const OUTPUT_KINDS = ['boxes', 'points', 'mask', 'labels', 'attributes', 'image', 'compare'] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/** Kinds whose answer carries images: they take `rsp_media_type`, and their demo offers downloads. */
export const producesImages = (kind: OutputKind): boolean => kind === 'mask' || kind === 'image';

/** A layout of named points and the edges drawn between them (a body's skeleton). */
export interface Layout {
  name: string;
  points: readonly string[];
  edges: ReadonlyArray<readonly [string, string]>;
}

/** What the items of a list are called, one and several: the demo says "Person 2", "People found: 3". */
export interface Noun {
  one: I18nText;
  many: I18nText;
}

/** One label of a label-image mask: its pixel value, its name and the colour it is painted in (hex). */
export interface MaskLegendEntry {
  value: number;
  name: I18nText;
  colour: string;
}

/** Where the kind's web demo finds things in an answer. */
export type KindView =
  | {
      kind: 'boxes';
      list: string;
      rectangle: string;
      noun?: Noun;
      /** Display names of the boxes' labels (`hat` -> "Hat"), in three languages. */
      names?: Record<string, I18nText>;
      /** What the demo says when nothing is found, instead of "Item not detected". */
      empty?: I18nText;
    }
  | {
      kind: 'points';
      list: string;
      rectangle: string;
      points: string;
      layout: Layout;
      noun?: Noun;
      /** Each item's attributes (`{ name: { value, score? } }`), when the contract gives some. */
      attributes?: string;
      /** Display names of attribute values (`fist` -> "Fist"), in three languages. */
      names?: Record<string, I18nText>;
      /** What the demo says when nothing is found, instead of "Item not detected". */
      empty?: I18nText;
    }
  | {
      kind: 'mask';
      image: string;
      legend?: readonly MaskLegendEntry[];
      /** The answer's image paints the mask's values (a depth map in colours): the demo lays it over the photo. */
      painted?: boolean;
    }
  | { kind: 'labels'; list: string; names?: Record<string, I18nText> }
  | {
      kind: 'attributes';
      list: string;
      rectangle?: string;
      attributes: string;
      noun?: Noun;
      /** Each item's regions and findings drawn over the photo (`[{ label, polygon?, points? }]`). */
      shapes?: string;
      /** Display names of attribute values, of the attributes themselves and of shape labels, in three languages. */
      names?: Record<string, I18nText>;
    }
  | { kind: 'image' };

/** An answer of a kind: its schema and how the demo reads it. */
export interface KindAnswer<A extends z.ZodType = z.ZodType> {
  kind: OutputKind;
  answer: A;
  view?: KindView;
  /** Answer fields that hold images besides `media_data` (sent as base64 or as URLs). */
  imageFields?: readonly string[];
}

/** No further fields: the default of the builders' optional field sets. */
export type NoFields = Record<never, never>;

/** Plural noun of what a capability finds, for the texts of its answer: ['人', '人', 'people']. */
export type Items = Doc;

/** The noun of a view: `one` is the singular (['人', '人', 'person']), `items` the plural. */
const nounOf = (spec: { items: Items; one?: Doc }): { noun?: Noun } =>
  spec.one ? { noun: { one: i18n(spec.one), many: i18n(spec.items) } } : {};

const listText = (items: Items): Doc => [
  `检测到的${items[0]}，从左到右排列。`,
  `偵測到的${items[1]}，由左至右排列。`,
  `The ${items[2]} found, left to right.`,
];
const countText = (items: Items): Doc => [
  `检测到的${items[0]}数量。`,
  `偵測到的${items[1]}數量。`,
  `Number of ${items[2]} found.`,
];
const boxText = (items: Items): Doc => [
  `${items[0]}的外接框（像素）。`,
  `${items[1]}的外接框（像素）。`,
  `Box around each of the ${items[2]}, in pixels.`,
];
const scoreText = (items: Items): Doc => [
  `${items[0]}的检测得分，0 到 1（不是校准过的概率）。`,
  `${items[1]}的偵測得分，0 到 1（不是校準過的機率）。`,
  `Detection score of each of the ${items[2]}, 0 to 1 (a score, not a calibrated probability).`,
];

/** Name of the list (`persons`), of its count (`person_num`) and of each item's box (`person_rectangle`). */
interface ItemsSpec<L extends string, R extends string, C extends string, I extends z.ZodRawShape> {
  list: L;
  count: C;
  rectangle: R;
  items: Items;
  /** The singular of `items`, for the demo's texts. */
  one?: Doc;
  /** Further fields of each item, after its box and score. */
  item?: I;
}

type RectangleSchema = ReturnType<typeof rectangle>;
type UnitSchema = ReturnType<typeof unit>;
type CountSchema = ReturnType<typeof count>;

/** The schema of one item: its box under `R`, its score, then the fields of `I`. */
type ItemSchema<R extends string, I extends z.ZodRawShape> = z.ZodObject<
  Record<R, RectangleSchema> & { score: UnitSchema } & I,
  z.core.$strict
>;

/** The answer of a list kind: the image size, the count under `C`, the items under `L`. */
type ItemsAnswer<L extends string, R extends string, C extends string, I extends z.ZodRawShape> = z.ZodObject<
  typeof imageSize & Record<C, CountSchema> & Record<L, z.ZodArray<ItemSchema<R, I>>>,
  z.core.$strict
>;

function itemsAnswer<L extends string, R extends string, C extends string, I extends z.ZodRawShape>(
  spec: ItemsSpec<L, R, C, I>,
): ItemsAnswer<L, R, C, I> {
  // Keys named by the capability: the shapes are typed by hand, as spreading a generic key loses it.
  const item = obj({
    [spec.rectangle]: rectangle(boxText(spec.items)),
    score: unit(scoreText(spec.items)),
    ...spec.item,
  } as Record<R, RectangleSchema> & { score: UnitSchema } & I);
  return obj({
    ...imageSize,
    [spec.count]: count(countText(spec.items)),
    [spec.list]: described(z.array(item), listText(spec.items)),
  } as typeof imageSize & Record<C, CountSchema> & Record<L, z.ZodArray<ItemSchema<R, I>>>);
}

/** Display names of coded values (a label, an attribute's value) in three languages. */
const valueNames = (names: Record<string, Doc>): Record<string, I18nText> =>
  Object.fromEntries(Object.entries(names).map(([k, text]) => [k, i18n(text)] as const));

/**
 * boxes: every thing found, with its box, score and (optionally) label; with `names`, the display
 * names of the labels the demo shows; with `empty`, what the demo says when nothing is found; with
 * `extra`, further fields of the answer after the list (things seen around the items).
 */
export function boxes<
  L extends string,
  R extends string,
  C extends string,
  I extends z.ZodRawShape = NoFields,
  E extends z.ZodRawShape = NoFields,
>(spec: ItemsSpec<L, R, C, I> & { names?: Record<string, Doc>; empty?: Doc; extra?: E }) {
  const items = itemsAnswer(spec);
  // Without `extra` the answer is the list kind's own; its fields keep their types either way.
  const answer = (spec.extra ? obj({ ...items.shape, ...spec.extra }) : items) as z.ZodObject<
    ItemsAnswer<L, R, C, I>['shape'] & E,
    z.core.$strict
  >;
  return {
    kind: 'boxes',
    answer,
    view: {
      kind: 'boxes',
      list: spec.list,
      rectangle: spec.rectangle,
      ...nounOf(spec),
      ...(spec.names ? { names: valueNames(spec.names) } : {}),
      ...(spec.empty ? { empty: i18n(spec.empty) } : {}),
    } as KindView,
  } as const satisfies KindAnswer;
}

/** A box's class, for boxes of several classes. */
export const boxLabel = (text: Doc) => described(z.string(), text);

/**
 * points: every thing found with its box, score and the points of `layout` (`keypoints`), plus the
 * model's own full set of points (`model_keypoints`).
 */
interface ListSpec<L extends string, R extends string, C extends string> {
  list: L;
  count: C;
  rectangle: R;
  items: Items;
  /** The singular of `items`, for the demo's texts. */
  one?: Doc;
}

type KeypointList = z.ZodArray<typeof keypoint>;

/**
 * The fields of a points item after its box and score: `keypoints`, `model_keypoints` when the
 * contract describes the model's own set (`M`), `attributes` when it gives some (`A`).
 */
type PointsFields<M extends Doc | undefined, A extends z.ZodRawShape | undefined> = {
  keypoints: KeypointList;
} & (M extends Doc ? { model_keypoints: KeypointList } : NoFields) &
  (A extends z.ZodRawShape ? { attributes: z.ZodObject<A, z.core.$strict> } : NoFields);

/**
 * points: every thing found with its box, score and the points of `layout` (`keypoints`); the
 * model's own full set of points (`model_keypoints`) when `modelPoints` describes it (leave it out
 * when the layout is the model's own); named attributes of each item (`attributes`, as in the
 * attributes kind) when given, with display names of their values (`names`); further fields of
 * each item (`item`); and what the demo says when nothing is found (`empty`).
 */
export function points<
  L extends string,
  R extends string,
  C extends string,
  M extends Doc | undefined = undefined,
  A extends z.ZodRawShape | undefined = undefined,
  I extends z.ZodRawShape = NoFields,
>(
  spec: ListSpec<L, R, C> & {
    layout: Layout;
    modelPoints?: M;
    /** What a point's score is, when it is not the model's score of the point. */
    pointScore?: Doc;
    attributes?: A;
    names?: Record<string, Doc>;
    empty?: Doc;
    /** Further fields of each item, after its points (a body's whole outline). */
    item?: I;
  },
) {
  const score = spec.pointScore ?? ['', '', ''];
  const layoutText: Doc = [
    `${spec.layout.points.length} 个关键点，顺序与名称固定：${spec.layout.points.join('、')}；左右指被拍摄者自身的左右。${score[0]}`,
    `${spec.layout.points.length} 個關鍵點，順序與名稱固定：${spec.layout.points.join('、')}；左右指被拍攝者自身的左右。${score[1]}`,
    `${spec.layout.points.length} key points, always in this order and with these names: ${spec.layout.points.join(', ')}; right and left are the subject's own.${score[2] ? ` ${score[2]}` : ''}`,
  ];
  // Keys present only with their options: the shape is typed by hand, as spreads lose it.
  const fields = {
    keypoints: described(z.array(keypoint).length(spec.layout.points.length), layoutText),
    ...(spec.modelPoints ? { model_keypoints: described(z.array(keypoint), spec.modelPoints) } : {}),
    ...(spec.attributes ? { attributes: attributesOf(spec.items, spec.attributes) } : {}),
    ...spec.item,
  } as unknown as PointsFields<M, A> & I;
  const answer = itemsAnswer({ ...spec, item: fields });
  return {
    kind: 'points',
    answer,
    view: {
      kind: 'points',
      list: spec.list,
      rectangle: spec.rectangle,
      points: 'keypoints',
      layout: spec.layout,
      ...nounOf(spec),
      ...(spec.attributes ? { attributes: 'attributes' } : {}),
      ...(spec.names ? { names: valueNames(spec.names) } : {}),
      ...(spec.empty ? { empty: i18n(spec.empty) } : {}),
    } as KindView,
  } as const satisfies KindAnswer;
}

/**
 * A mask of 16-bit values (a depth map): what its values mean, what `foreground_ratio` counts and
 * what the answer's image (`media_data`) paints, each as a sentence in three languages.
 */
export interface Grey16 {
  values: Doc;
  ratio: Doc;
  picture: Doc;
}

/** The texts of a 16-bit mask: the format in the kind's words, the meaning in the capability's. */
const grey16Text = (region: Doc, g: Grey16): Doc => [
  `${region[0]}：与原图同尺寸的 16 位灰度 PNG（base64；rsp_media_type 为 url 时为短期链接），像素值 0 到 65535：${g.values[0]}${g.picture[0]}在 media_info_list[0].media_data。`,
  `${region[1]}：與原圖同尺寸的 16 位元灰階 PNG（base64；rsp_media_type 為 url 時為短期連結），像素值 0 到 65535：${g.values[1]}${g.picture[1]}在 media_info_list[0].media_data。`,
  `The ${region[2]}: a 16-bit greyscale PNG the size of the input (base64, or a short-lived URL with rsp_media_type url), values 0 to 65535: ${g.values[2]} ${g.picture[2]} is in media_info_list[0].media_data.`,
];

/**
 * mask: a mask of the input's size as an 8-bit greyscale PNG (`mask`: 0 background to 255
 * foreground, soft at the edges), and the cut-out (the photo with the mask as alpha, PNG) as the
 * answer's image. With `labels` the mask is a label image instead: each pixel's value is the
 * number of its label (0 none), the answer lists the labels (`legend`), its image is the labels
 * painted in their colours, and the demo colours them from the view's legend. With `grey16` the
 * mask is a 16-bit greyscale PNG of values (a depth map), the answer's image paints them, and the
 * demo lays that painting over the photo.
 */
export function mask<E extends z.ZodRawShape = NoFields>(spec: {
  region: Doc;
  extra?: E;
  labels?: ReadonlyArray<{ value: number; label: string; name: Doc; colour: string }>;
  grey16?: Grey16;
}) {
  const labels = spec.labels;
  const list = labels?.map((l) => `${l.value} ${l.label}`).join(', ');
  const maskText: Doc = spec.grey16
    ? grey16Text(spec.region, spec.grey16)
    : labels
      ? [
          `${spec.region[0]}标签图：与原图同尺寸的 8 位灰度 PNG（base64；rsp_media_type 为 url 时为短期链接），每个像素的值是其标签编号（${list}），0 为其他。按标签颜色绘制的彩色图（PNG，0 处透明）在 media_info_list[0].media_data。`,
          `${spec.region[1]}標籤圖：與原圖同尺寸的 8 位元灰階 PNG（base64；rsp_media_type 為 url 時為短期連結），每個像素的值是其標籤編號（${list}），0 為其他。依標籤顏色繪製的彩色圖（PNG，0 處透明）在 media_info_list[0].media_data。`,
          `Label image of the ${spec.region[2]}: an 8-bit greyscale PNG the size of the input (base64, or a short-lived URL with rsp_media_type url) whose pixel values are label numbers (${list}), 0 everything else. The labels painted in their colours (PNG, transparent at 0) are in media_info_list[0].media_data.`,
        ]
      : [
          `${spec.region[0]}掩码：与原图同尺寸的 8 位灰度 PNG（base64；rsp_media_type 为 url 时为短期链接），0 为背景，255 为${spec.region[0]}，边缘为软过渡。抠图结果（原图加该掩码作为透明通道的 PNG）在 media_info_list[0].media_data。`,
          `${spec.region[1]}遮罩：與原圖同尺寸的 8 位元灰階 PNG（base64；rsp_media_type 為 url 時為短期連結），0 為背景，255 為${spec.region[1]}，邊緣為柔和過渡。去背結果（原圖加該遮罩作為透明通道的 PNG）在 media_info_list[0].media_data。`,
          `Mask of the ${spec.region[2]}: an 8-bit greyscale PNG the size of the input (base64, or a short-lived URL with rsp_media_type url), 0 background to 255 ${spec.region[2]}, soft at the edges. The cut-out (the photo with this mask as its alpha channel, PNG) is in media_info_list[0].media_data.`,
        ];
  const ratioText: Doc = spec.grey16
    ? spec.grey16.ratio
    : labels
      ? [
          `有标签（值不为 0）的像素占全图的比例，0 到 1。`,
          `有標籤（值不為 0）的像素佔全圖的比例，0 到 1。`,
          `Share of the pixels with a label (value other than 0), 0 to 1.`,
        ]
      : [
          `掩码值不低于 128 的像素占全图的比例，0 到 1。`,
          `遮罩值不低於 128 的像素佔全圖的比例，0 到 1。`,
          `Share of the pixels whose mask value is 128 or more, 0 to 1.`,
        ];
  const legendField = labels
    ? {
        legend: described(z.array(obj({ value: z.number().int().min(1).max(255), label: z.string() })), [
          '标签图中的标签：编号与名称。',
          '標籤圖中的標籤：編號與名稱。',
          'The labels of the label image: number and name.',
        ]),
      }
    : {};
  const answer = obj({
    ...imageSize,
    mask: imageData(maskText),
    foreground_ratio: unit(ratioText),
    ...legendField,
    ...((spec.extra ?? {}) as E),
  });
  const legend = labels?.map(({ value, name, colour }) => ({ value, name: i18n(name), colour }));
  return {
    kind: 'mask',
    answer,
    view: {
      kind: 'mask',
      image: 'mask',
      ...(legend ? { legend } : {}),
      ...(spec.grey16 ? { painted: true } : {}),
    } as KindView,
    imageFields: ['mask'],
  } as const satisfies KindAnswer;
}

/** labels: the best labels of the whole image, best first, with their scores. */
export function labels(spec: { what: Doc; names?: Record<string, Doc> }) {
  const answer = obj({
    labels: described(z.array(scoredLabel), [
      `${spec.what[0]}，按得分从高到低。`,
      `${spec.what[1]}，依得分由高到低。`,
      `The ${spec.what[2]}, best first.`,
    ]),
  });
  const names = spec.names ? valueNames(spec.names) : undefined;
  return {
    kind: 'labels',
    answer,
    view: { kind: 'labels', list: 'labels', ...(names ? { names } : {}) },
  } as const satisfies KindAnswer;
}

/** One attribute of an item: its value and, where the method gives one, its score. */
export const attribute = <V extends z.ZodType>(value: V, text: Doc) =>
  described(
    obj({
      value,
      score: unit(['得分，0 到 1。', '得分，0 到 1。', 'Score, 0 to 1.']).optional(),
    }),
    text,
  );

/** The `attributes` field of an item: its named attributes. */
const attributesOf = <A extends z.ZodRawShape>(items: Items, shape: A) =>
  described(obj(shape), [
    `${items[0]}的属性。`,
    `${items[1]}的屬性。`,
    `Attributes of each of the ${items[2]}.`,
  ]);

const xy = z.tuple([z.number(), z.number()]);

/** One region or set of findings of an item, drawn over the photo: a polygon, or points. */
export const shape = obj({
  label: z.string(),
  polygon: z.array(xy).min(3).optional(),
  points: z.array(xy).optional(),
});

type ShapesField<S extends Doc | undefined> = S extends Doc ? { shapes: z.ZodArray<typeof shape> } : NoFields;

/**
 * attributes: every thing found with its box and a set of named attributes; display names of
 * coded values (`names`); and, when `shapes` describes them, the regions and findings of each item
 * (`shapes`: each a label with a polygon or points in pixels), drawn over the photo by the demo.
 */
export function attributes<
  L extends string,
  R extends string,
  C extends string,
  A extends z.ZodRawShape,
  S extends Doc | undefined = undefined,
>(spec: ListSpec<L, R, C> & { attributes: A; shapes?: S; names?: Record<string, Doc> }) {
  // Keys present only with their options: the shape is typed by hand, as spreads lose it.
  const fields = {
    attributes: attributesOf(spec.items, spec.attributes),
    ...(spec.shapes ? { shapes: described(z.array(shape), spec.shapes) } : {}),
  } as unknown as { attributes: ReturnType<typeof attributesOf<A>> } & ShapesField<S>;
  const answer = itemsAnswer({ ...spec, item: fields });
  return {
    kind: 'attributes',
    answer,
    view: {
      kind: 'attributes',
      list: spec.list,
      rectangle: spec.rectangle,
      attributes: 'attributes',
      ...nounOf(spec),
      ...(spec.shapes ? { shapes: 'shapes' } : {}),
      ...(spec.names ? { names: valueNames(spec.names) } : {}),
    } as KindView,
  } as const satisfies KindAnswer;
}

/**
 * image: a new image (the size of the input unless the capability enlarges it), as the answer's
 * `media_data`, and what was done.
 */
export function image<E extends z.ZodRawShape = NoFields>(spec: { extra?: E } = {}) {
  return {
    kind: 'image',
    answer: obj({ ...imageSize, ...((spec.extra ?? {}) as E) }),
    view: { kind: 'image' },
  } as const satisfies KindAnswer;
}

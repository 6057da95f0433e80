/**
 * Parameter pieces shared by the contracts: each checks a public parameter once, in the name the
 * client sends, and answers a message that names the rule (the gateway prefixes the parameter's
 * path: "parameter.max_face_num must be an integer from 1 to 100").
 *
 * Clients of this kind of platform send numbers as JSON numbers or numeric strings, and leave a
 * parameter out as absent, "" or null: all three mean "not given", and numeric strings count as
 * numbers. Anything else that does not fit is refused, never replaced by a default.
 */
import { z } from 'zod';
import { FACE_COUNT } from '../limits.ts';
import { described, i18n, type Doc } from './doc.ts';

const NUMBER = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const numeric = (v: unknown) => (typeof v === 'string' && NUMBER.test(v) ? Number(v) : blank(v));

interface Range<D> {
  min: number;
  max: number;
  default?: D;
}

/** A number in `range` (whole when `type` is integer), with its default if it has one. */
function ranged<D extends number | undefined>(type: 'integer' | 'number', range: Range<D>, text: Doc) {
  const error = `must be ${type === 'integer' ? 'an integer' : 'a number'} from ${range.min} to ${range.max}`;
  const number = z.number({ error });
  const base = (type === 'integer' ? number.int({ error }) : number)
    .min(range.min, { error })
    .max(range.max, { error });
  const schema = z.preprocess(
    numeric,
    (range.default !== undefined ? base.default(range.default) : base.optional()) as D extends number
      ? z.ZodDefault<typeof base>
      : z.ZodOptional<typeof base>,
  );
  return described(schema, text, {
    type,
    minimum: range.min,
    maximum: range.max,
    ...(range.default !== undefined ? { default: range.default } : {}),
  });
}

/** An integer from `min` to `max`. */
export const integer = <D extends number | undefined = undefined>(range: Range<D>, text: Doc) =>
  ranged('integer', range, text);

/** A number from `min` to `max`. */
export const number = <D extends number | undefined = undefined>(range: Range<D>, text: Doc) =>
  ranged('number', range, text);

/** A strength or amount from 0 (nothing) to 100 (the most): the demo offers a slider. */
export const strength = (fallback: number, text: Doc) =>
  number({ min: 0, max: 100, default: fallback }, text);

/**
 * One of `values`. A number is read as its decimal text (`106` is "106"); `caseInsensitive`
 * also takes any letter case and surrounding spaces; `switchLike` reads true and false (or their
 * text) as "1" and "0", for parameters that grew from a yes/no switch. `names` gives each value a
 * display name in three languages (`x-enum-names`) and `previews` a small picture of what it does
 * (`x-enum-previews`, a path under the website): the demo offers such a choice by name, with its
 * pictures when there are some.
 */
export function choice<const V extends readonly [string, ...string[]]>(
  values: V,
  options: {
    default?: V[number];
    caseInsensitive?: boolean;
    switchLike?: boolean;
    names?: Record<V[number], Doc>;
    previews?: Record<V[number], string>;
  },
  text: Doc,
) {
  const error = `must be one of ${values.join(', ')}`;
  const read = (v: unknown) => {
    const given = blank(v);
    if (options.switchLike && (given === true || given === 'true')) return '1';
    if (options.switchLike && (given === false || given === 'false')) return '0';
    if (typeof given === 'number') return String(given);
    if (typeof given === 'string' && options.caseInsensitive) return given.trim().toLowerCase();
    return given;
  };
  const base = z.enum(values, { error });
  const schema = z.preprocess(
    read,
    options.default !== undefined ? base.default(options.default as never) : base.optional(),
  );
  const names = options.names as Record<string, Doc> | undefined;
  return described(schema as z.ZodType<V[number] | undefined, unknown>, text, {
    type: 'string',
    enum: values,
    ...(options.default !== undefined ? { default: options.default } : {}),
    ...(names ? { 'x-enum-names': Object.fromEntries(values.map((v) => [v, i18n(names[v]!)])) } : {}),
    ...(options.previews ? { 'x-enum-previews': options.previews } : {}),
  });
}

/** A yes/no switch: 1, true, "1" or "true" turn it on; 0, false, "0" or "false" off. */
export function flag(fallback: boolean, text: Doc) {
  const error = 'must be 0 or 1';
  const read = (v: unknown) => {
    const given = blank(v);
    if (given === undefined) return fallback;
    if (given === true || given === 1 || given === '1' || given === 'true') return true;
    if (given === false || given === 0 || given === '0' || given === 'false') return false;
    return given;
  };
  return described(z.preprocess(read, z.boolean({ error })), text, {
    type: 'integer',
    enum: [0, 1],
    'x-default': fallback ? 1 : 0,
  });
}

const FACES_TEXT: Doc = [
  '最多返回的人脸数，按检测得分从高到低保留。',
  '最多返回的人臉數，依偵測得分由高到低保留。',
  'Most faces to return, the highest detector scores first.',
];
const FACES_RANGE = { min: FACE_COUNT.min, max: FACE_COUNT.max };

/** Faces returned or processed at most (`max_face_num`): default 20, at most 100. */
export const maxFaces = (text: Doc = FACES_TEXT) =>
  integer({ ...FACES_RANGE, default: FACE_COUNT.default }, text);

/**
 * `max_face_num` where an endpoint also reads an older name of it: both are optional, and the
 * binding applies the default after resolving the names. The docs show it as `x-default`: zod
 * leaves a `default` out of the JSON Schema of a field that has none of its own.
 */
export const maxFacesOptional = (text: Doc = FACES_TEXT) =>
  described(integer(FACES_RANGE, text), text, { 'x-default': FACE_COUNT.default });

/**
 * How an image-producing capability sends its images: `jpg` (the default) puts them in the answer
 * as base64, in their own format (JPEG photos, PNG masks); `url` sends short-lived links instead.
 * Every capability of an image-producing kind takes it; the demo does not offer it.
 */
export const rspMediaType = () =>
  described(
    choice(['jpg', 'url'], { default: 'jpg', caseInsensitive: true }, ['', '', '']),
    [
      'jpg（默认）：结果图以 base64 放在应答中（照片为 JPEG，掩码为 PNG），尺寸与原图相同（放大类接口除外：其应答写明结果尺寸）。url：改为结果图的短期链接（media_profiles.media_data_type 为 url），有效期 1 小时（RESULT_URL_TTL_SECONDS），到期时间见 media_profiles.expires_at，过期后返回 404 / 21017。',
      'jpg（預設）：結果圖以 base64 放在應答中（照片為 JPEG，遮罩為 PNG），尺寸與原圖相同（放大類介面除外：其應答寫明結果尺寸）。url：改為結果圖的短期連結（media_profiles.media_data_type 為 url），有效期 1 小時（RESULT_URL_TTL_SECONDS），到期時間見 media_profiles.expires_at，過期後回傳 404 / 21017。',
      'jpg (default): the result images come in the answer as base64, in their own format (JPEG photos, PNG masks), the size of the input (except where a capability enlarges the photo: its answer gives the result’s size). url: short-lived links to them instead (media_profiles.media_data_type is url), valid for one hour (RESULT_URL_TTL_SECONDS) until media_profiles.expires_at; after that they answer 404 / 21017.',
    ],
    { 'x-demo': false },
  );

/**
 * Where the options of a provided choice come from at run time: `source` names the provider the
 * server asks (the back office's materials of that type), `url` is the public list a client or the
 * web demo reads (`[{ value, name, preview }]`), and `pattern` the form of a provided value, so a
 * value of the wrong form is refused before the provider is asked.
 */
export interface OptionSource {
  source: string;
  url: string;
  pattern: RegExp;
  /** How the list is described to a person, in three languages (appended to the parameter's text). */
  note: Doc;
}

/** The `x-options` extension of a provided choice: what the server resolves and the demo lists. */
export interface ProvidedOptions {
  source: string;
  url: string;
  /** The options bundled with the platform (the seed of the provider's list). */
  bundled: string[];
  /** A comma-separated list of values (`materials`) rather than one. */
  list?: { max: number };
}

/**
 * A choice whose options come from a provider at run time (materials uploaded in the back office),
 * seeded with the bundled `values`: the contract checks the form (a bundled value, or one of
 * `from.pattern`), the server checks that the value is an enabled option of `from.source` before
 * any engine work (gateway/provided-choices.ts) and answers the same parameter error otherwise.
 * With `list` the parameter is 1 to `list.max` values separated by commas, each drawn once.
 * The JSON Schema says so (`x-options`: the source, its list URL, the bundled values) instead of
 * a fixed `enum`; names and pictures of the bundled values are given as for `choice`.
 */
export function providedChoice<const V extends readonly [string, ...string[]]>(
  from: OptionSource,
  values: V,
  options: {
    default?: V[number];
    list?: { max: number };
    names?: Record<V[number], Doc>;
    previews?: Record<V[number], string>;
  },
  text: Doc,
) {
  const known = (v: string) => (values as readonly string[]).includes(v) || from.pattern.test(v);
  const error = options.list
    ? `must list 1 to ${options.list.max} of ${values.join(', ')} or an enabled option of ${from.url}, separated by commas`
    : `must be one of ${values.join(', ')} or an enabled option of ${from.url}`;
  const read = (v: unknown) => {
    const given = blank(v);
    return typeof given === 'string' ? given.trim().toLowerCase() : given;
  };
  const max = options.list?.max ?? 1;
  const split = (s: string) => s.split(',').map((n) => n.trim());
  const base = options.list
    ? z
        .string({ error })
        .refine((s) => split(s).length <= max && split(s).every(known), { error })
        .transform((s) => [...new Set(split(s))].join(','))
    : z.string({ error }).refine(known, { error });
  const schema = z.preprocess(
    read,
    options.default !== undefined ? base.default(options.default as never) : base.optional(),
  );
  const names = options.names as Record<string, Doc> | undefined;
  const provided: ProvidedOptions = {
    source: from.source,
    url: from.url,
    bundled: [...values],
    ...(options.list ? { list: options.list } : {}),
  };
  const withNote: Doc = [
    `${text[0]}${from.note[0]}`,
    `${text[1]}${from.note[1]}`,
    `${text[2]} ${from.note[2]}`,
  ];
  return described(schema as z.ZodType<string | undefined, unknown>, withNote, {
    type: 'string',
    ...(options.default !== undefined ? { default: options.default } : {}),
    'x-options': provided,
    ...(names ? { 'x-enum-names': Object.fromEntries(values.map((v) => [v, i18n(names[v]!)])) } : {}),
    ...(options.previews ? { 'x-enum-previews': options.previews } : {}),
  });
}

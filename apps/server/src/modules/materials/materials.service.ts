/**
 * The materials store: the assets the generation and processing capabilities read, the bundled
 * ones (the seed: a capability contract's bundled options, with their names and pictures) and
 * those uploaded in the back office (bytes in the server's Storage). Capabilities see the enabled
 * ones, in order, through a provided choice (gateway/provided-choices.ts). `material` users and
 * admins manage every material; `material-outside` users only those they uploaded. Every write is
 * audited inside its transaction.
 */
import {
  canAccess,
  demoControls,
  emojMaterial,
  facefusion,
  filter,
  headReplace,
  IDPHOTO_SIZE_LIMITS,
  makeup,
  certificates,
  MATERIAL_FILES,
  MATERIAL_MAX_BYTES,
  MATERIAL_MAX_PIXELS,
  MATERIAL_MAX_SIDE,
  parseRoles,
  STICKER_ANCHOR_WIDTHS,
  STICKER_ANCHORS,
  STICKER_SCALE,
  type ApiCapability,
  type I18nText,
  type MaterialOption,
  type MaterialType,
  type MaterialView,
  type StickerAnchor,
} from '@pixora/catalog';
import {
  applyLut,
  checkMakeupLook,
  parseCube,
  probeImage,
  TaskParamsError,
  type ImageTaskResult,
  type MakeupLookParts,
} from '@pixora/vision';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MaterialsTable } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import type { Storage } from '../../platform/storage.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { imageSignature } from '../gateway/media.ts';

type Row = Selectable<MaterialsTable>;

/** Where storage keeps uploaded materials. */
const PREFIX = 'materials';

/**
 * The capability parameter each type's materials are the options of: its bundled options seed
 * the store, and its provided choice reads the enabled ones. Types not listed are stored, shown
 * and ordered here but not read by a capability.
 */
export const MATERIAL_READERS: Partial<
  Record<MaterialType, { capability: ApiCapability; parameter: string }>
> = {
  sticker: { capability: emojMaterial, parameter: 'material' },
  fusion_template: { capability: facefusion, parameter: 'template' },
  headreplace_template: { capability: headReplace, parameter: 'template' },
  filter_look: { capability: filter, parameter: 'filterType' },
  idphoto_size: { capability: certificates, parameter: 'spec' },
  makeup_look: { capability: makeup, parameter: 'look' },
};

/** An uploader, with the roles that decide what it sees. */
export interface MaterialActor extends Actor {
  role_permissions: string;
}

/** Whether `actor` sees every material (`material`, admins) or only its own (`material-outside`). */
const seesAll = (actor: MaterialActor) => canAccess(parseRoles(actor.role_permissions), ['material']);

export interface MaterialUpload {
  type: MaterialType;
  name: I18nText;
  file: Buffer | undefined;
  anchor?: StickerAnchor;
  scale?: number;
}

const PNG_COLOUR_WITH_ALPHA = new Set([4, 6]);

/**
 * Whether a PNG can be transparent: colour type 4 or 6 (grey or colour with alpha), or a `tRNS`
 * chunk (transparency of palette or single colour) before the image data (PNG specification,
 * sections 11.2.2 IHDR and 11.3.2.1 tRNS).
 */
export function pngHasAlpha(bytes: Buffer): boolean {
  if (bytes.length < 33) return false;
  if (PNG_COLOUR_WITH_ALPHA.has(bytes[25]!)) return true;
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

/** Size of a filter look's preview: a colour chart, the colours as they are above, the look below. */
const CHART = { width: 192, height: 96 } as const;

/**
 * The preview of a filter look: a chart of hues across (0..360 degrees) and lightness down
 * (0.85..0.15, HSL saturation 0.75), drawn twice: as it is in the top half, through the look's
 * table in the bottom half. A JPEG.
 */
async function lookPreview(lut: Parameters<typeof applyLut>[0]): Promise<Buffer> {
  const { width, height } = CHART;
  const half = height / 2;
  const chart = new Uint8Array(width * half * 3);
  const hsl = (h: number, s: number, l: number) => {
    const f = (n: number) => {
      const k = (n + h / 30) % 12;
      return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    };
    return [f(0), f(8), f(4)].map((v) => Math.round(v * 255));
  };
  for (let y = 0; y < half; y++)
    for (let x = 0; x < width; x++)
      chart.set(hsl((x / width) * 360, 0.75, 0.85 - (0.7 * y) / (half - 1)), 3 * (y * width + x));
  const pixels = Buffer.alloc(width * height * 3);
  pixels.set(chart, 0);
  pixels.set(applyLut(lut, chart), chart.length);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const view = (row: Row): MaterialView => {
  const settings = JSON.parse(row.settings) as MaterialView['settings'];
  return {
    id: row.id,
    type: row.type as MaterialType,
    value: row.value,
    name: JSON.parse(row.name_i18n) as I18nText,
    bundled: row.bundled === 1,
    enabled: row.enabled === 1,
    sort_order: row.sort_order,
    preview: row.preview ?? `/api/v1/materials/${row.id}/file`,
    width: row.width,
    height: row.height,
    size: row.size,
    settings,
    owner_id: row.owner_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
};

export class MaterialsService {
  private seeded: Promise<void> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly files: Storage,
  ) {}

  private get db() {
    return this.ctx.db.kysely;
  }

  /**
   * Seeds the store with the bundled options of every type a capability reads (once per process;
   * options already there are left as they are, so a disabled or moved one stays so).
   */
  seed(): Promise<void> {
    this.seeded ??= (async () => {
      const stamp = new Date().toISOString();
      for (const [type, reader] of Object.entries(MATERIAL_READERS)) {
        const control = demoControls(reader.capability.api).find((c) => c.name === reader.parameter);
        if (!control?.options) continue;
        const have = new Set(
          (await this.db.selectFrom('materials').select('value').where('type', '=', type).execute()).map(
            (r) => r.value,
          ),
        );
        let order = await this.nextOrder(type);
        for (const value of control.options.map(String)) {
          if (have.has(value)) continue;
          const name = control.optionNames?.[value] ?? { zh: value, zh_tw: value, en: value };
          await this.db
            .insertInto('materials')
            .values({
              type,
              value,
              name_i18n: JSON.stringify(name),
              bundled: 1,
              enabled: 1,
              sort_order: order++,
              storage_key: null,
              preview: control.optionPreviews?.[value] ?? null,
              format: null,
              width: null,
              height: null,
              size: null,
              settings: '{}',
              owner_id: null,
              created_at: stamp,
              updated_at: stamp,
            })
            // Another server process may seed at the same moment: the first one's row stays.
            .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
            .execute();
        }
      }
    })().catch((err: unknown) => {
      this.seeded = undefined;
      throw err;
    });
    return this.seeded;
  }

  private async nextOrder(type: string, db: Kysely<Database> | Transaction<Database> = this.db) {
    const row = await db
      .selectFrom('materials')
      .select((eb) => eb.fn.max('sort_order').as('top'))
      .where('type', '=', type)
      .executeTakeFirst();
    return Number(row?.top ?? 0) + 1;
  }

  /** The materials `actor` manages, of one type or all, in order. */
  async list(actor: MaterialActor, type?: MaterialType): Promise<MaterialView[]> {
    await this.seed();
    let query = this.db.selectFrom('materials').selectAll().orderBy('type').orderBy('sort_order');
    if (type) query = query.where('type', '=', type);
    if (!seesAll(actor)) query = query.where('owner_id', '=', actor.id);
    return (await query.execute()).map(view);
  }

  /** The enabled options of a type, in order, as a provided choice lists them. */
  async options(type: MaterialType): Promise<MaterialOption[]> {
    await this.seed();
    const rows = await this.db
      .selectFrom('materials')
      .selectAll()
      .where('type', '=', type)
      .where('enabled', '=', 1)
      .orderBy('sort_order')
      .execute();
    return rows.map((row) => {
      const v = view(row);
      return { value: v.value, name: v.name, preview: v.preview };
    });
  }

  /**
   * What the engine needs for an enabled option `value` of `type`: nothing more for a bundled one
   * (the engine has it), the file and settings of an uploaded one; undefined when there is no
   * such enabled option.
   */
  async resolve(
    type: MaterialType,
    value: string,
  ): Promise<
    | {
        bytes?: Uint8Array;
        anchor?: StickerAnchor;
        scale?: number;
        width?: number;
        height?: number;
        parts?: MakeupLookParts;
        head_ratio?: { min: number; max: number };
        eye_line?: { min: number; max: number };
        key?: string;
      }
    | undefined
  > {
    await this.seed();
    const row = await this.db
      .selectFrom('materials')
      .selectAll()
      .where('type', '=', type)
      .where('value', '=', value)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (!row) return undefined;
    if (!row.storage_key) return {};
    const settings = JSON.parse(row.settings) as {
      anchor?: StickerAnchor;
      scale?: number;
      cube?: string;
      width?: number;
      height?: number;
      parts?: MakeupLookParts;
      head_ratio?: { min: number; max: number };
      eye_line?: { min: number; max: number };
    };
    // An ID-photo size is its settings (width, height, head bounds): nothing to read from storage.
    if (type === 'idphoto_size') {
      const { width, height, head_ratio, eye_line } = settings;
      return { width, height, ...(head_ratio ? { head_ratio } : {}), ...(eye_line ? { eye_line } : {}) };
    }
    // A makeup look is its settings (the parts): its stored picture is the preview.
    if (type === 'makeup_look') return { parts: settings.parts };
    // A filter look's file for the engine is its .cube table; its stored picture is the preview.
    // Its key (id and update time) lets the engine parse the table once (vision parseCubeCached).
    const { cube, ...rest } = settings;
    const bytes = await this.files.get(cube ?? row.storage_key);
    if (!bytes) return undefined;
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      ...rest,
      ...(cube ? { key: `${row.id}@${row.updated_at}` } : {}),
    };
  }

  /** A material's file, for its preview: enabled ones for anyone, others for who manages them. */
  async file(id: number, actor: MaterialActor | undefined) {
    const row = await this.db.selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row?.storage_key) return undefined;
    if (row.enabled !== 1 && !(actor && (seesAll(actor) || row.owner_id === actor.id))) return undefined;
    const bytes = await this.files.get(row.storage_key);
    return bytes && { bytes, format: row.format ?? 'png' };
  }

  /**
   * Checks an upload from its bytes (the kind read from the signature, never the name; the size;
   * the picture's dimensions from its header, before any decoding) and stores it, enabled, last.
   */
  async create(actor: MaterialActor, upload: MaterialUpload): Promise<MaterialView> {
    await this.seed();
    const file = upload.file;
    if (!file || file.length === 0) throw new ApiError(10000, 'no file', { messageKey: 'materialFileKind' });
    if (file.length > MATERIAL_MAX_BYTES)
      throw new ApiError(20015, `at most ${MATERIAL_MAX_BYTES} bytes`, { messageKey: 'materialTooLarge' });
    const wants = MATERIAL_FILES[upload.type];
    if (wants === 'cube') return this.createLook(actor, upload, file);
    if (wants === 'size-json') return this.createSize(actor, upload, file);
    if (wants === 'makeup-json') return this.createMakeupLook(actor, upload, file);
    const kind = imageSignature(file);
    if (wants === 'png-alpha' ? kind !== 'png' || !pngHasAlpha(file) : !kind || kind === 'gif')
      throw new ApiError(
        20009,
        wants === 'png-alpha' ? 'a sticker is a PNG with alpha' : 'JPEG, PNG or WebP',
        {
          messageKey: 'materialFileKind',
        },
      );
    const probe = await probeImage(file, {
      maxBytes: MATERIAL_MAX_BYTES,
      maxPixels: Number.MAX_SAFE_INTEGER,
      maxSide: Number.MAX_SAFE_INTEGER,
      formats: ['jpeg', 'png', 'webp'],
    }).catch(() => {
      throw new ApiError(20009, 'unreadable picture', { messageKey: 'materialFileKind' });
    });
    if (
      probe.width > MATERIAL_MAX_SIDE ||
      probe.height > MATERIAL_MAX_SIDE ||
      probe.width * probe.height > MATERIAL_MAX_PIXELS
    )
      throw new ApiError(20013, `${probe.width}x${probe.height}`, { messageKey: 'materialTooManyPixels' });
    const settings =
      upload.type === 'sticker'
        ? {
            anchor: upload.anchor ?? 'eyes',
            scale: upload.scale ?? STICKER_ANCHOR_WIDTHS[upload.anchor ?? 'eyes'],
          }
        : {};
    const format = kind === 'jpeg' ? 'jpg' : kind!;
    const key = await this.files.put(PREFIX, format, file);
    return this.store(
      actor,
      upload,
      { key, format, width: probe.width, height: probe.height, size: file.length },
      settings,
    );
  }

  /**
   * A filter look: a .cube file read and checked whole (vision's parseCube: size, line count,
   * values); stored with a preview drawn through it (lookPreview), which is the material's picture.
   */
  private async createLook(
    actor: MaterialActor,
    upload: MaterialUpload,
    file: Buffer,
  ): Promise<MaterialView> {
    let look: ReturnType<typeof parseCube>;
    try {
      look = parseCube(file);
    } catch (err) {
      if (!(err instanceof TaskParamsError)) throw err;
      throw new ApiError(20009, err.message, { messageKey: 'materialCubeInvalid' });
    }
    const cube = await this.files.put(PREFIX, 'cube', file);
    const preview = await lookPreview(look.lut);
    const key = await this.files.put(PREFIX, 'jpg', preview);
    return this.store(
      actor,
      upload,
      { key, format: 'jpg', width: CHART.width, height: CHART.height, size: file.length },
      { cube, lut_size: look.size },
    );
  }

  /**
   * An ID-photo size: a JSON object `{ "width": px, "height": px }` (integers within
   * IDPHOTO_SIZE_LIMITS, width / height in its aspect band), with optional head bounds
   * `head_ratio` and `eye_line` (`{ min, max }` within theirs); its preview is the frame drawn at
   * that aspect with the head at the middle of its bounds (66 % of the height without), crown 8 % down.
   */
  private async createSize(
    actor: MaterialActor,
    upload: MaterialUpload,
    file: Buffer,
  ): Promise<MaterialView> {
    const refuse = (why: string) => new ApiError(20009, why, { messageKey: 'materialSizeInvalid' });
    let size: unknown;
    try {
      size = JSON.parse(file.toString('utf8'));
    } catch {
      throw refuse('not JSON');
    }
    const { width, height } = (size ?? {}) as { width?: unknown; height?: unknown };
    const within = (v: unknown, r: { min: number; max: number }) =>
      Number.isInteger(v) && (v as number) >= r.min && (v as number) <= r.max;
    if (typeof size !== 'object' || Array.isArray(size) || size === null)
      throw refuse('a JSON object { "width", "height" }');
    if (!within(width, IDPHOTO_SIZE_LIMITS.width) || !within(height, IDPHOTO_SIZE_LIMITS.height))
      throw refuse('width 100..1200 and height 100..1600 px, integers');
    const aspect = (width as number) / (height as number);
    if (aspect < IDPHOTO_SIZE_LIMITS.aspect.min || aspect > IDPHOTO_SIZE_LIMITS.aspect.max)
      throw refuse('width / height from 0.5 to 1');
    const bounds: Record<string, { min: number; max: number }> = {};
    for (const key of ['head_ratio', 'eye_line'] as const) {
      const given = (size as Record<string, unknown>)[key];
      if (given === undefined) continue;
      const { min, max } = (given ?? {}) as { min?: unknown; max?: unknown };
      const limits = IDPHOTO_SIZE_LIMITS[key];
      const inside = (v: unknown): v is number => typeof v === 'number' && v >= limits.min && v <= limits.max;
      if (!inside(min) || !inside(max) || !(min < max))
        throw refuse(`${key} is { "min", "max" } from ${limits.min} to ${limits.max}, min below max`);
      bounds[key] = { min, max };
    }
    const extra = Object.keys(size).filter((k) => !['width', 'height', 'head_ratio', 'eye_line'].includes(k));
    if (extra.length > 0) throw refuse(`unknown fields ${extra.join(', ')}`);
    const h = 120;
    const w = Math.round(h * aspect);
    // The head drawn at the middle of its bounds (the studio rule's 0.66 without them).
    const headShare = bounds.head_ratio ? (bounds.head_ratio.min + bounds.head_ratio.max) / 2 : 0.66;
    const head = { top: 0.08 * h, height: headShare * h, width: headShare * h * 0.72 };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#438edb"/><ellipse cx="${w / 2}" cy="${head.top + head.height / 2}" rx="${head.width / 2}" ry="${head.height / 2}" fill="#f1d4bd"/><rect x="${w * 0.1}" y="${head.top + head.height * 0.93}" width="${w * 0.8}" height="${h}" rx="${w * 0.2}" fill="#333"/></svg>`;
    const preview = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    const key = await this.files.put(PREFIX, 'jpg', preview);
    return this.store(
      actor,
      upload,
      { key, format: 'jpg', width: w, height: h, size: file.length },
      { width: width as number, height: height as number, ...bounds },
    );
  }

  /**
   * A makeup look: a JSON object of the five parts v3/makeup paints, checked whole by the engine's
   * own rule (vision checkMakeupLook); stored with its parts as settings and a preview drawn
   * through it (makeupPreview).
   */
  private async createMakeupLook(
    actor: MaterialActor,
    upload: MaterialUpload,
    file: Buffer,
  ): Promise<MaterialView> {
    let parts: MakeupLookParts;
    try {
      parts = checkMakeupLook(JSON.parse(file.toString('utf8')));
    } catch (err) {
      if (!(err instanceof TaskParamsError) && !(err instanceof SyntaxError)) throw err;
      const why = err instanceof SyntaxError ? 'not JSON' : err.message;
      throw new ApiError(20009, why, { messageKey: 'materialMakeupInvalid' });
    }
    const preview = await this.makeupPreview(parts);
    const key = await this.files.put(PREFIX, preview.format, preview.bytes);
    return this.store(
      actor,
      upload,
      { key, format: preview.format, width: preview.width, height: preview.height, size: file.length },
      { parts },
    );
  }

  /**
   * The preview of a makeup look: v3/makeup's sample portrait (its contract's first sample, in the
   * web build's samples) made up with the look's colours and strengths by the engine, at most
   * 480 px; without the sample or a face in it (a server without the web build), a swatch of the
   * five colours, each as wide as its strength.
   */
  private async makeupPreview(
    parts: MakeupLookParts,
  ): Promise<{ bytes: Buffer; format: 'jpg'; width: number; height: number }> {
    const sample = makeup.api.samples[0];
    const portrait = sample
      ? await fs.readFile(path.join(this.ctx.config.WEB_DIST, 'samples', sample)).catch(() => undefined)
      : undefined;
    if (portrait) {
      const params: Record<string, unknown> = { look: 'natural', maxFaceNum: 1 };
      for (const [part, paint] of Object.entries(parts)) {
        params[part] = paint.strength;
        params[`${part}Color`] = paint.color;
      }
      const made = await this.ctx.backend
        .run<ImageTaskResult<{ face_num: number }>>('makeup', { image: portrait, params })
        .catch(() => undefined);
      if (made && made.answer.face_num > 0) {
        const { data, info } = await sharp(made.images.media_data.bytes)
          .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 88 })
          .toBuffer({ resolveWithObject: true });
        return { bytes: data, format: 'jpg', width: info.width, height: info.height };
      }
    }
    const { width, height } = CHART;
    const row = height / 5;
    const bars = Object.entries(parts)
      .map(
        ([, paint], i) =>
          `<rect y="${i * row}" width="${Math.max(1, (width * paint.strength) / 100)}" height="${row}" fill="${paint.color}"/>`,
      )
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#f4f4f4"/>${bars}</svg>`;
    const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    return { bytes, format: 'jpg', width, height };
  }

  /** Stores an upload's row, enabled, last of its type, valued `m<id>`; audited. */
  private store(
    actor: MaterialActor,
    upload: MaterialUpload,
    file: { key: string; format: string; width: number; height: number; size: number },
    settings: Record<string, unknown>,
  ): Promise<MaterialView> {
    const { key, format } = file;
    const stamp = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const order = await this.nextOrder(upload.type, trx);
      const { id } = await trx
        .insertInto('materials')
        .values({
          type: upload.type,
          value: `pending-${key}`,
          name_i18n: JSON.stringify(upload.name),
          bundled: 0,
          enabled: 1,
          sort_order: order,
          storage_key: key,
          preview: null,
          format,
          width: file.width,
          height: file.height,
          size: file.size,
          settings: JSON.stringify(settings),
          owner_id: actor.id,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // An upload's value is `m<id>`: the form providedChoice expects of a provided value.
      await trx
        .updateTable('materials')
        .set({ value: `m${id}` })
        .where('id', '=', id)
        .execute();
      const row = await trx
        .selectFrom('materials')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const created = view(row);
      await recordAudit(trx, actor, {
        action: 'material.create',
        targetType: 'material',
        targetId: id,
        after: created,
      });
      return created;
    });
  }

  /** The row `actor` may manage, or 404 (another's material is not shown to material-outside). */
  private async managed(actor: MaterialActor, id: number): Promise<Row> {
    const row = await this.db.selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row || (!seesAll(actor) && row.owner_id !== actor.id)) throw new ApiError(21017, `material ${id}`);
    return row;
  }

  /** Enables or disables, renames, re-anchors a material. */
  async update(
    actor: MaterialActor,
    id: number,
    patch: { enabled?: boolean; name?: Partial<I18nText>; anchor?: StickerAnchor; scale?: number },
  ): Promise<MaterialView> {
    await this.seed();
    const row = await this.managed(actor, id);
    const before = view(row);
    if ((patch.anchor !== undefined || patch.scale !== undefined) && row.type !== 'sticker')
      throw new ApiError(10000, 'anchor and scale are a sticker’s');
    if ((patch.anchor !== undefined || patch.scale !== undefined) && row.bundled === 1)
      throw new ApiError(10000, 'a bundled sticker keeps its own anchor');
    const settings = { ...before.settings };
    if (patch.anchor !== undefined) settings.anchor = patch.anchor;
    if (patch.scale !== undefined) settings.scale = patch.scale;
    const name = { ...before.name, ...patch.name };
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('materials')
        .set({
          ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
          name_i18n: JSON.stringify(name),
          settings: JSON.stringify(settings),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      const after = view(
        await trx.selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      );
      await recordAudit(trx, actor, {
        action: 'material.update',
        targetType: 'material',
        targetId: id,
        before,
        after,
      });
      return after;
    });
  }

  /**
   * Moves a material one place up or down among those of its type that `actor` sees (swapping
   * places with that neighbour).
   */
  async move(actor: MaterialActor, id: number, direction: 'up' | 'down'): Promise<MaterialView[]> {
    await this.seed();
    const row = await this.managed(actor, id);
    let query = this.db
      .selectFrom('materials')
      .selectAll()
      .where('type', '=', row.type)
      .where('sort_order', direction === 'up' ? '<' : '>', row.sort_order)
      .orderBy('sort_order', direction === 'up' ? 'desc' : 'asc')
      .limit(1);
    if (!seesAll(actor)) query = query.where('owner_id', '=', actor.id);
    const neighbour = await query.executeTakeFirst();
    if (neighbour)
      await this.db.transaction().execute(async (trx) => {
        const stamp = new Date().toISOString();
        await trx
          .updateTable('materials')
          .set({ sort_order: neighbour.sort_order, updated_at: stamp })
          .where('id', '=', row.id)
          .execute();
        await trx
          .updateTable('materials')
          .set({ sort_order: row.sort_order, updated_at: stamp })
          .where('id', '=', neighbour.id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'material.move',
          targetType: 'material',
          targetId: id,
          before: { sort_order: row.sort_order, swapped_with: neighbour.id },
          after: { sort_order: neighbour.sort_order, direction },
        });
      });
    return this.list(actor, row.type as MaterialType);
  }

  /** Deletes an uploaded material (bundled ones are disabled instead); its file goes with it. */
  async remove(actor: MaterialActor, id: number): Promise<void> {
    const row = await this.managed(actor, id);
    if (row.bundled === 1) throw new ApiError(10000, 'a bundled material is disabled, not deleted');
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('materials').where('id', '=', id).execute();
      await recordAudit(trx, actor, {
        action: 'material.delete',
        targetType: 'material',
        targetId: id,
        before: view(row),
      });
    });
  }
}

export { STICKER_ANCHORS, STICKER_SCALE };

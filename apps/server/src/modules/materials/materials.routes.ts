import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  MATERIAL_TYPES,
  materialList,
  materialMove,
  materialOptions,
  materialPatch,
  materialQuery,
  materialView,
  STICKER_ANCHORS,
  STICKER_SCALE,
  type MaterialType,
} from '@pixora/catalog';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { requestLanguage, translate } from '../../platform/messages.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AccountService } from '../account/account.service.ts';
import { requireRoles, sessionToken } from '../account/auth.ts';
import { registerChoiceProvider } from '../gateway/provided-choices.ts';
import { MATERIAL_READERS, MaterialsService } from './materials.service.ts';

/** Who manages materials: `material` users and admins all of them, `material-outside` users their own. */
export const MATERIAL_ROLES = ['material', 'material-outside'] as const;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const optionsQuery = z.object({ type: z.enum(MATERIAL_TYPES) });

/** The fields of an upload (multipart form data: the fields and one file). */
const uploadFields = z.object({
  type: z.enum(MATERIAL_TYPES),
  name_zh: z.string().trim().min(1).max(40),
  name_zh_tw: z.string().trim().min(1).max(40),
  name_en: z.string().trim().min(1).max(60),
  anchor: z.enum(STICKER_ANCHORS).optional(),
  scale: z.coerce.number().min(STICKER_SCALE.min).max(STICKER_SCALE.max).optional(),
});

/**
 * The materials: `GET /api/v1/materials?type=` lists a type's enabled options for anyone (the list
 * a provided choice points to); `GET /api/v1/materials/:id/file` is an uploaded one's picture.
 * The back office (`/api/v1/admin/materials`, MATERIAL_ROLES and admins) lists, uploads, changes,
 * moves and deletes them. Registers the store as the provider of the choices that read it.
 */
export const materialRoutes =
  (ctx: AppContext, accounts: AccountService, files: Storage): FastifyPluginAsyncZod =>
  async (app) => {
    const materials = new MaterialsService(ctx, files);
    for (const type of Object.keys(MATERIAL_READERS) as MaterialType[])
      registerChoiceProvider(ctx, type, {
        resolve: async (value) => {
          const found = await materials.resolve(type, value);
          if (!found) return undefined;
          if (type === 'sticker')
            return { ...(found.bytes ? { png: found.bytes } : {}), anchor: found.anchor, scale: found.scale };
          if (type === 'filter_look')
            return found.bytes ? { cube: found.bytes, ...(found.key ? { cubeKey: found.key } : {}) } : {};
          if (type === 'idphoto_size') {
            const { width, height, head_ratio, eye_line } = found;
            return { width, height, head_ratio, eye_line };
          }
          if (type === 'makeup_look') return found.parts ? { parts: found.parts } : {};
          return { ...(found.bytes ? { image: found.bytes } : {}) };
        },
      });
    const ok = (request: Parameters<typeof requestLanguage>[0]) => translate('ok', requestLanguage(request));

    app.get(
      '/api/v1/materials',
      {
        schema: {
          tags: ['materials'],
          summary:
            'The enabled options of a type of material, in order: the values a capability’s provided choice accepts',
          querystring: optionsQuery,
          response: { 200: envelope(materialOptions) },
        },
      },
      async (request) => ({
        code: 0 as const,
        message: ok(request),
        data: { options: await materials.options(request.query.type) },
      }),
    );

    app.get(
      '/api/v1/materials/:id/file',
      { schema: { tags: ['materials'], summary: 'An uploaded material’s picture', params: idParams } },
      async (request, reply) => {
        const user = await accounts.userForToken(sessionToken(request));
        const file = await materials.file(request.params.id, user ?? undefined);
        if (!file) throw new ApiError(21017, `material ${request.params.id}`);
        return reply
          .type(file.format === 'jpg' ? 'image/jpeg' : `image/${file.format}`)
          .header('cache-control', 'private, max-age=60')
          .send(file.bytes);
      },
    );

    app.get(
      '/api/v1/admin/materials',
      {
        schema: {
          tags: ['admin'],
          summary: 'The materials the user manages (material, material-outside: their own; admin)',
          querystring: materialQuery,
          response: { 200: envelope(materialList) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MATERIAL_ROLES);
        return {
          code: 0 as const,
          message: ok(request),
          data: { materials: await materials.list(actor, request.query.type) },
        };
      },
    );

    app.post(
      '/api/v1/admin/materials',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Upload a material (multipart: type, name_zh, name_zh_tw, name_en, a sticker’s anchor and scale, file)',
          response: { 200: envelope(materialView) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MATERIAL_ROLES);
        const body = (request.body ?? {}) as Record<string, unknown>;
        const fields = uploadFields.safeParse(
          Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')),
        );
        if (!fields.success) throw new ApiError(10000, z.prettifyError(fields.error));
        const file = Object.values(body).find((v): v is Buffer => Buffer.isBuffer(v));
        const f = fields.data;
        const created = await materials.create(actor, {
          type: f.type,
          name: { zh: f.name_zh, zh_tw: f.name_zh_tw, en: f.name_en },
          file,
          ...(f.anchor ? { anchor: f.anchor } : {}),
          ...(f.scale !== undefined ? { scale: f.scale } : {}),
        });
        return { code: 0 as const, message: ok(request), data: created };
      },
    );

    app.patch(
      '/api/v1/admin/materials/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Enable or disable, rename or re-anchor a material',
          params: idParams,
          body: materialPatch,
          response: { 200: envelope(materialView) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MATERIAL_ROLES);
        const { enabled, name, anchor, scale } = request.body;
        const updated = await materials.update(actor, request.params.id, {
          ...(enabled !== undefined ? { enabled } : {}),
          ...(name ? { name } : {}),
          ...(anchor ? { anchor } : {}),
          ...(scale !== undefined ? { scale } : {}),
        });
        return { code: 0 as const, message: ok(request), data: updated };
      },
    );

    app.post(
      '/api/v1/admin/materials/:id/move',
      {
        schema: {
          tags: ['admin'],
          summary: 'Move a material one place up or down in its type’s order',
          params: idParams,
          body: materialMove,
          response: { 200: envelope(materialList) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MATERIAL_ROLES);
        const list = await materials.move(actor, request.params.id, request.body.direction);
        return { code: 0 as const, message: ok(request), data: { materials: list } };
      },
    );

    app.delete(
      '/api/v1/admin/materials/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete an uploaded material',
          params: idParams,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const actor = await requireRoles(accounts, request, MATERIAL_ROLES);
        await materials.remove(actor, request.params.id);
        return { code: 0 as const, message: ok(request), data: null };
      },
    );
  };

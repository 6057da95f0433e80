import type { Envelope, MaterialType, MaterialView, StickerAnchor } from '@pixora/catalog';
import { request } from './http.ts';

export type { MaterialView } from '@pixora/catalog';

/** What an upload sends: the type, the name in three languages, a sticker's anchor and width, the file. */
export interface MaterialUploadInput {
  type: MaterialType;
  name: { zh: string; zh_tw: string; en: string };
  anchor?: StickerAnchor;
  scale?: number;
  file: File;
}

/** The back office's materials (apps/server/src/modules/materials). */
export const materialsApi = {
  list: (type: MaterialType) =>
    request<Envelope<{ materials: MaterialView[] }>>('/api/v1/admin/materials', { query: { type } }).then(
      (answer) => answer.data.materials,
    ),
  upload: (input: MaterialUploadInput) => {
    const form = new FormData();
    form.append('type', input.type);
    form.append('name_zh', input.name.zh);
    form.append('name_zh_tw', input.name.zh_tw);
    form.append('name_en', input.name.en);
    if (input.anchor) form.append('anchor', input.anchor);
    if (input.scale !== undefined) form.append('scale', String(input.scale));
    form.append('file', input.file, input.file.name);
    return request<Envelope<MaterialView>>('/api/v1/admin/materials', { body: form }).then((a) => a.data);
  },
  setEnabled: (id: number, enabled: boolean) =>
    request<Envelope<MaterialView>>(`/api/v1/admin/materials/${id}`, { method: 'PATCH', body: { enabled } }),
  move: (id: number, direction: 'up' | 'down') =>
    request<Envelope<{ materials: MaterialView[] }>>(`/api/v1/admin/materials/${id}/move`, {
      body: { direction },
    }),
  remove: (id: number) => request<Envelope<null>>(`/api/v1/admin/materials/${id}`, { method: 'DELETE' }),
};

import type {
  AuditEntry,
  ContentForEditor,
  DocDraftInput,
  DocForEditor,
  DocListRow,
  Envelope,
  MenuAnswer,
  MenuChange,
  MenuOrder,
} from '@pixora/catalog';
import { request } from './http.ts';

const data = <T>(answer: Envelope<T>) => answer.data;

/** The back office's editors (apps/server/src/modules/menu/menu-editor.routes.ts, content/editor.routes.ts). */
export const editorApi = {
  menus: () => request<Envelope<MenuAnswer>>('/api/v1/admin/menus').then((a) => a.data.data),
  changeMenu: (id: number, change: MenuChange) =>
    request<Envelope<unknown>>(`/api/v1/admin/menus/${id}`, { method: 'PATCH', body: change }),
  orderMenu: (order: MenuOrder) =>
    request<Envelope<unknown>>('/api/v1/admin/menus/order', { method: 'PUT', body: order }),
  menuAudit: () =>
    request<Envelope<{ entries: AuditEntry[] }>>('/api/v1/admin/menus/audit').then((a) => a.data.entries),
  undoMenu: (auditId: number) =>
    request<Envelope<unknown>>(`/api/v1/admin/menus/undo/${auditId}`, { method: 'POST', body: {} }),

  docs: () => request<Envelope<{ docs: DocListRow[] }>>('/api/v1/admin/docs').then((a) => a.data.docs),
  doc: (id: number) => request<Envelope<DocForEditor>>(`/api/v1/admin/docs/${id}`).then(data),
  saveDraft: (id: number, draft: DocDraftInput) =>
    request<Envelope<{ broken_links: number[] }>>(`/api/v1/admin/docs/${id}/draft`, {
      method: 'PUT',
      body: draft,
    }).then(data),
  publishDoc: (id: number, lang: string) =>
    request<Envelope<unknown>>(`/api/v1/admin/docs/${id}/publish`, { method: 'POST', body: { lang } }),
  restoreDoc: (id: number, versionId: number) =>
    request<Envelope<unknown>>(`/api/v1/admin/docs/${id}/restore`, {
      method: 'POST',
      body: { version_id: versionId },
    }),

  contentOverview: () =>
    request<Envelope<{ names: string[]; measured: Record<string, unknown> | null }>>(
      '/api/v1/admin/content',
    ).then(data),
  content: (name: string) => request<Envelope<ContentForEditor>>(`/api/v1/admin/content/${name}`).then(data),
  saveContent: (name: string, value: unknown) =>
    request<Envelope<null>>(`/api/v1/admin/content/${name}`, { method: 'PUT', body: { value } }),
  previewContent: (name: string, value: unknown, lang: string) =>
    request<Envelope<unknown>>(`/api/v1/admin/content/${name}/preview`, { body: { value, lang } }).then(data),
  restoreContent: (name: string, versionId: number) =>
    request<Envelope<null>>(`/api/v1/admin/content/${name}/restore`, {
      method: 'POST',
      body: { version_id: versionId },
    }),
};

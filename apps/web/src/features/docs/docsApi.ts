import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/http.ts';
import type { Language } from '../../i18n/language.ts';

/** A node of the documentation tree (GET api/v1/doc/). */
export interface DocNode {
  Id: number;
  PId: number;
  Title: string;
  Children: DocNode[];
}

/** One document (GET api/v1/doc/{id}); `Content` is markdown. */
export interface DocContent {
  Id: number;
  PId: number;
  Title: string;
  Content: string;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export async function fetchDocTree(language: Language): Promise<DocNode[]> {
  const response = await request<Envelope<{ data: DocNode[] }>>('/api/v1/doc/', {
    query: { lang: language },
  });
  return response.data?.data ?? [];
}

export async function fetchDoc(id: number, language: Language): Promise<DocContent> {
  const response = await request<Envelope<DocContent>>(`/api/v1/doc/${id}`, { query: { lang: language } });
  return response.data;
}

export function useDocTree(language: Language) {
  return useQuery({
    queryKey: ['docTree', language],
    queryFn: () => fetchDocTree(language),
    staleTime: 5 * 60_000,
  });
}

export function useDoc(id: number | null, language: Language) {
  return useQuery({
    queryKey: ['doc', id, language],
    queryFn: () => fetchDoc(id!, language),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}

/** Every node in reading order (depth first). */
export function flattenTree(nodes: readonly DocNode[]): DocNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.Children)]);
}

/** The ids from the root down to `id` (inclusive), or an empty list when `id` is not in the tree. */
export function pathTo(nodes: readonly DocNode[], id: number): DocNode[] {
  for (const node of nodes) {
    if (node.Id === id) return [node];
    const below = pathTo(node.Children, id);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

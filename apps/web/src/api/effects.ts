import type { Envelope } from './account.ts';
import { request } from './http.ts';

/** A capability's examples as `GET /api/v1/effect/byAlgorithm` answers them. */
export interface EffectView {
  id: number;
  status: 'ready' | 'pending' | 'none';
  effects: Array<{ before: string; after: string }>;
}

export const fetchEffects = (id: number) =>
  request<Envelope<EffectView>>('/api/v1/effect/byAlgorithm', { query: { id } }).then((a) => a.data);

/** The query of a capability's examples, shared by its page and its home card. */
export const effectsQuery = (id: number) => ({
  queryKey: ['effects', id] as const,
  queryFn: () => fetchEffects(id),
  staleTime: 5 * 60_000,
});

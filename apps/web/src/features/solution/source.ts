/** The `source` of a visit opened inside the mini-program. */
export const MINIPROGRAM_SOURCE = 'miniprogram';

/**
 * A link of a page opened with `source=miniprogram`: internal addresses carry the source on, so
 * that the next page still knows it runs inside the mini-program. Other links are unchanged.
 */
export function withSource(url: string, source: string | null): string {
  if (source !== MINIPROGRAM_SOURCE || !url.startsWith('/') || url.startsWith('//')) return url;
  const [beforeHash = '', hash] = url.split('#', 2);
  const [path = '', query = ''] = beforeHash.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('source', MINIPROGRAM_SOURCE);
  return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}

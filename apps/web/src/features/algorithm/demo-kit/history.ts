import type { ImageSource } from './imageSource.ts';
import { sameSource } from './imageSource.ts';

/** The demo remembers the last six images analysed. */
export const HISTORY_SIZE = 6;

export interface HistoryItem {
  source: ImageSource;
  time: number;
}

export const historyKey = (endpoint: string) => `pixora.demoHistory.${endpoint}`;

function isSource(value: unknown): value is ImageSource {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    (record.kind === 'data' && typeof record.dataUrl === 'string') ||
    (record.kind === 'url' && typeof record.url === 'string') ||
    (record.kind === 'sample' && typeof record.path === 'string')
  );
}

export function loadHistory(endpoint: string, storage: Storage = localStorage): HistoryItem[] {
  try {
    const parsed = JSON.parse(storage.getItem(historyKey(endpoint)) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (item): item is HistoryItem =>
          isSource((item as HistoryItem)?.source) && typeof item.time === 'number',
      )
      .slice(0, HISTORY_SIZE);
  } catch {
    return [];
  }
}

/** Puts `source` first, drops an older copy of it, keeps six; drops the oldest further if storage is full. */
export function addToHistory(
  endpoint: string,
  source: ImageSource,
  now = Date.now(),
  storage: Storage = localStorage,
): HistoryItem[] {
  let items = [
    { source, time: now },
    ...loadHistory(endpoint, storage).filter((item) => !sameSource(item.source, source)),
  ].slice(0, HISTORY_SIZE);
  while (items.length > 0) {
    try {
      storage.setItem(historyKey(endpoint), JSON.stringify(items));
      return items;
    } catch {
      items = items.slice(0, -1);
    }
  }
  storage.removeItem(historyKey(endpoint));
  return [];
}

export function clearHistory(endpoint: string, storage: Storage = localStorage): void {
  storage.removeItem(historyKey(endpoint));
}

export type Messages = Record<string, unknown>;

/**
 * Messages are kept as one file per top-level namespace and language
 * (`locales/<language>/<namespace>.json`), so that features own their strings without sharing a
 * file. This merges one language's files, keyed by path, into `{ namespace: messages }`.
 */
export function mergeNamespaces(files: Record<string, Messages>): Messages {
  const out: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    const namespace = /([^/]+)\.json$/.exec(file)?.[1];
    if (namespace) out[namespace] = messages;
  }
  return out;
}

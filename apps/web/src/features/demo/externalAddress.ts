/** The `src` query of /demo when it is a well-formed http(s) address, else null. */
export function safeExternalAddress(src: string | null): string | null {
  if (!src) return null;
  try {
    const url = new URL(src);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

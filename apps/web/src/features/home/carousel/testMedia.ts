/**
 * Test helper: replaces window.matchMedia so that only the given queries match. The returned
 * function switches a query on or off later and tells the listeners, as a resize would.
 */
export function mediaMatching(...matching: string[]) {
  const active = new Set(matching);
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return active.has(query);
      },
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return (query: string, on: boolean) => {
    if (on) active.add(query);
    else active.delete(query);
    listeners.forEach((listener) => listener());
  };
}

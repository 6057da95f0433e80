import { capabilities, type Capability } from '@pixora/catalog';

// An app's scopes, as the apps table stores them: the capabilities its key may call. The console
// grants and revokes them; the gateway checks them on every call.

/** Capabilities an app can apply for: every catalogue entry with a gateway endpoint. */
export const apiCapabilities: readonly Capability[] = capabilities.filter((c) => c.endpoint);

/** Stored scopes that grant every capability: those of the demo app of the configuration. */
export const EVERY_CAPABILITY = '*';

const isEveryCapability = (text: string) => text.trim() === EVERY_CAPABILITY;

/** A comma-separated id list as stored; EVERY_CAPABILITY lists every capability with an API. */
export function parseScopes(text: string): number[] {
  if (isEveryCapability(text)) return apiCapabilities.map((c) => c.id);
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}

export const formatScopes = (ids: Iterable<number>): string =>
  [...new Set(ids)].sort((a, b) => a - b).join(',');

/**
 * Whether stored scopes let an app call capability `id`: an id in the list, or EVERY_CAPABILITY,
 * which grants any capability the gateway serves, also one without a catalogue API entry.
 */
export const grantsCapability = (scopesText: string, id: number): boolean =>
  isEveryCapability(scopesText) || parseScopes(scopesText).includes(id);

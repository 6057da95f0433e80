import { capabilities, type Capability } from '@pixora/catalog';
import { isServed } from '../gateway/bindings.ts';

// The rules the web forms check too (quotas, SDK modules, name, phone and package patterns) are
// in @pixora/catalog (console-rules.ts); these are the server's own.

/** SDK licence requests one account may send per day. */
export const SDK_REQUESTS_PER_DAY = 10;

/** Roles that review applications (spec point 6: admin sees everything; business reviews). */
export const REVIEWER_ROLES = ['admin', 'business'] as const;

/** Capabilities an app can apply for: every catalogue entry with a gateway endpoint. */
export const apiCapabilities: readonly Capability[] = capabilities.filter((c) => c.endpoint);
const byId = new Map(apiCapabilities.map((c) => [c.id, c]));

export const apiCapability = (id: number): Capability | undefined => byId.get(id);

/** Granted at once: the capabilities this build serves (those with a binding). Others wait for review. */
export const grantedAtOnce = (id: number): boolean => byId.has(id) && isServed(id);

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

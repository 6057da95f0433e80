import type { Capability } from '@pixora/catalog';
import { apiCapabilities } from '../apps/scopes.ts';
import { isServed } from '../gateway/bindings.ts';

// The rules the web forms check too (quotas, SDK modules, name, phone and package patterns) are
// in @pixora/catalog (console-rules.ts); an app's scopes are in modules/apps/scopes.ts; these are
// the console's own.

/** SDK licence requests one account may send per day. */
export const SDK_REQUESTS_PER_DAY = 10;

/** Roles that review applications: admin sees everything; business reviews. */
export const REVIEWER_ROLES = ['admin', 'business'] as const;

const byId = new Map(apiCapabilities.map((c) => [c.id, c]));

/** A capability an app can apply for, by id. */
export const apiCapability = (id: number): Capability | undefined => byId.get(id);

/** Granted at once: the capabilities this build serves (those with a binding). Others wait for review. */
export const grantedAtOnce = (id: number): boolean => byId.has(id) && isServed(id);

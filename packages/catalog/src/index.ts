export * from './types.ts';
export {
  capabilities,
  groups,
  DEMO_FACE_SETS,
  FACE_SET_ENDPOINTS,
  FACE_SET_NAME_MAX,
} from './capabilities.ts';
import { capabilities, groups } from './capabilities.ts';
import type { Capability, Group } from './types.ts';

/** The page route of a capability: /algorithm/{group}/{slug}. */
export function capabilityUrl(capability: Pick<Capability, 'group' | 'slug'>): string {
  return `/algorithm/${capability.group}/${capability.slug}`;
}

export function findByEndpoint(endpoint: string): Capability | undefined {
  const wanted = endpoint.replace(/^\/+/, '');
  return capabilities.find((c) => c.endpoint === wanted);
}

export function findCapability(id: number, group: Group): Capability | undefined {
  return capabilities.find((c) => c.id === id && c.group === group);
}

export function groupInfo(group: Group) {
  return groups.find((g) => g.id === group);
}
export * from './account-rules.ts';
export * from './console-rules.ts';
export * from './api-docs.ts';
export * from './api/envelope.ts';
export * from './api/console.ts';
export * from './api/account.ts';
export * from './api/menu.ts';

import type { Language } from '@pixora/catalog';
import { isDisplayed, pickText, type MenuItem } from '../../api/menu.ts';

/** A capability an app can apply for: a menu entry with a gateway endpoint. */
export interface ApiCapability {
  id: number;
  name: string;
  endpoint: string;
  /** Served by this build: granted at once; otherwise it waits for review. */
  available: boolean;
}

export interface CapabilityGroup {
  id: number;
  name: string;
  capabilities: ApiCapability[];
}

/**
 * The capabilities of the menu the gateway has an endpoint for, grouped as the menu groups them
 * (hidden entries left out), served ones first within each group.
 */
export function apiCapabilityGroups(menu: readonly MenuItem[], language: Language): CapabilityGroup[] {
  return menu
    .map((group) => ({
      id: group.id,
      name: pickText(group.name, language),
      capabilities: group.children
        .filter((item) => item.endpoint && isDisplayed(item))
        .map((item) => ({
          id: item.id,
          name: pickText(item.name, language),
          endpoint: item.endpoint,
          available: item.available,
        }))
        .sort((a, b) => Number(b.available) - Number(a.available)),
    }))
    .filter((group) => group.capabilities.length > 0);
}

/** Capability names by id, for showing an app's scopes. */
export function capabilityNames(menu: readonly MenuItem[], language: Language): Map<number, string> {
  const names = new Map<number, string>();
  for (const group of menu)
    for (const item of group.children) names.set(item.id, pickText(item.name, language));
  return names;
}

/** The name of a capability, or its id when the menu does not list it. */
export const nameOf = (names: ReadonlyMap<number, string>, id: number) => names.get(id) ?? `#${id}`;

/** What the call example of an app's first capability needs: its endpoint and sample photos. */
export interface ExampleCall {
  endpoint: string;
  samples: readonly string[];
}

/** The call example for capability `id` of the menu; null when it has no endpoint. */
export function exampleCall(menu: readonly MenuItem[], id: number | undefined): ExampleCall | null {
  const item = menu.flatMap((g) => g.children).find((c) => c.id === id);
  if (!item?.endpoint) return null;
  const samples = item.extension.demo?.samples ?? [];
  return { endpoint: item.endpoint, samples: samples.length > 0 ? samples : ['astronaut.jpg'] };
}

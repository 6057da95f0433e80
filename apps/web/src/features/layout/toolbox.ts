import type { Domain } from '../account/session.ts';

/** The tools of the floating tool box that come and go; the others are always there. */
export type ConditionalTool = 'feedback' | 'backToTop';

/**
 * Feedback is offered on the internal domain to signed-in users only; back to top
 * once the page has scrolled 200 px.
 */
export function toolBoxItems(state: {
  domain: Domain;
  signedIn: boolean;
  scrolledFar: boolean;
}): ConditionalTool[] {
  const items: ConditionalTool[] = [];
  if (state.domain === 'IN' && state.signedIn) items.push('feedback');
  if (state.scrolledFar) items.push('backToTop');
  return items;
}

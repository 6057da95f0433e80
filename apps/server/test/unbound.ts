import type * as Bindings from '../src/modules/gateway/bindings.ts';

/**
 * The bindings module without the binding of one capability: the state of a capability that is in
 * the catalogue but not served yet (the gateway answers 10023, its doc page says it is not open).
 * Every capability has a binding today, so the tests of that state take one away in their file:
 *
 *   vi.mock('<path>/gateway/bindings.ts', async (original) =>
 *     (await import('<path>/test/unbound.ts')).withoutBinding(await original(), UNBOUND_ID));
 */
export function withoutBinding(module: typeof Bindings, id: number): typeof Bindings {
  const removed = module.bindingsById.get(id);
  const bindingsById = new Map([...module.bindingsById].filter(([key]) => key !== id));
  return {
    ...module,
    bindings: module.bindings.filter((b) => b !== removed),
    bindingsById,
    bindingsByEndpoint: new Map([...module.bindingsByEndpoint].filter(([, b]) => b !== removed)),
    isServed: (key: number) => bindingsById.has(key),
  };
}

/** The capability whose binding the tests of the unserved state take away (baby recognition). */
export const UNBOUND_ID = 131;

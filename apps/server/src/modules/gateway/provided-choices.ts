/**
 * Provided choices (contract/params.ts `providedChoice`): parameters whose options come from a
 * provider at run time (the back office's materials). The contract checks a value's form; here,
 * before any engine work, each value is resolved by the provider of its source, which answers
 * what the engine needs for it (an uploaded sticker's bytes and anchor) or nothing when it is not
 * an enabled option: then the call is refused with the catalogue's parameter error, 10000, naming
 * the parameter as the contract's own checks do.
 *
 * Providers register per app context (a module that owns the options, at route registration);
 * without one, a source offers its bundled values only.
 */
import { providedChoices, type ApiCapability } from '@pixora/catalog';
import type { AppContext } from '../../platform/context.ts';
import { ApiError } from '../../platform/error-catalogue.ts';

export interface ChoiceProvider {
  /** What the engine needs for `value` when it is an enabled option, else undefined. */
  resolve(value: string): Promise<unknown>;
}

/** The resolved values of a call's provided choices: value -> what its provider answered. */
export type ProvidedValues = ReadonlyMap<string, unknown>;

const registry = new WeakMap<AppContext, Map<string, ChoiceProvider>>();

/** Makes `provider` answer for the options of `source` in the app of `ctx`. */
export function registerChoiceProvider(ctx: AppContext, source: string, provider: ChoiceProvider): void {
  const providers = registry.get(ctx) ?? new Map<string, ChoiceProvider>();
  providers.set(source, provider);
  registry.set(ctx, providers);
}

const choicesOf = new WeakMap<ApiCapability, ReturnType<typeof providedChoices>>();

/**
 * Resolves the provided choices among a call's checked parameters; throws 10000 for a value that
 * is not an enabled option of its source.
 */
export async function resolveProvidedChoices(
  ctx: AppContext,
  capability: ApiCapability,
  parameter: Record<string, unknown>,
): Promise<ProvidedValues> {
  let choices = choicesOf.get(capability);
  if (!choices) {
    choices = providedChoices(capability.api);
    choicesOf.set(capability, choices);
  }
  const resolved = new Map<string, unknown>();
  for (const choice of choices) {
    const given = parameter[choice.name];
    if (typeof given !== 'string' || given === '') continue;
    const values = choice.list ? given.split(',') : [given];
    const provider = registry.get(ctx)?.get(choice.source);
    for (const value of values) {
      const data = provider ? await provider.resolve(value) : choice.bundled.includes(value) ? {} : undefined;
      if (data === undefined)
        throw new ApiError(
          10000,
          `parameter.${choice.name} ${value} is not an enabled option (GET ${choice.url} lists them)`,
        );
      resolved.set(value, data);
    }
  }
  return resolved;
}

/**
 * v1/filter's parameters: by name, plus an uploaded look (a provided choice's value `m<id>`): its
 * .cube table is sent with the job as bytes (the engine may run in another thread or process)
 * with its cache key, and the answer names the look by that value.
 */
import { filter, makeup } from '@pixora/catalog';
import { taskParamsByName, type CapabilityCall } from './binding.ts';

export const lookParams = (parameter: Record<string, unknown>, call: CapabilityCall) => {
  const params = taskParamsByName(filter, parameter);
  const chosen = typeof params.filterType === 'string' ? params.filterType : undefined;
  const look = chosen
    ? (call.provided?.get(chosen) as { cube?: Uint8Array; cubeKey?: string } | undefined)
    : undefined;
  if (look?.cube) params.cube = look.cube;
  // The engine parses the table once per key (the material's id and update time).
  if (look?.cube && look.cubeKey) params.cubeKey = look.cubeKey;
  return params;
};

/**
 * v3/makeup's parameters: by name, plus an uploaded makeup look (a provided choice's value
 * `m<id>`): its parts go with the job as `lookParts` (checked again by the engine), and the answer
 * names the look by that value.
 */
export const makeupParams = (parameter: Record<string, unknown>, call: CapabilityCall) => {
  const params = taskParamsByName(makeup, parameter);
  const chosen = typeof params.look === 'string' ? params.look : undefined;
  const parts = chosen ? (call.provided?.get(chosen) as { parts?: unknown } | undefined)?.parts : undefined;
  if (parts) params.lookParts = parts;
  return params;
};

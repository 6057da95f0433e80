/**
 * A check of one task parameter, shared by the tasks' parameter parsers: it reads one key of the
 * raw parameter object, returns undefined when it is absent, and throws TaskParamsError naming the
 * key and its range when it is not a finite number (an integer when `integer`) in [min, max].
 */
import { TaskParamsError } from '../errors.ts';

export function numberParam(
  raw: Record<string, unknown>,
  key: string,
  range: { min: number; max: number; integer?: boolean },
): number | undefined {
  const v = raw[key];
  if (v === undefined) return undefined;
  const { min, max, integer = false } = range;
  if (
    typeof v !== 'number' ||
    !Number.isFinite(v) ||
    (integer && !Number.isInteger(v)) ||
    v < min ||
    v > max
  ) {
    throw new TaskParamsError(
      `${key} must be ${integer ? 'an integer' : 'a number'} between ${min} and ${max}`,
    );
  }
  return v;
}

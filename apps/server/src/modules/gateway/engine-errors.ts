import { ImageInputError, QueueFullError, TaskParamsError, TaskTimeoutError } from '@pixora/vision';
import { ApiError, type ErrorCode } from '../../platform/error-catalogue.ts';

const imageCodes: Record<ImageInputError['code'], ErrorCode> = {
  TOO_LARGE: 20015,
  TOO_MANY_PIXELS: 20013,
  UNSUPPORTED_TYPE: 20009,
  DECODE_FAILED: 10007,
  EMPTY: 10012,
};

/** Translates what the engine throws into the catalogue; anything unexpected is an algorithm failure. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ImageInputError) return new ApiError(imageCodes[err.code] ?? 10010, err.message);
  if (err instanceof TaskParamsError) return new ApiError(10000, err.message);
  if (err instanceof QueueFullError) return new ApiError(10015);
  if (err instanceof TaskTimeoutError) return new ApiError(10002);
  return new ApiError(10009);
}

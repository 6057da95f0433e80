/**
 * @pixora/sdk: the Pixora platform's client. One typed method per capability (generated from the
 * capability contracts), signed calls, retries on 429 and 503 with backoff and jitter, timeouts,
 * cancellation, file / Buffer / URL / stream inputs, result downloads, and jobs.
 */
export { Pixora, findCapability, SDK_VERSION } from './client.ts';
export type {
  CallOptions,
  CallResult,
  CapabilityMethods,
  Envelope,
  ImagesOf,
  Job,
  JobOptions,
  ListJobsOptions,
  PixoraOptions,
  ResultMedia,
  UploadedFile,
  WaitOptions,
} from './client.ts';
export {
  CAPABILITIES,
  ENDPOINTS,
  type Capabilities,
  type Endpoints,
  type JobList,
  type JobSummary,
  type JobView,
} from './capabilities.generated.ts';
export { PixoraError, PixoraTimeoutError } from './errors.ts';
export { mediaItem, sniffType, type ImageInput, type MediaItem } from './images.ts';
export { DEFAULT_RETRY, type RetryPolicy } from './retry.ts';
export { signRequest } from './signing.ts';
export type { CapabilityInfo } from './types.ts';

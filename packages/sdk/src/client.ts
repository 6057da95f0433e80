import crypto from 'node:crypto';
import {
  CAPABILITIES,
  ENDPOINTS,
  type Capabilities,
  type Endpoints,
  type JobList,
  type JobSummary,
  type JobView,
} from './capabilities.generated.ts';
import { PixoraError, PixoraTimeoutError } from './errors.ts';
import { bytesOf, mediaItem, type ImageInput, type MediaItem } from './images.ts';
import {
  backoffMs,
  DEFAULT_RETRY,
  RETRIED_STATUSES,
  retryAfterMs,
  sleep,
  type RetryPolicy,
} from './retry.ts';
import { signRequest } from './signing.ts';
import type { CapabilityInfo } from './types.ts';

export const SDK_VERSION = '0.1.0';

export interface PixoraOptions {
  /** Where the platform answers, e.g. `https://api.example.com` (default `http://localhost:8080`). */
  baseUrl?: string;
  apiKey: string;
  apiSecret: string;
  /**
   * How calls prove the app: `signature` (default) signs each request with HMAC-SHA256 and never
   * sends the secret; `query` sends api_key and api_secret in the query string, as older clients do.
   */
  auth?: 'signature' | 'query';
  /** Milliseconds one attempt may take before it is given up (default 60 000). */
  timeoutMs?: number;
  /** Retries on 429 and 503: how many and how long to wait (see retry.ts). */
  retry?: Partial<RetryPolicy>;
  /** The language of the platform's error messages: zh (default on the platform), zh_tw or en. */
  language?: 'zh' | 'zh_tw' | 'en';
  /** A fetch of your own (a proxy agent, a test double); default the global fetch. */
  fetch?: typeof fetch;
}

/** Per call: cancel it, or give it a timeout of its own. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Custom data the platform echoes back in `extra`. */
  extra?: Record<string, unknown>;
}

/** A result image: base64 bytes, or a short-lived URL (`rsp_media_type: 'url'`) that `download` fetches. */
export interface ResultMedia {
  /** `jpg` or `png` when the bytes are in the answer, `url` when they are behind a link. */
  type: string;
  /** The answer's `media_data`: base64, or the URL. */
  data: string;
  /** When a URL stops working. */
  expiresAt?: string;
}

/** What a call answered. */
export interface CallResult<A> {
  /** `media_info_list[0].media_extra`: the capability's answer. */
  answer: A;
  /** The result image of image-producing capabilities. */
  media?: ResultMedia;
  /** The parameters as the platform read them, and `extra` echoed back. */
  parameter: Record<string, unknown>;
  extra: Record<string, unknown>;
}

/** The images of a call: one input, or one per image the capability takes. */
export type ImagesOf<N> = N extends 0
  ? [] | undefined
  : N extends 1
    ? ImageInput | [ImageInput]
    : ImageInput[];

/** One method per capability: `client.facePoint(photo, { max_face_num: 5 })`. */
export type CapabilityMethods = {
  [K in keyof Capabilities]: (
    images: ImagesOf<Capabilities[K]['images']>,
    parameters?: Capabilities[K]['parameters'],
    options?: CallOptions,
  ) => Promise<CallResult<Capabilities[K]['answer']>>;
};

/** The platform's answer around `media_extra`: the parameters as read, `extra` echoed, the result image. */
export interface Envelope<A> {
  parameter: Record<string, unknown>;
  extra: Record<string, unknown>;
  media_info_list: Array<{
    media_data?: string;
    media_profiles?: { media_data_type: string; expires_at?: string };
    media_extra: A;
  }>;
}

/** A file of the shared upload service. */
export interface UploadedFile {
  /** What calls and jobs send as `{ upload: key }`. */
  key: string;
  /** The kind read from the bytes: jpg, png, webp, gif, pdf, zip, mp4, mov or txt. */
  type: string;
  size: number;
  expires_at: string;
}

/**
 * A job as `GET /v1/jobs/{id}` shows it: the generated `JobView` (made from the platform's job
 * schema), each item's answer typed as the capability's envelope. `status` is `queued`, `running`,
 * then `done` (each item then `succeeded` or `failed`); or `cancelled` (items not started then
 * `cancelled`, never computed nor counted; the job has finished once `finished_at` is set).
 */
export type Job<A = unknown> = Omit<JobView, 'items'> & {
  items: Array<Omit<JobView['items'][number], 'answer'> & { answer?: Envelope<A> }>;
};

export interface ListJobsOptions {
  /** Jobs per page, 1 to 100 (default 20). */
  limit?: number;
  /** The `next_cursor` of the page before, for older jobs. */
  cursor?: string;
  /** Only the jobs with this status. */
  status?: JobSummary['status'];
  /** Only the jobs of this capability (its endpoint, e.g. `v1/studio`). */
  capability?: string;
  signal?: AbortSignal;
}

export interface JobOptions {
  /** An address the platform POSTs the finished job to, signed with the app secret. */
  callbackUrl?: string;
  signal?: AbortSignal;
}

export interface WaitOptions {
  /** Milliseconds between looks (default 1000). */
  intervalMs?: number;
  /** Called after each look with the job as it stands. */
  onProgress?: (job: Job) => void;
  signal?: AbortSignal;
}

/** A capability by method name, contract key or endpoint (`facePoint`, `v2/facepoints`, `facepoints`). */
export function findCapability(name: string): (CapabilityInfo & { method: keyof Capabilities }) | undefined {
  const wanted = name.replace(/^\/+/, '');
  const all = Object.entries(CAPABILITIES) as Array<[keyof Capabilities, CapabilityInfo]>;
  const exact = all.find(
    ([method, info]) => method === wanted || info.key === wanted || info.endpoint === wanted,
  );
  if (exact) return { ...exact[1], method: exact[0] };
  // The last part of an endpoint, case-insensitive; of several versions (v1/facedetect,
  // v2/facedetect) the highest one.
  const lower = wanted.toLowerCase();
  const version = (endpoint: string) => Number(/^v(\d+)\//.exec(endpoint)?.[1] ?? 0);
  const byTail = all
    .filter(([, info]) => info.endpoint.split('/').pop()!.toLowerCase() === lower)
    .sort(([, a], [, b]) => version(b.endpoint) - version(a.endpoint));
  return byTail[0] ? { ...byTail[0][1], method: byTail[0][0] } : undefined;
}

const toList = (images: ImageInput | ImageInput[] | undefined): ImageInput[] =>
  images === undefined ? [] : Array.isArray(images) ? images : [images];

/**
 * The Pixora client. Every capability is a method of it, typed from its contract; `call` reaches
 * any endpoint by path; jobs run a capability over many images.
 *
 *   const pixora = new Pixora({ baseUrl, apiKey, apiSecret });
 *   const { answer } = await pixora.facePoint('photo.jpg', { landmark_type: '106' });
 */
class PixoraClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly apiSecret: string;
  private readonly auth: 'signature' | 'query';
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly language: string | undefined;
  private readonly fetchImpl: typeof fetch;

  constructor(options: PixoraOptions) {
    if (!options.apiKey || !options.apiSecret) throw new TypeError('Pixora needs apiKey and apiSecret');
    this.baseUrl = (options.baseUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.apiSecret = options.apiSecret;
    this.auth = options.auth ?? 'signature';
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.language = options.language;
    this.fetchImpl = options.fetch ?? fetch;
    for (const [method, info] of Object.entries(CAPABILITIES) as Array<
      [keyof Capabilities, CapabilityInfo]
    >) {
      Object.defineProperty(this, method, {
        value: (images: ImageInput | ImageInput[], parameters?: object, options?: CallOptions) =>
          this.run(info.endpoint, toList(images), parameters ?? {}, options),
        enumerable: false,
      });
    }
  }

  /** Calls any endpoint by its path (`v2/facepoints`, `v1/faceset/create`). */
  call<E extends keyof Endpoints>(
    endpoint: E,
    images: ImagesOf<Endpoints[E]['images']>,
    parameters?: Endpoints[E]['parameters'],
    options?: CallOptions,
  ): Promise<CallResult<Endpoints[E]['answer']>> {
    if (!(endpoint in ENDPOINTS)) throw new TypeError(`no endpoint ${String(endpoint)}`);
    return this.run(endpoint, toList(images as ImageInput | ImageInput[]), parameters ?? {}, options);
  }

  /** The bytes of a result image: decoded base64, or downloaded from its short-lived URL. */
  async download(media: ResultMedia | string, options: { signal?: AbortSignal } = {}): Promise<Buffer> {
    const data = typeof media === 'string' ? media : media.data;
    const isUrl = typeof media === 'string' ? /^https?:\/\//i.test(media) : media.type === 'url';
    if (!isUrl) return Buffer.from(data, 'base64');
    const response = await this.send('GET', data, undefined, { ...options, authenticate: false });
    return Buffer.from(await response.arrayBuffer());
  }

  /**
   * Uploads a file once to the shared upload service; later calls and jobs of the same app send
   * `{ upload: key }` instead of the bytes, until `expires_at`.
   */
  async upload(
    input: Exclude<ImageInput, URL | { upload: string }>,
    options: { signal?: AbortSignal } = {},
  ): Promise<UploadedFile> {
    const bytes = await bytesOf(input);
    const response = await this.send('POST', `${this.baseUrl}/public/upload?type=1`, bytes, {
      ...options,
      contentType: 'application/octet-stream',
    });
    return ((await response.json()) as { data: UploadedFile }).data;
  }

  /** Starts a job: the capability (method name, key or endpoint) over a list of items, one image (or pair) each. */
  async createJob(
    capability: string,
    items: Array<ImageInput | ImageInput[]>,
    parameters: Record<string, unknown> = {},
    options: JobOptions = {},
  ): Promise<Job> {
    const info = findCapability(capability);
    if (!info) throw new TypeError(`no capability ${capability}`);
    const body = {
      capability: info.endpoint,
      parameter: parameters,
      items: await Promise.all(
        items.map(async (item) => ({
          media_info_list: await Promise.all(toList(item).map((input) => mediaItem(input))),
        })),
      ),
      ...(options.callbackUrl ? { callback_url: options.callbackUrl } : {}),
    };
    const response = await this.send('POST', `${this.baseUrl}/v1/jobs`, JSON.stringify(body), options);
    return (await response.json()) as Job;
  }

  async getJob(id: string, options: { signal?: AbortSignal } = {}): Promise<Job> {
    return this.jobRequest('GET', id, options);
  }

  /**
   * Cancels a job: images not started are never run nor counted; images running finish. Answers
   * the job as it stands (a finished job unchanged); `waitForJob` waits for the running ones.
   */
  async cancelJob(id: string, options: { signal?: AbortSignal } = {}): Promise<Job> {
    return this.jobRequest('DELETE', id, options);
  }

  /**
   * A page of the app's jobs (those not expired), newest first, without their items; its
   * `next_cursor`, sent as `cursor`, asks for the older ones (null on the last page).
   */
  async listJobs(options: ListJobsOptions = {}): Promise<JobList> {
    const query = new URLSearchParams();
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    if (options.cursor !== undefined) query.set('cursor', options.cursor);
    if (options.status !== undefined) query.set('status', options.status);
    if (options.capability !== undefined) query.set('capability', options.capability);
    const url = `${this.baseUrl}/v1/jobs${query.size ? `?${query}` : ''}`;
    return (await (await this.send('GET', url, undefined, options)).json()) as JobList;
  }

  /** `GET` or `DELETE /v1/jobs/{id}`: the job as it stands. */
  private async jobRequest(
    method: 'GET' | 'DELETE',
    id: string,
    options: { signal?: AbortSignal },
  ): Promise<Job> {
    const url = `${this.baseUrl}/v1/jobs/${encodeURIComponent(id)}`;
    return (await (await this.send(method, url, undefined, options)).json()) as Job;
  }

  /** Looks at a job until it has finished (done, or cancelled with nothing left running), and answers it. */
  async waitForJob(id: string, options: WaitOptions = {}): Promise<Job> {
    for (;;) {
      const job = await this.getJob(id, options);
      options.onProgress?.(job);
      if (job.finished_at !== null) return job;
      await sleep(options.intervalMs ?? 1000, options.signal);
    }
  }

  /** A finished job's result images and job.json as one ZIP. */
  async jobResultsZip(id: string, options: { signal?: AbortSignal } = {}): Promise<Buffer> {
    const url = `${this.baseUrl}/v1/jobs/${encodeURIComponent(id)}/results.zip`;
    const response = await this.send('GET', url, undefined, options);
    return Buffer.from(await response.arrayBuffer());
  }

  private async run(
    endpoint: string,
    images: ImageInput[],
    parameters: object,
    options: CallOptions = {},
  ): Promise<CallResult<never>> {
    const media: MediaItem[] = await Promise.all(images.map((input) => mediaItem(input)));
    const body = JSON.stringify({
      parameter: parameters,
      extra: options.extra ?? {},
      media_info_list: media,
    });
    const response = await this.send('POST', `${this.baseUrl}/${endpoint}`, body, options);
    const envelope = (await response.json()) as Envelope<never>;
    const first = envelope.media_info_list[0]!;
    return {
      answer: first.media_extra,
      ...(first.media_data !== undefined
        ? {
            media: {
              type: first.media_profiles?.media_data_type ?? 'jpg',
              data: first.media_data,
              ...(first.media_profiles?.expires_at ? { expiresAt: first.media_profiles.expires_at } : {}),
            },
          }
        : {}),
      parameter: envelope.parameter,
      extra: envelope.extra,
    };
  }

  /**
   * One request with the app's credentials, retried on 429 and 503 (retry.ts); each attempt is
   * signed afresh (a new timestamp and nonce) and has its own timeout. Answers the response of a
   * 2xx, throws PixoraError otherwise.
   */
  private async send(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body: string | Buffer | undefined,
    options: { signal?: AbortSignal; timeoutMs?: number; authenticate?: boolean; contentType?: string },
  ): Promise<Response> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await this.fetchImpl(this.prepare(url, options.authenticate ?? true), {
          method,
          ...this.requestInit(method, url, body, options.authenticate ?? true, options.contentType),
          signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason as Error;
        if (timeout.aborted) throw new PixoraTimeoutError(timeoutMs);
        throw new PixoraError(`no answer from ${new URL(url).origin}: ${(error as Error).message}`, null, 0);
      }
      if (response.ok) return response;
      const error = await errorOf(response);
      if (!RETRIED_STATUSES.has(response.status) || attempt >= this.retry.maxRetries) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > this.retry.maxRetryAfterMs) throw error;
      await sleep(backoffMs(this.retry, attempt, error.retryAfterMs), options.signal);
    }
  }

  /** The URL of an attempt: with api_key and api_secret in the query when the client authenticates so. */
  private prepare(url: string, authenticate: boolean): string {
    if (!authenticate || this.auth !== 'query') return url;
    const u = new URL(url);
    u.searchParams.set('api_key', this.apiKey);
    u.searchParams.set('api_secret', this.apiSecret);
    return u.toString();
  }

  private requestInit(
    method: string,
    url: string,
    body: string | Buffer | undefined,
    authenticate: boolean,
    type = 'application/json',
  ): RequestInit {
    const headers: Record<string, string> = {
      'user-agent': `pixora-sdk/${SDK_VERSION} node/${process.versions.node}`,
    };
    if (this.language) headers['accept-language'] = this.language.replace('_', '-');
    const contentType = body === undefined ? undefined : type;
    if (contentType) headers['content-type'] = contentType;
    if (authenticate && this.auth === 'signature') {
      const u = new URL(url);
      const signed = signRequest({
        apiKey: this.apiKey,
        secret: this.apiSecret,
        method,
        url: `${u.pathname}${u.search}`,
        host: u.host,
        ...(contentType ? { contentType } : {}),
        ...(body !== undefined ? { body } : {}),
        nonce: crypto.randomBytes(16).toString('hex'),
      });
      // fetch sets Host itself, from the URL the signature names.
      const { host: _host, ...rest } = signed.headers;
      Object.assign(headers, rest);
    }
    return { headers, ...(body !== undefined ? { body } : {}) };
  }
}

/** The client: its own methods, and one method per capability (made in the constructor from CAPABILITIES). */
export type Pixora = PixoraClient & CapabilityMethods;
export const Pixora = PixoraClient as new (options: PixoraOptions) => Pixora;

/** The platform's error answer as a PixoraError (its code and message when it sent them). */
async function errorOf(response: Response): Promise<PixoraError> {
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  const text = await response.text();
  try {
    const answer = JSON.parse(text) as { ErrorCode?: number; ErrorMsg?: string };
    if (typeof answer.ErrorCode === 'number')
      return new PixoraError(
        answer.ErrorMsg ?? `error ${answer.ErrorCode}`,
        answer.ErrorCode,
        response.status,
        retryAfter,
      );
  } catch {
    // Not the platform's JSON (a proxy's page): the status says what happened.
  }
  return new PixoraError(`HTTP ${response.status}`, null, response.status, retryAfter);
}

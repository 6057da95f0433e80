import type { Config } from '../../platform/config.ts';
import { ApiError } from '../../platform/error-catalogue.ts';
import { DownloadError, downloadImage } from './url-fetch.ts';

export interface MediaItem {
  media_data: string;
  media_profiles?: { media_data_type?: string } & Record<string, unknown>;
  media_extra?: Record<string, unknown>;
}

export interface MediaLimits {
  maxBytes: number;
  urlTimeoutMs: number;
  allowPrivateUrls: boolean;
  /** The shared uploads (modules/uploads): the bytes of a key when the app uploaded it and it has not expired. */
  uploads?: { read(key: string, appId: number): Promise<Buffer | undefined> };
}

/** The media limits of a configuration, for loadMedia. */
export const mediaLimits = (config: Config): MediaLimits => ({
  maxBytes: config.MAX_IMAGE_BYTES,
  urlTimeoutMs: config.URL_FETCH_TIMEOUT_MS,
  allowPrivateUrls: config.ALLOW_PRIVATE_URLS,
});

/** Request body limit of the gateway's envelope: base64 of the largest accepted image plus room for the JSON around it. */
export const mediaBodyLimit = (config: Config): number =>
  Math.ceil((config.MAX_IMAGE_BYTES * 4) / 3) * 2 + 64 * 1024;

const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;

/**
 * Decodes base64 that may carry line breaks, a data-URL prefix, or the URL-safe alphabet.
 * What most clients send, plain padded base64, is taken in one pass: it is decoded, and accepted
 * when encoding the bytes again gives back exactly the text sent (then it had no other character,
 * no missing padding and no stray bits, the checks below would pass and decode the same bytes).
 * Anything else goes through the checks: a regular expression over the whole text, which on a
 * 100 kB image costs several times the decoding.
 */
export function decodeBase64Image(data: string, maxBytes: number): Buffer {
  if (Math.floor((data.length * 3) / 4) <= maxBytes + 2) {
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > 0 && bytes.length <= maxBytes && bytes.toString('base64') === data) return bytes;
  }
  const compact = data.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (compact.length === 0) throw new ApiError(10012, 'media_data is empty');
  if (!BASE64.test(compact) || compact.length % 4 === 1) throw new ApiError(10013);
  // Checked before decoding so that a huge payload never becomes a huge buffer.
  if (Math.floor((compact.length * 3) / 4) > maxBytes + 2) throw new ApiError(20015);
  const bytes = Buffer.from(compact, compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64');
  if (bytes.length === 0) throw new ApiError(10013);
  if (bytes.length > maxBytes) throw new ApiError(20015);
  return bytes;
}

const looksLikeUrl = (s: string) => /^https?:\/\//i.test(s.trim());

/** What `media_data_type` may say: an image format, `url` for an address, `upload` for a shared upload's key. */
const DECLARED_TYPES = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'url', 'upload']);

/** The image format of `bytes` by its signature (magic number): JPEG, PNG, WebP or GIF, else undefined. */
export function imageSignature(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'gif';
  return undefined;
}

/**
 * The bytes of one media item, checked to be an image the engine reads. `media_data_type` must be
 * one of DECLARED_TYPES (else 400 / 20009); which image format it names is a hint only: the
 * bytes' signature decides (the docs show `jpg` for any photo), and bytes that are no JPEG, PNG,
 * WebP or GIF answer 400 / 20009 before any inference.
 */
export async function loadCheckedMedia(
  item: MediaItem,
  limits: MediaLimits,
  appId?: number,
): Promise<Buffer> {
  const declared = item.media_profiles?.media_data_type?.trim().toLowerCase();
  if (declared && !DECLARED_TYPES.has(declared))
    throw new ApiError(20009, `media_data_type "${declared}": send jpg, png, webp, gif, url or upload`);
  const bytes = await loadMedia(item, limits, appId);
  if (!imageSignature(bytes)) throw new ApiError(20009, 'media_data is not a JPEG, PNG, WebP or GIF image');
  return bytes;
}

/**
 * The bytes of one media item: base64 in the body, downloaded when the item says it is a URL, or
 * read from the shared uploads when it says `upload` (only an app's own keys, within their time).
 */
export async function loadMedia(item: MediaItem, limits: MediaLimits, appId?: number): Promise<Buffer> {
  const type = item.media_profiles?.media_data_type?.toLowerCase();
  if (type === 'upload') {
    const key = item.media_data.trim();
    if (!key) throw new ApiError(10020);
    const bytes = appId === undefined ? undefined : await limits.uploads?.read(key, appId);
    if (!bytes)
      throw new ApiError(20014, `no upload ${key} of this app (keys expire; uploads are the uploader's own)`);
    if (bytes.length > limits.maxBytes) throw new ApiError(20015);
    return bytes;
  }
  if (type === 'url' || (type === undefined && looksLikeUrl(item.media_data))) {
    const url = item.media_data.trim();
    if (!url) throw new ApiError(10020);
    try {
      return await downloadImage(url, {
        timeoutMs: limits.urlTimeoutMs,
        maxBytes: limits.maxBytes,
        allowPrivate: limits.allowPrivateUrls,
      });
    } catch (err) {
      if (!(err instanceof DownloadError)) throw err;
      if (err.reason === 'bad_url') throw new ApiError(10014, err.message);
      if (err.reason === 'too_large') throw new ApiError(20015, err.message);
      throw new ApiError(10003, err.message);
    }
  }
  return decodeBase64Image(item.media_data, limits.maxBytes);
}

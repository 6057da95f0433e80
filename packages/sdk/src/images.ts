import fs from 'node:fs/promises';
import { Readable } from 'node:stream';

/**
 * An image to send: a file path, an http(s) URL (string or URL: the platform fetches it), the
 * bytes (Buffer, Uint8Array, ArrayBuffer, Blob), a stream of them (Node or web), or the key of a
 * file uploaded before (`{ upload: key }`, see Pixora.upload).
 */
export type ImageInput =
  | { upload: string }
  | string
  | URL
  | Uint8Array
  | ArrayBuffer
  | Blob
  | NodeJS.ReadableStream
  | ReadableStream<Uint8Array>;

/** One item of `media_info_list`, as the gateway takes it. */
export interface MediaItem {
  media_data: string;
  media_profiles: { media_data_type: string };
}

/** The format of image bytes from their first bytes (the platform reads the bytes too; this is its hint). */
export function sniffType(bytes: Uint8Array): 'jpg' | 'png' | 'webp' | 'gif' | undefined {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8) return 'jpg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'gif';
  const text = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const isUpload = (input: ImageInput): input is { upload: string } =>
  typeof input === 'object' && input !== null && typeof (input as { upload?: unknown }).upload === 'string';

const isUrl = (text: string) => /^https?:\/\//i.test(text);

async function collect(stream: NodeJS.ReadableStream | ReadableStream<Uint8Array>): Promise<Buffer> {
  const readable = stream instanceof ReadableStream ? Readable.fromWeb(stream as never) : stream;
  const chunks: Buffer[] = [];
  for await (const chunk of readable as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** The bytes of an input that is not a URL. */
export async function bytesOf(input: Exclude<ImageInput, URL | { upload: string }>): Promise<Buffer> {
  if (typeof input === 'string') return fs.readFile(input);
  if (input instanceof Uint8Array) return Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer) return Buffer.from(input);
  if (typeof Blob !== 'undefined' && input instanceof Blob) return Buffer.from(await input.arrayBuffer());
  return collect(input as NodeJS.ReadableStream | ReadableStream<Uint8Array>);
}

/** An input as a `media_info_list` item: a URL as `url`, an upload's key as `upload`, anything else as base64 with its format. */
export async function mediaItem(input: ImageInput): Promise<MediaItem> {
  if (isUpload(input)) return { media_data: input.upload, media_profiles: { media_data_type: 'upload' } };
  if (input instanceof URL || (typeof input === 'string' && isUrl(input)))
    return { media_data: String(input), media_profiles: { media_data_type: 'url' } };
  const bytes = await bytesOf(input);
  return {
    media_data: bytes.toString('base64'),
    media_profiles: { media_data_type: sniffType(bytes) ?? 'jpg' },
  };
}

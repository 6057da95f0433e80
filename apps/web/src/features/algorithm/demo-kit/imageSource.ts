import { IMAGE_MAX_BYTES } from '@pixora/catalog';
import type { MediaInput } from '../../../api/gateway.ts';

/** Uploads must be smaller than this: the gateway's own default limit ("... smaller than 10 MB"). */
export const MAX_UPLOAD_BYTES = IMAGE_MAX_BYTES;
/** History keeps images at most this large, so six of them fit in local storage. */
const HISTORY_IMAGE_MAX_SIDE = 800;
const HISTORY_JPEG_QUALITY = 0.82;

const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'webp'];
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/bmp', 'image/x-ms-bmp', 'image/webp'];
/** Sent as they are; the other accepted types are converted to JPEG in the browser first. */
const DIRECT_TYPES: Record<string, 'jpg' | 'png'> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.bmp,.webp,image/jpeg,image/png,image/bmp,image/webp';

/** The image a demo works on: bytes in a data URL (upload, history), an address, or a bundled sample. */
export type ImageSource =
  { kind: 'data'; dataUrl: string } | { kind: 'url'; url: string } | { kind: 'sample'; path: string };

export type FileCheck = { ok: true } | { ok: false; errorKey: string };

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** Type and size rules of a demo upload. */
export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): FileCheck {
  const typeKnown = ACCEPTED_TYPES.includes(file.type);
  const extensionKnown = ACCEPTED_EXTENSIONS.includes(extensionOf(file.name));
  if (!typeKnown && !(file.type === '' && extensionKnown)) {
    return {
      ok: false,
      errorKey: file.type.startsWith('image/') ? 'demo.errors.imageType' : 'demo.errors.fileType',
    };
  }
  if (file.size >= MAX_UPLOAD_BYTES) return { ok: false, errorKey: 'demo.errors.imageSize' };
  return { ok: true };
}

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

async function drawToJpeg(blob: Blob, maxSide: number, quality: number): Promise<string> {
  const bitmap = await createImageBitmap(blob);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', quality);
}

/** An accepted file as a data URL: JPEG and PNG untouched, BMP and WebP converted to JPEG. */
export async function fileToDataUrl(file: File): Promise<string> {
  if (DIRECT_TYPES[file.type]) return readAsDataUrl(file);
  return drawToJpeg(file, Number.MAX_SAFE_INTEGER, 0.92);
}

export function dataUrlToMedia(dataUrl: string): MediaInput {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match || !match[2]) throw new Error('not a base64 data URL');
  return { kind: 'base64', data: match[3] ?? '', type: match[1] === 'image/png' ? 'png' : 'jpg' };
}

/** What the gateway receives for a source. Samples are read from the site and sent as bytes. */
export async function sourceToMedia(source: ImageSource): Promise<MediaInput> {
  if (source.kind === 'url') return { kind: 'url', url: source.url };
  if (source.kind === 'data') return dataUrlToMedia(source.dataUrl);
  const response = await fetch(source.path);
  if (!response.ok) throw new Error(`sample ${source.path}: ${response.status}`);
  const png = source.path.toLowerCase().endsWith('.png');
  return {
    kind: 'base64',
    data: bytesToBase64(new Uint8Array(await response.arrayBuffer())),
    type: png ? 'png' : 'jpg',
  };
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary);
}

export function previewOf(source: ImageSource): string {
  if (source.kind === 'url') return source.url;
  if (source.kind === 'data') return source.dataUrl;
  return source.path;
}

export const sameSource = (a: ImageSource | null, b: ImageSource | null) =>
  a !== null && b !== null && a.kind === b.kind && previewOf(a) === previewOf(b);

/** A copy of a data source small enough for the history; null when the browser cannot shrink it. */
export async function historyCopy(source: ImageSource): Promise<ImageSource | null> {
  if (source.kind !== 'data') return source;
  try {
    const response = await fetch(source.dataUrl);
    return {
      kind: 'data',
      dataUrl: await drawToJpeg(await response.blob(), HISTORY_IMAGE_MAX_SIDE, HISTORY_JPEG_QUALITY),
    };
  } catch {
    return source.dataUrl.length < 400_000 ? source : null;
  }
}

/** A well-formed http(s) address, or null. */
export function parseImageUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

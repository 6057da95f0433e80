import { imageSignature } from '../gateway/media.ts';

/**
 * What the shared upload service accepts, read from the bytes themselves (the name a client gives
 * a file proves nothing): the images the gateway reads, and the attachment kinds the feedback
 * dialog offers (PDF, ZIP and the Office files that are ZIPs, MP4 / QuickTime video, plain text).
 */
export type FileKind = 'jpg' | 'png' | 'webp' | 'gif' | 'pdf' | 'zip' | 'mp4' | 'mov' | 'txt';

const IMAGE_KINDS = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' } as const;

/** Plain text: valid UTF-8 without NUL bytes or other control characters than tab, CR, LF, FF. */
function isText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b\x0e-\x1f\x7f]/.test(sample.toString('latin1'))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The kind of a file by its signature (magic number), or undefined when it is none of FileKind. */
export function fileKind(bytes: Buffer): FileKind | undefined {
  const image = imageSignature(bytes);
  if (image) return IMAGE_KINDS[image];
  if (bytes.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'zip';
  // ISO base media files (MP4, QuickTime): a box of type `ftyp` first; `qt  ` is QuickTime's brand.
  if (bytes.toString('latin1', 4, 8) === 'ftyp')
    return bytes.toString('latin1', 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  if (bytes.length > 0 && isText(bytes)) return 'txt';
  return undefined;
}

export const isImageKind = (kind: string): boolean => kind in { jpg: 1, png: 1, webp: 1, gif: 1 };

import { IMAGE_MAX_BYTES, JOB_LIMITS } from '@pixora/catalog';

/**
 * What the studio page accepts before it uploads anything: JPEG and PNG photos (told by their first
 * bytes, not their names), each under the gateway's image limit, at most JOB_LIMITS.items in one
 * batch, and no more bytes in all than one job's body carries once the photos are base64.
 */
export const STUDIO_LIMITS = {
  files: JOB_LIMITS.items,
  fileBytes: IMAGE_MAX_BYTES,
  // Base64 makes 4 bytes of 3; the rest of the body (names, parameters) is kept well inside 64 KB
  // plus 200 bytes an item.
  batchBytes: Math.floor(((JOB_LIMITS.bodyBytes - 64 * 1024) * 3) / 4) - JOB_LIMITS.items * 200,
} as const;

/** A byte limit as people read it: whole megabytes, rounded down so the page never promises more. */
export const wholeMegabytes = (bytes: number): string => `${Math.floor(bytes / (1024 * 1024))} MB`;

export type PhotoType = 'jpg' | 'png';

/** A photo the batch will send, with the type its bytes say. */
export interface StudioPhoto {
  file: File;
  type: PhotoType;
}

/** A file left out of the batch, and why (a translation key of `studio.refused` with its values). */
export interface RefusedFile {
  name: string;
  reason: 'type' | 'size' | 'count' | 'total';
}

/** JPEG starts FF D8 FF; PNG with its 8-byte signature 89 'PNG' 0D 0A 1A 0A. */
export function photoTypeOf(head: Uint8Array): PhotoType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((byte, i) => head[i] === byte)) return 'png';
  return null;
}

/** The first bytes of a file (jsdom's File has no arrayBuffer on slices, FileReader works everywhere). */
function headOf(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

/**
 * Adds `files` to a batch that already holds `current`: each is refused by its first failed rule
 * (not a JPEG or PNG, too large, over the count, over the batch's bytes), in the order given.
 */
export async function addToBatch(
  current: readonly StudioPhoto[],
  files: readonly File[],
): Promise<{ photos: StudioPhoto[]; refused: RefusedFile[] }> {
  const photos = [...current];
  const refused: RefusedFile[] = [];
  let total = current.reduce((sum, photo) => sum + photo.file.size, 0);
  for (const file of files) {
    const type = photoTypeOf(await headOf(file, 8));
    const reason: RefusedFile['reason'] | null = !type
      ? 'type'
      : file.size >= STUDIO_LIMITS.fileBytes
        ? 'size'
        : photos.length >= STUDIO_LIMITS.files
          ? 'count'
          : total + file.size > STUDIO_LIMITS.batchBytes
            ? 'total'
            : null;
    if (reason || !type) {
      refused.push({ name: file.name, reason: reason ?? 'type' });
      continue;
    }
    photos.push({ file, type });
    total += file.size;
  }
  return { photos, refused };
}

/** The files of a dropped folder, walked recursively; hidden files (`.DS_Store`) are left out. */
async function entryFiles(entry: FileSystemEntry): Promise<File[]> {
  if (entry.name.startsWith('.')) return [];
  if (entry.isFile)
    return [
      await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)),
    ];
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in pages until an empty one.
  for (;;) {
    const page = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (page.length === 0) break;
    children.push(...page);
  }
  children.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  return (await Promise.all(children.map(entryFiles))).flat();
}

/** What a drop brought: the files of dropped folders, and dropped files as they are. */
export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((entry) => entry !== null))
    return (await Promise.all(entries.map((entry) => entryFiles(entry!)))).flat();
  return [...data.files];
}

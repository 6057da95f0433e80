/**
 * Test photos. Real images only, nothing large committed:
 *  - scikit-image's sample data from Debian's python3-skimage (public-domain / CC0 photos):
 *    astronaut.png (one face), chelsea.png (a cat), coffee.png (a cup), camera.png (a man);
 *  - @vladmandic/face-api's demo group photos (devDependency), sample1..6.jpg.
 * The skimage folder is found through $SKIMAGE_DATA, then the Debian install path, then a copy
 * extracted from the .deb into <repo>/.cache/skimage (apt-get download + dpkg -x), so CI only
 * needs apt access, not root.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DEBIAN_DIR = '/usr/lib/python3/dist-packages/skimage/data';
const CACHE_ROOT = path.join(repoRoot, '.cache', 'skimage');
const CACHED_DIR = path.join(CACHE_ROOT, 'usr/lib/python3/dist-packages/skimage/data');

function hasPhotos(dir: string | undefined): dir is string {
  return !!dir && existsSync(path.join(dir, 'astronaut.png'));
}

let resolvedDir: string | undefined;

/** Folder holding scikit-image's data photos, extracting them from the Debian package if needed. */
export function skimageDataDir(): string {
  if (resolvedDir) return resolvedDir;
  for (const dir of [process.env.SKIMAGE_DATA, DEBIAN_DIR, CACHED_DIR]) {
    if (hasPhotos(dir)) return (resolvedDir = dir);
  }
  mkdirSync(CACHE_ROOT, { recursive: true });
  execFileSync('apt-get', ['download', 'python3-skimage'], { cwd: CACHE_ROOT, stdio: 'inherit' });
  const deb = readdirSync(CACHE_ROOT).find((f) => f.startsWith('python3-skimage_') && f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download python3-skimage produced no .deb in ${CACHE_ROOT}`);
  execFileSync('dpkg', ['-x', deb, CACHE_ROOT], { cwd: CACHE_ROOT, stdio: 'inherit' });
  if (!hasPhotos(CACHED_DIR))
    throw new Error(`python3-skimage extracted but ${CACHED_DIR}/astronaut.png is missing`);
  return (resolvedDir = CACHED_DIR);
}

export const astronautPath = (): string => path.join(skimageDataDir(), 'astronaut.png');
export const chelseaPath = (): string => path.join(skimageDataDir(), 'chelsea.png');
export const coffeePath = (): string => path.join(skimageDataDir(), 'coffee.png');
export const cameraPath = (): string => path.join(skimageDataDir(), 'camera.png');

/**
 * A file of Debian's opencv-doc (Apache-2.0 AND BSD-3-Clause), extracted on first use by
 * scripts/photos.mjs, e.g. `opencvDocPath('examples/data/messi5.jpg')` (a footballer).
 */
export async function opencvDocPath(file: string): Promise<string> {
  // @ts-expect-error plain JavaScript helper shared with the server tests
  const { ensureOpencvDocPhotos } = await import('../../../scripts/photos.mjs');
  return path.join((ensureOpencvDocPhotos as () => string)(), file);
}

const require = createRequire(import.meta.url);

/** face-api demo group photo `n` (1..6). */
export function groupSamplePath(n: 1 | 2 | 3 | 4 | 5 | 6): string {
  const pkg = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
  return path.join(pkg, 'demo', `sample${n}.jpg`);
}

/**
 * Faces visible in each face-api sample, counted by eye (every person's face is in frame;
 * sample2's left woman is in profile).
 */
export const GROUP_FACES: Record<1 | 2 | 3 | 4 | 5 | 6, number> = { 1: 3, 2: 3, 3: 3, 4: 4, 5: 5, 6: 4 };

export function read(p: string): Buffer {
  return readFileSync(p);
}

/**
 * A collage of four group samples (1, 3, 5, 6: 15 faces) scaled so the whole picture is
 * `width` px wide. At 1000 px the faces are 42-60 px wide: the "small faces" case.
 * Built in memory at test time; returns JPEG bytes.
 */
export async function groupCollage(width: number): Promise<{ image: Buffer; faces: number }> {
  const tileW = Math.round(width / 2);
  const picks = [1, 3, 5, 6] as const;
  const tiles = await Promise.all(
    picks.map(async (n) => {
      const { data, info } = await sharp(groupSamplePath(n))
        .resize({ width: tileW })
        .jpeg()
        .toBuffer({ resolveWithObject: true });
      return { data, height: info.height };
    }),
  );
  const [a, b, c, d] = tiles as [(typeof tiles)[0], (typeof tiles)[0], (typeof tiles)[0], (typeof tiles)[0]];
  const row1 = Math.max(a.height, b.height);
  const height = row1 + Math.max(c.height, d.height);
  const image = await sharp({
    create: { width: tileW * 2, height, channels: 3, background: { r: 40, g: 40, b: 40 } },
  })
    .composite([
      { input: a.data, left: 0, top: 0 },
      { input: b.data, left: tileW, top: 0 },
      { input: c.data, left: 0, top: row1 },
      { input: d.data, left: tileW, top: row1 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { image, faces: picks.reduce((n, k) => n + GROUP_FACES[k], 0) };
}

/**
 * A PNG that declares width x height but carries only its first scanline of pixel data
 * (signature, IHDR, one small IDAT, IEND): a decompression-bomb stand-in that lets tests hit the
 * pixel limits without encoding a huge image. Reading its header works; decoding it would fail.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const firstRow = deflateSync(Buffer.alloc(1 + width * 3));
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', firstRow),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A file of a Debian package: installed, or extracted under .cache on first use (scripts/photos.mjs). */
export async function debianFile(pkg: string, file: string): Promise<string> {
  // @ts-expect-error -- a plain .mjs script without type declarations
  const { debianPackageFile } = await import('../../../scripts/photos.mjs');
  return (debianPackageFile as (p: string, f: string) => string)(pkg, file);
}

/**
 * A photo named in a label file (`skimage:chelsea.png`, `opencv-doc:examples/data/apple.jpg`,
 * `face-api:sample1.jpg`, or `<debian package>:<absolute path>` for a file that package installs,
 * installed or extracted on first use) as a path, extracting opencv-doc's files on first use.
 */
export async function photoPath(file: string): Promise<string> {
  const [source, name] = file.split(':') as [string, string];
  if (name.startsWith('/')) return debianFile(source, name);
  if (source === 'skimage') return path.join(skimageDataDir(), name);
  if (source === 'opencv-doc') return opencvDocPath(name);
  // Photos committed with the tests (sources and licences: fixtures/photos/LICENSES.md).
  if (source === 'fixture') return path.join(here, 'fixtures', name);
  return groupSamplePath(Number(/sample(\d)/.exec(name)?.[1]) as 1 | 2 | 3 | 4 | 5 | 6);
}

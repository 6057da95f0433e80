/**
 * Converted models as files, converted once per machine by a process of their own.
 *
 * Why a file and another process: the conversion (graph-onnx.ts, keras-onnx.ts) makes tens of
 * megabytes of short-lived buffers (weight shards joined, dequantised weights, the protobuf), and
 * glibc keeps the heap they were freed from. Every graph part's session made in one process
 * (scripts/measure-onnx-memory.ts), RSS after a full garbage collection: converted there, 168 ->
 * 369 MB; from files converted before, 158 -> 266 MB. One worker process with every model ready:
 * about 25 MB less (docs/quality.md, "Speed and memory of the shared paths"). The price: the first
 * start on a machine converts. Converting each model in a child process of its own made a 1-worker
 * pool on one core ready in 30.8 s, against 8.0 s once the files exist and 9.4 s converting in
 * memory (scripts/measure-worker-memory.ts under `taskset -c 0`, one run each), most of it each
 * child's start; so an engine first converts every missing model in one child
 * (prepareOnnxFiles), and a model converts alone only when that could not make its file: the
 * first start then took 9.6 s to ready, 7.0 s the next (same script, one run each).
 *
 * The files live in `ONNX_CACHE_DIR`, by default `<tmp>/pixora-onnx-<uid>`: a folder only this
 * user may write (another user's files are never loaded: a folder owned by someone else, or
 * writable by others, is not used). A file's name carries a hash of everything its bytes depend
 * on: the model's model.json and its weight shards' sizes, the part converted, and the source of
 * the converters, so a changed model or converter makes a new file. A file is written under a
 * temporary name and renamed, so processes starting together never read half a file, and a
 * process converts holding the folder's lock (withFolderLock), so that processes starting together
 * on one machine (a pool's workers, several `npm run worker`) convert once between them: the others
 * wait for it, then find the files. When the cache cannot be used, the caller converts in its own
 * process as before (answers the same).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const converter = fileURLToPath(
  new URL(`./convert-onnx${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url),
);
/** The sources a converted model's bytes depend on (besides the model's own files). */
const CONVERTER_SOURCES = ['graph-onnx', 'keras-onnx', 'onnx', 'models', 'human-models'];
/**
 * A conversion takes about 0.6 s on one core for the largest part, the child's start about 2 s; a
 * stuck one is given up after this much per model converted, plus the start.
 */
const CONVERSION_TIMEOUT_MS = { start: 60_000, perModel: 60_000 } as const;

function onnxCacheDir(): string {
  const uid = process.getuid?.() ?? 'user';
  return process.env.ONNX_CACHE_DIR || path.join(os.tmpdir(), `pixora-onnx-${uid}`);
}

/** The converters' sources, hashed once per process (every model's key includes them). */
let sourcesDigest: string | undefined;
function converterSources(): string {
  if (sourcesDigest === undefined) {
    const hash = createHash('sha256');
    const ext = path.extname(converter);
    for (const source of CONVERTER_SOURCES) hash.update(fs.readFileSync(path.join(here, source + ext)));
    sourcesDigest = hash.digest('hex');
  }
  return sourcesDigest;
}

/**
 * The hash of a model's origin, read once per process: an engine's start asks for every model's
 * file (prepareOnnxFiles), then again as each session is made (cachedOnnxFile).
 */
const keys = new Map<string, string>();
function cacheKey(origin: { modelJson: string; part: string }): string {
  const id = `${origin.modelJson}\0${origin.part}`;
  let key = keys.get(id);
  if (key === undefined) {
    key = hashOrigin(origin);
    keys.set(id, key);
  }
  return key;
}

function hashOrigin(origin: { modelJson: string; part: string }): string {
  const hash = createHash('sha256').update(converterSources());
  const modelJson = fs.readFileSync(origin.modelJson);
  hash.update(modelJson).update(origin.part);
  const manifest = (JSON.parse(modelJson.toString('utf8')) as { weightsManifest: Array<{ paths: string[] }> })
    .weightsManifest;
  for (const shard of manifest.flatMap((group) => group.paths))
    hash.update(`${shard}:${fs.statSync(path.join(path.dirname(origin.modelJson), shard)).size}`);
  return hash.digest('hex').slice(0, 16);
}

/** The cache folder, made if missing; null when it is not this user's alone. */
function ownFolder(): string | null {
  const dir = onnxCacheDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.statSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0)
    return null;
  return dir;
}

/** Where model `name` converted from `origin` is kept (it may not exist yet). */
function cacheFile(dir: string, name: string, origin: { modelJson: string; part: string }): string {
  return path.join(dir, `${name}-${cacheKey(origin)}.onnx`);
}

/**
 * Converts `models` in one child process, each written under a temporary name and renamed by the
 * child when complete; the temporary files of a failed conversion are removed. Throws when the
 * child fails (the models it finished before are kept).
 */
async function convertInChild(models: Array<{ name: string; file: string }>): Promise<void> {
  const stamp = `${process.pid}.${Date.now()}`;
  const jobs = models.map((m) => ({ ...m, tmp: `${m.file}.${stamp}.tmp` }));
  const loader = converter.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
  try {
    await run(process.execPath, [...loader, converter, ...jobs.flatMap((j) => [j.name, j.tmp, j.file])], {
      timeout: conversionTimeout(jobs.length),
    });
  } finally {
    for (const j of jobs) fs.rmSync(j.tmp, { force: true });
  }
}

/** The file a converting process holds in the folder, its pid inside. */
export const CONVERSION_LOCK = 'converting.lock';
/** How often a process waiting for another's conversion looks again. */
const LOCK_POLL_MS = 200;

/** Whether the process named in `lock` is alive (a lock still being written counts as held). */
function heldByLiveProcess(lock: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(lock, 'utf8');
  } catch {
    return false;
  }
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return Date.now() - fs.statSync(lock).mtimeMs < 10_000;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `convert` holding the folder's lock. A process that finds the lock held by a live process
 * waits until it is gone, at most `waitMs` (then converts without it: the files are renamed into
 * place whole, so two conversions at once cost time, never a wrong file); a lock left by a process
 * that died is removed. `convert` is called after the wait, so it sees what the other made.
 */
async function withFolderLock(dir: string, waitMs: number, convert: () => Promise<void>): Promise<void> {
  const lock = path.join(dir, CONVERSION_LOCK);
  const deadline = Date.now() + waitMs;
  let held = false;
  while (!held) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
      held = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!heldByLiveProcess(lock)) fs.rmSync(lock, { force: true });
      else if (Date.now() >= deadline) break;
      else await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }
  try {
    await convert();
  } finally {
    if (held) fs.rmSync(lock, { force: true });
  }
}

/** The longest a conversion of `count` models may take (the child's timeout). */
const conversionTimeout = (count: number) =>
  CONVERSION_TIMEOUT_MS.start + CONVERSION_TIMEOUT_MS.perModel * count;

/**
 * Makes the files of every model in `models` that has none yet, all in one child process (one
 * start instead of one per model), holding the folder's lock. Never throws: a model this could not
 * make is converted on its own when its session is made (cachedOnnxFile), or in memory.
 */
export async function prepareOnnxFiles(
  models: Array<{ name: string; origin: { modelJson: string; part: string } }>,
): Promise<void> {
  try {
    const dir = ownFolder();
    if (!dir) return;
    const files = models.map(({ name, origin }) => ({ name, file: cacheFile(dir, name, origin) }));
    const missing = () => files.filter(({ file }) => !fs.existsSync(file));
    if (missing().length === 0) return;
    await withFolderLock(dir, conversionTimeout(models.length), async () => {
      const left = missing();
      if (left.length > 0) await convertInChild(left);
    });
  } catch {
    // Left to each model's own conversion.
  }
}

/**
 * The path of model `name` converted to ONNX, converting it first (in a child process) when no
 * file holds it yet; null when the cache cannot be used (the caller converts in memory).
 */
export async function cachedOnnxFile(
  name: string,
  origin: { modelJson: string; part: string },
): Promise<string | null> {
  try {
    const dir = ownFolder();
    if (!dir) return null;
    const file = cacheFile(dir, name, origin);
    if (!fs.existsSync(file))
      await withFolderLock(dir, conversionTimeout(1), async () => {
        if (!fs.existsSync(file)) await convertInChild([{ name, file }]);
      });
    return file;
  } catch {
    return null;
  }
}

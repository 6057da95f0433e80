import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedOnnxFile, CONVERSION_LOCK, prepareOnnxFiles } from '../src/runtime/onnx-cache.ts';
import { getOnnxSession, onnxModelBytes, onnxModelOrigin } from '../src/runtime/onnx.ts';

const saved = process.env.ONNX_CACHE_DIR;
const folders: string[] = [];
const tempFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'onnx-cache-test-'));
  folders.push(dir);
  return dir;
};

afterEach(() => {
  if (saved === undefined) delete process.env.ONNX_CACHE_DIR;
  else process.env.ONNX_CACHE_DIR = saved;
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('converted-model cache', () => {
  it("waits while a live process holds the folder's lock and then uses the files it made; takes over a dead process's lock", async () => {
    const models = [{ name: 'selfie', origin: onnxModelOrigin('selfie') }];
    const dir = tempFolder();
    process.env.ONNX_CACHE_DIR = dir;
    const lock = path.join(dir, CONVERSION_LOCK);
    fs.writeFileSync(lock, String(process.pid));
    let done = false;
    const waiting = prepareOnnxFiles(models).then(() => {
      done = true;
    });
    // The holder's work: the file, made elsewhere (a conversion in a child process, which takes
    // longer than the waiting one's own would), then put in place; then the holder lets go.
    process.env.ONNX_CACHE_DIR = tempFolder();
    const made = (await cachedOnnxFile('selfie', onnxModelOrigin('selfie')))!;
    expect(done).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([CONVERSION_LOCK]);
    const placed = path.join(dir, path.basename(made));
    fs.copyFileSync(made, placed);
    const written = fs.statSync(placed).mtimeMs;
    fs.rmSync(lock);
    await waiting;
    expect(fs.readdirSync(dir)).toEqual([path.basename(made)]);
    expect(fs.statSync(placed).mtimeMs).toBe(written);

    // A lock whose process has ended is removed, and the conversion goes ahead.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const other = tempFolder();
    process.env.ONNX_CACHE_DIR = other;
    fs.writeFileSync(path.join(other, CONVERSION_LOCK), String(gone));
    await prepareOnnxFiles(models);
    expect(fs.readdirSync(other)).toEqual([path.basename(made)]);
  });

  it('converts a model once, in another process, into the bytes the in-memory conversion makes', async () => {
    const dir = tempFolder();
    process.env.ONNX_CACHE_DIR = path.join(dir, 'cache');
    const file = await cachedOnnxFile('selfie', onnxModelOrigin('selfie'));
    expect(file).not.toBeNull();
    expect(path.dirname(file!)).toBe(path.join(dir, 'cache'));
    expect(fs.statSync(path.dirname(file!)).mode & 0o077).toBe(0);
    expect(Buffer.compare(fs.readFileSync(file!), Buffer.from(onnxModelBytes('selfie')))).toBe(0);
    // Found the second time, not converted again; no temporary file left behind.
    const written = fs.statSync(file!).mtimeMs;
    expect(await cachedOnnxFile('selfie', onnxModelOrigin('selfie'))).toBe(file);
    expect(fs.statSync(file!).mtimeMs).toBe(written);
    expect(fs.readdirSync(path.dirname(file!))).toEqual([path.basename(file!)]);
    // Another part of a model, or another model, is another file.
    const other = await cachedOnnxFile('blazeface-front', onnxModelOrigin('blazeface-front'));
    expect(other).not.toBe(file);
  });

  it('does not use a folder others may write to, nor a model name the converter does not know', async () => {
    const open = tempFolder();
    fs.chmodSync(open, 0o777);
    process.env.ONNX_CACHE_DIR = open;
    expect(await cachedOnnxFile('selfie', onnxModelOrigin('selfie'))).toBeNull();
    expect(fs.readdirSync(open)).toEqual([]);
    process.env.ONNX_CACHE_DIR = tempFolder();
    expect(await cachedOnnxFile('no-such-model', onnxModelOrigin('selfie'))).toBeNull();
    expect(fs.readdirSync(process.env.ONNX_CACHE_DIR)).toEqual([]);
  });

  it('converts every missing model in one child process, keeps those it made when a later one fails, and leaves no temporary file', async () => {
    const dir = tempFolder();
    process.env.ONNX_CACHE_DIR = dir;
    const first = (await cachedOnnxFile('blazeface-front', onnxModelOrigin('blazeface-front')))!;
    const written = fs.statSync(first).mtimeMs;
    const models = (['blazeface-front', 'selfie', 'facemesh'] as const).map((name) => ({
      name,
      origin: onnxModelOrigin(name),
    }));
    await prepareOnnxFiles(models);
    const files = fs.readdirSync(dir).sort();
    expect(files.map((f) => f.replace(/-[0-9a-f]{16}\.onnx$/, ''))).toEqual([
      'blazeface-front',
      'facemesh',
      'selfie',
    ]);
    // The file there before is kept as it was; the others are the in-memory conversion's bytes.
    expect(fs.statSync(first).mtimeMs).toBe(written);
    const selfie = (await cachedOnnxFile('selfie', onnxModelOrigin('selfie')))!;
    expect(Buffer.compare(fs.readFileSync(selfie), Buffer.from(onnxModelBytes('selfie')))).toBe(0);
    // A model the converter does not know stops the child after the ones before it; nothing throws.
    const other = tempFolder();
    process.env.ONNX_CACHE_DIR = other;
    await prepareOnnxFiles([
      { name: 'selfie', origin: onnxModelOrigin('selfie') },
      { name: 'no-such-model', origin: onnxModelOrigin('facemesh') },
    ]);
    expect(fs.readdirSync(other).map((f) => f.replace(/-[0-9a-f]{16}\.onnx$/, ''))).toEqual(['selfie']);
  });

  it('removes a damaged file and makes the session from the model converted in memory', async () => {
    process.env.ONNX_CACHE_DIR = tempFolder();
    const file = (await cachedOnnxFile('blazeface-front', onnxModelOrigin('blazeface-front')))!;
    fs.writeFileSync(file, 'not an ONNX model');
    const session = await getOnnxSession('blazeface-front');
    expect(session.inputNames).toEqual(['input']);
    expect(fs.existsSync(file)).toBe(false);
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pixora, PixoraError } from '../src/index.ts';
import { KEY, SECRET, startPlatform } from './platform.ts';

const JOB_ITEMS = 100;

let platform: Awaited<ReturnType<typeof startPlatform>>;
let pixora: Pixora;

beforeAll(async () => {
  platform = await startPlatform();
  pixora = new Pixora({ baseUrl: platform.baseUrl, apiKey: KEY, apiSecret: SECRET, language: 'en' });
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

describe('the SDK against a running platform', () => {
  it('finds the one face of the astronaut by a signed call, from a path, bytes, a stream and a URL', async () => {
    const { astronaut } = platform.files;
    const inputs = [
      astronaut,
      fs.readFileSync(astronaut),
      fs.createReadStream(astronaut),
      new URL(platform.photoUrl('astronaut')),
    ];
    for (const input of inputs) {
      const { answer } = await pixora.faceDetect(input);
      expect(answer.face_num).toBe(1);
      const box = answer.faces[0]!.face_rectangle;
      // Her face is in the upper half of the portrait, left of centre.
      expect(box.top + box.height / 2).toBeLessThan(160);
      expect(box.left + box.width / 2).toBeLessThan(200);
    }
  });

  it('uploads a photo once (signed) and calls with its key', async () => {
    const uploaded = await pixora.upload(fs.createReadStream(platform.files.astronaut));
    expect(uploaded.type).toBe('jpg');
    const { answer } = await pixora.faceDetect({ upload: uploaded.key });
    expect(answer.face_num).toBe(1);
  });

  it('calls with the secret in the query when asked to, and by endpoint path', async () => {
    const query = new Pixora({ baseUrl: platform.baseUrl, apiKey: KEY, apiSecret: SECRET, auth: 'query' });
    const { answer } = await query.call('v2/facepoints', platform.files.astronaut, { landmark_type: '106' });
    expect(answer.faces).toHaveLength(1);
    expect(answer.faces[0]!.face_landmark.points_106).toHaveLength(106);
  });

  it('answers a result image as a short-lived URL and downloads it', async () => {
    const result = await pixora.personSplit(platform.files.astronaut, { rsp_media_type: 'url' });
    expect(result.media?.type).toBe('url');
    expect(result.media?.expiresAt).toBeTruthy();
    const cutout = await pixora.download(result.media!);
    const meta = await sharp(cutout).metadata();
    expect([meta.format, meta.width, meta.hasAlpha]).toEqual(['png', 320, true]);
    // The person is kept: the cut-out's centre (her body) is opaque, its top-left corner (the wall) clear.
    const { data, info } = await sharp(cutout).raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
    expect(alpha(160, 250)).toBeGreaterThan(200);
    expect(alpha(5, 5)).toBeLessThan(50);
  });

  it("throws the platform's error: its code, message and status", async () => {
    const error = await pixora.facePoint(platform.files.coffee).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PixoraError);
    expect((error as PixoraError).code).toBeGreaterThanOrEqual(20000);
    expect((error as PixoraError).message).toMatch(/face/i);
    const stranger = new Pixora({ baseUrl: platform.baseUrl, apiKey: 'no-such-key', apiSecret: 'x' });
    const refused = (await stranger
      .faceDetect(platform.files.astronaut)
      .catch((e: unknown) => e)) as PixoraError;
    expect([refused.status, refused.code]).toEqual([401, 10028]);
  });

  it('cancels a call whose signal is aborted', async () => {
    const controller = new AbortController();
    const call = pixora.faceDetect(platform.files.astronaut, {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('runs a job over several photos and reports each item', async () => {
    const { astronaut, coffee, chelsea } = platform.files;
    const job = await pixora.createJob('facedetect', [astronaut, coffee, chelsea]);
    const seen: number[] = [];
    const done = await pixora.waitForJob(job.job_id, {
      intervalMs: 200,
      onProgress: (j) => seen.push(j.progress),
    });
    expect(done.status).toBe('done');
    expect(done.total).toBe(3);
    expect(seen.at(-1)).toBe(1);
    const faces = done.items.map(
      (item) => (item.answer?.media_info_list[0]?.media_extra as { face_num?: number } | undefined)?.face_num,
    );
    // The astronaut has a face; the coffee cup and the cat have none a face detector should report.
    expect(faces[0]).toBe(1);
    const zip = await pixora.jobResultsZip(job.job_id);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
  });

  it('cancels a job (signed DELETE): the photos not started never run; cancelling again changes nothing', async () => {
    const { astronaut } = platform.files;
    const job = await pixora.createJob(
      'facedetect',
      Array.from({ length: 12 }, () => astronaut),
    );
    const cancelled = await pixora.cancelJob(job.job_id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.items.filter((item) => item.status === 'queued')).toEqual([]);
    expect(cancelled.cancelled).toBeGreaterThan(0);
    // waitForJob waits for the photos that were running when the job was cancelled.
    const finished = await pixora.waitForJob(job.job_id, { intervalMs: 100 });
    expect(finished.status).toBe('cancelled');
    expect(finished.finished_at).not.toBeNull();
    expect(finished.cancelled).toBe(cancelled.cancelled);
    expect(finished.succeeded + finished.failed + finished.cancelled).toBe(12);
    expect(await pixora.cancelJob(job.job_id)).toMatchObject({
      status: 'cancelled',
      cancelled: finished.cancelled,
      finished_at: finished.finished_at,
    });
    // The app's job list has it, newest first, among the cancelled ones and without its items.
    const listed = await pixora.listJobs({ status: 'cancelled', limit: 1 });
    expect(listed.jobs.map((j) => [j.job_id, j.status, j.cancelled])).toEqual([
      [job.job_id, 'cancelled', finished.cancelled],
    ]);
    expect(listed.jobs[0]).not.toHaveProperty('items');
    expect((await pixora.listJobs({ status: 'queued' })).jobs.map((j) => j.job_id)).not.toContain(job.job_id);
    // Kept by its capability, left out under another's.
    const ownCapability = await pixora.listJobs({ capability: job.capability });
    expect(ownCapability.jobs.map((j) => j.job_id)).toContain(job.job_id);
    expect(ownCapability.jobs.every((j) => j.capability === job.capability)).toBe(true);
    const other = job.capability === 'v2/facepoints' ? 'v1/facedetect' : 'v2/facepoints';
    expect((await pixora.listJobs({ capability: other })).jobs.map((j) => j.job_id)).not.toContain(
      job.job_id,
    );
    const missing = (await pixora
      .cancelJob('job_000000000000000000000000')
      .catch((e: unknown) => e)) as PixoraError;
    expect([missing.status, missing.code]).toEqual([404, 10004]);
  });
});

const BIN = fileURLToPath(new URL('../bin/pixora.mjs', import.meta.url));

function cli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: platform.dir,
      env: {
        ...process.env,
        PIXORA_BASE_URL: platform.baseUrl,
        PIXORA_API_KEY: KEY,
        PIXORA_API_SECRET: SECRET,
        PIXORA_CONFIG: path.join(platform.dir, 'no-config.json'),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('the pixora command against a running platform', () => {
  it('pixora facepoints photo.jpg: JSON on stdout', async () => {
    const run = await cli(['facepoints', 'astronaut.jpg', '-p', 'landmark_type=106']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      answer: { faces: Array<{ face_landmark: { points_106: unknown[] } }> };
    };
    expect(out.answer.faces).toHaveLength(1);
    expect(out.answer.faces[0]!.face_landmark.points_106).toHaveLength(106);
  });

  it('pixora segment photo.jpg -o cutout.png saves the cut-out', async () => {
    const run = await cli(['segment', 'astronaut.jpg', '-o', 'out/cutout.png']);
    expect(run.code).toBe(0);
    const meta = await sharp(path.join(platform.dir, 'out/cutout.png')).metadata();
    expect([meta.format, meta.width, meta.hasAlpha]).toEqual(['png', 320, true]);
    expect(JSON.parse(run.stdout).media).toMatchObject({ type: 'png', saved: 'out/cutout.png' });
  });

  it('-o saves the mask beside the cut-out, named by field; --param-file sets parameters, -p wins over it', async () => {
    fs.writeFileSync(path.join(platform.dir, 'params.json'), '{"rsp_media_type": "url"}');
    // The mask comes as a short-lived URL here: the command downloads it.
    const byUrl = await cli([
      'segment',
      'astronaut.jpg',
      '--param-file',
      'params.json',
      '-o',
      'fields/seg.png',
    ]);
    expect(byUrl.code).toBe(0);
    const printed = JSON.parse(byUrl.stdout) as {
      media: { type: string; saved: string };
      saved_fields: Record<string, string>;
    };
    expect(printed.media).toMatchObject({ type: 'url', saved: 'fields/seg.png' });
    expect(printed.saved_fields).toEqual({ mask: 'fields/seg-mask.png' });
    expect(byUrl.stderr).toContain('saved fields/seg-mask.png (PNG');
    const mask = await sharp(path.join(platform.dir, 'fields/seg-mask.png')).metadata();
    expect([mask.format, mask.width, mask.channels]).toEqual(['png', 320, 1]);
    // -p over the file: base64 this time.
    const byBase64 = await cli([
      'segment',
      'astronaut.jpg',
      '--param-file',
      'params.json',
      '-p',
      'rsp_media_type=jpg',
      '-o',
      'fields/b64.png',
    ]);
    expect(JSON.parse(byBase64.stdout)).toMatchObject({
      media: { type: 'png', saved: 'fields/b64.png' },
      saved_fields: { mask: 'fields/b64-mask.png' },
    });
    // The mask keeps the person (her body, in the middle) and drops the wall (the top-left corner).
    const { data, info } = await sharp(path.join(platform.dir, 'fields/b64-mask.png'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[250 * info.width + 160]).toBeGreaterThan(200);
    expect(data[5 * info.width + 5]).toBeLessThan(50);
    fs.writeFileSync(path.join(platform.dir, 'broken.json'), '{rsp_media_type: url}');
    const broken = await cli(['segment', 'astronaut.jpg', '--param-file', 'broken.json']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^broken\.json is not a JSON object of parameters/);
  });

  it('pixora batch runs a folder as a job with progress, and writes each result', async () => {
    const folder = path.join(platform.dir, 'batch-in');
    fs.mkdirSync(folder, { recursive: true });
    for (const name of ['astronaut', 'chelsea', 'coffee'])
      fs.copyFileSync(path.join(platform.dir, `${name}.jpg`), path.join(folder, `${name}.jpg`));
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an image');
    const run = await cli(['batch', 'segment', 'batch-in', '-o', 'batch-out']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('3/3');
    expect(JSON.parse(run.stdout)).toMatchObject({ total: 3, succeeded: 3, failed: 0 });
    const written = fs.readdirSync(path.join(platform.dir, 'batch-out')).sort();
    // Each photo's answer, its cut-out and its mask (the image field, named by field).
    expect(written).toEqual([
      'astronaut-mask.png',
      'astronaut.json',
      'astronaut.png',
      'chelsea-mask.png',
      'chelsea.json',
      'chelsea.png',
      'coffee-mask.png',
      'coffee.json',
      'coffee.png',
    ]);
  });

  it('pixora job <id> --cancel cancels the job and prints it', async () => {
    // As many photos as a job may hold: the command's own start (a new Node process) must come
    // before the worker has done them all, or there is nothing left to cancel.
    const job = await pixora.createJob(
      'facedetect',
      Array.from({ length: JOB_ITEMS }, () => platform.files.astronaut),
    );
    const run = await cli(['job', job.job_id, '--cancel']);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { job_id: string; status: string; cancelled: number };
    expect(printed).toMatchObject({ job_id: job.job_id, status: 'cancelled' });
    expect(printed.cancelled).toBeGreaterThan(0);
    expect((await pixora.getJob(job.job_id)).status).toBe('cancelled');
    // `pixora jobs` lists it first, as JSON, and as a table for a person.
    const listed = JSON.parse((await cli(['jobs', '--limit', '1'])).stdout) as {
      jobs: Array<{ job_id: string }>;
    };
    expect(listed.jobs.map((j) => j.job_id)).toEqual([job.job_id]);
    const table = await cli(['jobs', '--pretty', '--language', 'en', '--status', 'cancelled']);
    expect(table.stdout.split('\n')[0]).toMatch(/^job id +status +done\/total/);
    expect(table.stdout.split('\n')[1]).toMatch(new RegExp(`^${job.job_id} +cancelled +\\d+/${JOB_ITEMS} `));
  });

  it('--pretty prints for a person; mistakes answer exit code 2, the platform refusing 1', async () => {
    const pretty = await cli(['facedetect', 'astronaut.jpg', '--pretty']);
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toMatch(/^face_num: 1$/m);
    expect((await cli(['no-such-capability', 'astronaut.jpg'])).code).toBe(2);
    expect((await cli(['facedetect', 'missing.jpg'])).code).toBe(2);
    const refused = await cli(['facedetect', 'astronaut.jpg'], { PIXORA_API_SECRET: 'wrong' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error 100\d\d: /);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CAPABILITIES } from './capabilities.generated.ts';
import { configFileSettings, resolveSettings, type CliSettings } from './cli-config.ts';
import { cliLanguage, say, USAGE, UsageError, type Language } from './cli-messages.ts';
import type { JobList } from './capabilities.generated.ts';
import { findCapability, Pixora, SDK_VERSION, type Job, type ListJobsOptions } from './client.ts';
import { PixoraError } from './errors.ts';
import { sniffType } from './images.ts';
import { pretty } from './pretty.ts';

/** Where the CLI writes: the process's streams, or a test's. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (then progress redraws one line). */
  tty: boolean;
  env: NodeJS.ProcessEnv;
}

/** The help text in `language`. */
const usage = (language: Language) => USAGE[language].replace('{version}', SDK_VERSION);

const IMAGE = /\.(jpe?g|png|webp|gif)$/i;

/** `name=value` pairs as parameters: JSON where the value reads as JSON (5, true, [1,2]), else the text. */
export function parseParameters(pairs: readonly string[]): Record<string, unknown> {
  const parameters: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError('paramShape', { pair });
    const value = pair.slice(eq + 1);
    let parsed: unknown = value;
    try {
      parsed = JSON.parse(value);
    } catch {
      // Plain text.
    }
    parameters[pair.slice(0, eq)] = parsed;
  }
  return parameters;
}

/** The parameters of a `--param-file`: a JSON object of name → value. */
export function readParameterFile(file: string): Record<string, unknown> {
  if (!fs.existsSync(file)) throw new UsageError('notFound', { path: file });
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError('paramFile', { path: file, reason: (error as Error).message });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError('paramFile', {
      path: file,
      reason: Array.isArray(parsed) ? 'array' : typeof parsed,
    });
  return parsed as Record<string, unknown>;
}

/**
 * Saves the answer's image fields (`imageFields` of the contract: a mask) beside `base`, as
 * `<base>-<field>.<ext>` from their bytes (base64 or a short-lived URL); answers field → path.
 */
async function saveImageFields(
  client: Pixora,
  answer: unknown,
  fields: readonly string[],
  base: string,
): Promise<Record<string, string>> {
  const saved: Record<string, string> = {};
  for (const field of fields) {
    const value = (answer as Record<string, unknown> | null)?.[field];
    if (typeof value !== 'string' || !value) continue;
    const bytes = await client.download(value);
    const file = `${base}-${field}.${extensionOf(bytes)}`;
    fs.writeFileSync(file, bytes);
    saved[field] = file;
  }
  return saved;
}

/** A path without its extension: where the image fields of `output` go. */
const withoutExtension = (file: string) => file.slice(0, file.length - path.extname(file).length);

function capabilityOf(name: string | undefined) {
  if (!name) throw new UsageError('nameCapability');
  const info = findCapability(name);
  if (!info) throw new UsageError('noCapability', { name });
  return info;
}

/** The images of a batch: every image file of the folders given (not their subfolders) and the files given. */
export function batchInputs(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    if (!fs.existsSync(p)) throw new UsageError('notFound', { path: p });
    if (fs.statSync(p).isDirectory())
      files.push(
        ...fs
          .readdirSync(p)
          .filter((name) => IMAGE.test(name))
          .sort()
          .map((name) => path.join(p, name)),
      );
    else files.push(p);
  }
  if (!files.length) throw new UsageError('noImages');
  return files;
}

/** A progress bar of `done` of `total`: `[########------------] 12/30`. */
export function progressBar(
  done: number,
  total: number,
  failed: number,
  width = 24,
  language: Language = 'en',
): string {
  const filled = total ? Math.round((done / total) * width) : width;
  const tail = failed ? say(language, 'failedTail', { n: failed }) : '';
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}${tail}`;
}

/** The extension a result is saved under, from its bytes. */
const extensionOf = (bytes: Buffer) => sniffType(bytes) ?? 'jpg';

/** Items per job: below the platform's JOB_MAX_ITEMS default (100) and its body limit for large photos. */
const CHUNK_ITEMS = 50;
const CHUNK_BYTES = 32 * 1024 * 1024;

function chunks(files: string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const file of files) {
    const size = Math.ceil((fs.statSync(file).size * 4) / 3);
    if (current.length && (current.length >= CHUNK_ITEMS || bytes + size > CHUNK_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

async function batch(
  client: Pixora,
  capability: string,
  inputs: string[],
  outDir: string | undefined,
  parameters: Record<string, unknown>,
  io: CliIo,
  language: Language,
) {
  if (!outDir) throw new UsageError('batchNeedsOutput');
  const info = capabilityOf(capability);
  if (info.images !== 1) throw new UsageError('batchOneImage', { endpoint: info.endpoint, n: info.images });
  const files = batchInputs(inputs);
  fs.mkdirSync(outDir, { recursive: true });
  const groups = chunks(files);
  const jobs: Job[] = [];
  for (const group of groups) jobs.push(await client.createJob(info.endpoint, group, parameters));
  const total = files.length;
  let shown = '';
  const show = (views: Job[]) => {
    const done = views.reduce((n, j) => n + j.succeeded + j.failed, 0);
    const failed = views.reduce((n, j) => n + j.failed, 0);
    const bar = progressBar(done, total, failed, 24, language);
    if (bar === shown) return;
    shown = bar;
    io.stderr(io.tty ? `\r${bar}` : `${bar}\n`);
  };
  const views = [...jobs];
  show(views);
  await Promise.all(
    jobs.map(async (job, i) => {
      views[i] = await client.waitForJob(job.job_id, {
        intervalMs: 500,
        onProgress: (view) => {
          views[i] = view;
          show(views);
        },
      });
    }),
  );
  if (io.tty) io.stderr('\n');
  let succeeded = 0;
  let failed = 0;
  for (const [j, job] of views.entries()) {
    for (const item of job.items) {
      const source = groups[j]![item.index]!;
      const base = path.join(outDir, path.basename(source, path.extname(source)));
      if (item.status !== 'succeeded' || !item.answer) {
        failed += 1;
        fs.writeFileSync(
          `${base}.error.json`,
          `${JSON.stringify(item.error ?? { status: item.status }, null, 2)}\n`,
        );
        continue;
      }
      succeeded += 1;
      const media = item.answer.media_info_list[0]!;
      fs.writeFileSync(`${base}.json`, `${JSON.stringify(media.media_extra, null, 2)}\n`);
      await saveImageFields(client, media.media_extra, info.imageFields, base);
      if (media.media_data) {
        const bytes = await client.download({
          type: media.media_profiles?.media_data_type ?? 'jpg',
          data: media.media_data,
        });
        fs.writeFileSync(`${base}.${extensionOf(bytes)}`, bytes);
      }
    }
  }
  const summary = {
    capability: info.endpoint,
    jobs: views.map((j) => j.job_id),
    total,
    succeeded,
    failed,
    output: outDir,
  };
  return { summary, failed };
}

const JOB_STATUSES = ['queued', 'running', 'done', 'cancelled'] as const;

/**
 * `pixora jobs`: the page asked for by --limit, --cursor, --status and --capability (named as for a
 * call: endpoint, its last part or the SDK's method name), checked before it is sent.
 */
function jobsQuery(values: {
  limit?: string;
  cursor?: string;
  status?: string;
  capability?: string;
}): ListJobsOptions {
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100))
    throw new UsageError('badLimit', { value: values.limit! });
  const status = values.status as ListJobsOptions['status'];
  if (status !== undefined && !JOB_STATUSES.includes(status))
    throw new UsageError('badStatus', { value: values.status! });
  return {
    ...(limit !== undefined ? { limit } : {}),
    ...(values.cursor !== undefined ? { cursor: values.cursor } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(values.capability !== undefined ? { capability: capabilityOf(values.capability).endpoint } : {}),
  };
}

/**
 * `pixora jobs --pretty`: one line a job under a header in the CLI's language, then the command for
 * the next page: the same filters and page size with the cursor (a cursor alone would page through
 * every job after that one).
 */
function jobsTable(page: JobList, query: ListJobsOptions, language: Language): string {
  if (!page.jobs.length)
    return `${say(language, 'noJobs')}
`;
  const rows = [
    say(language, 'jobsHeader').split('|'),
    ...page.jobs.map((job) => [
      job.job_id,
      job.status,
      `${job.succeeded + job.failed}/${job.total}`,
      String(job.failed),
      String(job.cancelled),
      job.capability,
      job.created_at.replace('T', ' ').slice(0, 19),
    ]),
  ];
  // Columns padded by display width: CJK characters take two cells.
  const width = (text: string) =>
    [...text].reduce((n, c) => n + (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffdc]/.test(c) ? 2 : 1), 0);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => width(row[i]!))));
  const lines = rows.map((row) =>
    row
      .map((cell, i) => cell + ' '.repeat(widths[i]! - width(cell)))
      .join('  ')
      .trimEnd(),
  );
  if (page.next_cursor) {
    const options = [
      ...(query.status !== undefined ? ['--status', query.status] : []),
      ...(query.capability !== undefined ? ['--capability', query.capability] : []),
      ...(query.limit !== undefined ? ['--limit', String(query.limit)] : []),
      '--cursor',
      page.next_cursor,
      '--pretty',
    ];
    lines.push('', say(language, 'moreJobs', { options: options.join(' ') }));
  }
  return `${lines.join('\n')}\n`;
}

/** Runs the command line; answers the exit code (0 done, 1 the platform refused or failed, 2 a usage error). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        param: { type: 'string', short: 'p', multiple: true },
        output: { type: 'string', short: 'o' },
        'param-file': { type: 'string' },
        pretty: { type: 'boolean' },
        cancel: { type: 'boolean' },
        status: { type: 'string' },
        capability: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
        'base-url': { type: 'string' },
        key: { type: 'string' },
        secret: { type: 'string' },
        auth: { type: 'string' },
        language: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    }));
  } catch (error) {
    const language = cliLanguage([io.env.PIXORA_LANGUAGE, configFileSettings(io.env).language], io.env);
    io.stderr(`${(error as Error).message}\n\n${usage(language)}`);
    return 2;
  }
  const language = cliLanguage(
    [values.language, io.env.PIXORA_LANGUAGE, configFileSettings(io.env).language],
    io.env,
  );
  const print = (value: unknown) =>
    io.stdout(`${values.pretty ? pretty(value, language) : JSON.stringify(value, null, 2)}\n`);
  const [command, ...rest] = positionals;
  if (values.version) {
    io.stdout(`${SDK_VERSION}\n`);
    return 0;
  }
  if (values.help || !command || command === 'help') {
    io.stdout(usage(language));
    return command || values.help ? 0 : 2;
  }
  try {
    if (command === 'list') {
      const rows = Object.entries(CAPABILITIES).map(([method, info]) => ({
        method,
        endpoint: info.endpoint,
        kind: info.kind,
        images: info.images,
      }));
      if (values.pretty)
        io.stdout(
          `${rows.map((r) => `${r.endpoint.padEnd(26)} ${r.method.padEnd(28)} ${r.kind ?? ''}`).join('\n')}\n`,
        );
      else print(rows);
      return 0;
    }
    const flags: CliSettings = {
      baseUrl: values['base-url'],
      apiKey: values.key,
      apiSecret: values.secret,
      auth: values.auth,
      language: values.language,
      timeoutMs: values.timeout ? Number(values.timeout) : undefined,
    };
    let client: Pixora;
    try {
      client = new Pixora(resolveSettings(flags, io.env));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError('badConfig', { file: 'settings', reason: (error as Error).message });
    }
    const parameters = {
      ...(values['param-file'] ? readParameterFile(values['param-file']) : {}),
      ...parseParameters(values.param ?? []),
    };
    if (command === 'job') {
      if (!rest[0]) throw new UsageError('jobNeedsId');
      print(values.cancel ? await client.cancelJob(rest[0]) : await client.getJob(rest[0]));
      return 0;
    }
    if (command === 'jobs') {
      const query = jobsQuery(values);
      const page = await client.listJobs(query);
      if (values.pretty) io.stdout(jobsTable(page, query, language));
      else print(page);
      return 0;
    }
    if (command === 'batch') {
      const [capability, ...inputs] = rest;
      if (!inputs.length) throw new UsageError('batchNeedsInputs');
      const { summary, failed } = await batch(
        client,
        capability!,
        inputs,
        values.output,
        parameters,
        io,
        language,
      );
      print(summary);
      return failed ? 1 : 0;
    }
    const info = capabilityOf(command);
    if (rest.length !== info.images)
      throw new UsageError('imageCount', { endpoint: info.endpoint, n: info.images, given: rest.length });
    for (const image of rest)
      if (!/^https?:\/\//i.test(image) && !fs.existsSync(image))
        throw new UsageError('notFound', { path: image });
    const result = await client.call(info.endpoint as never, rest as never, parameters as never);
    let saved: string | undefined;
    let savedFields: Record<string, string> = {};
    if (values.output) {
      // The format said is the one of the bytes, whatever the file's name says.
      const tell = (file: string) => {
        const bytes = fs.readFileSync(file);
        const format = extensionOf(bytes).toUpperCase();
        io.stderr(`${say(language, 'saved', { path: file, format, bytes: bytes.length })}\n`);
      };
      fs.mkdirSync(path.dirname(path.resolve(values.output)), { recursive: true });
      if (result.media) {
        fs.writeFileSync(values.output, await client.download(result.media));
        saved = values.output;
        tell(values.output);
      }
      // Image fields such as a mask go beside it, named by field.
      savedFields = await saveImageFields(
        client,
        result.answer,
        info.imageFields,
        withoutExtension(values.output),
      );
      Object.values(savedFields).forEach(tell);
      if (!saved && !Object.keys(savedFields).length)
        io.stderr(`${say(language, 'noImageAnswer', { endpoint: info.endpoint, path: values.output })}\n`);
    }
    const media = result.media
      ? {
          type: result.media.type,
          ...(saved ? { saved } : {}),
          ...(result.media.type === 'url'
            ? { url: result.media.data, expires_at: result.media.expiresAt }
            : {}),
        }
      : undefined;
    print(
      values.pretty
        ? result.answer
        : {
            answer: result.answer,
            ...(media ? { media } : {}),
            ...(Object.keys(savedFields).length ? { saved_fields: savedFields } : {}),
          },
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${say(language, error.key, error.args)}\n`);
      return 2;
    }
    if (error instanceof PixoraError) {
      const line =
        error.code !== null
          ? say(language, 'platformError', { code: error.code, message: error.message })
          : say(language, 'httpError', { status: error.status || '-', message: error.message });
      io.stderr(`${line}\n`);
      return 1;
    }
    io.stderr(`${(error as Error).message}\n`);
    return 1;
  }
}

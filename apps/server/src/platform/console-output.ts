/**
 * What the server prints for the person who started it: a short start banner, and log lines
 * readable by eye when stdout is a terminal (JSON lines otherwise, for log collectors).
 */
import { Writable } from 'node:stream';
import { terminalLanguage, type Language } from '@pixora/sdk/language';
import { databaseUrl, DEFAULT_DEMO_KEY, DEFAULT_DEMO_SECRET, type Config } from './config.ts';

export { terminalLanguage };

const LABELS = {
  title: ['Pixora AI 开放平台已启动', 'Pixora AI 開放平台已啟動', 'Pixora AI Open Platform is running'],
  website: ['网站', '網站', 'Website'],
  api: ['接口示例', '介面範例', 'API example'],
  key: ['演示凭证', '示範憑證', 'Demo key'],
  database: ['数据库', '資料庫', 'Database'],
  workers: ['推理进程', '推理程序', 'Workers'],
  workersValue: [
    '{n} 个（{isolation}），模型加载中，/readyz 就绪后返回 200',
    '{n} 個（{isolation}），模型載入中，/readyz 就緒後回傳 200',
    '{n} ({isolation}), loading models; /readyz answers 200 when ready',
  ],
  outbox: ['本地发件箱', '本機寄件匣', 'Local outbox'],
  outboxValue: [
    '{url}（未配置 SMTP_URL / SMS_WEBHOOK_URL：注册邮件与短信验证码在这里）',
    '{url}（未設定 SMTP_URL / SMS_WEBHOOK_URL：註冊郵件與簡訊驗證碼在這裡）',
    '{url} (no SMTP_URL / SMS_WEBHOOK_URL: registration mail and SMS codes land here)',
  ],
  stop: ['按 Ctrl+C 停止。', '按 Ctrl+C 停止。', 'Press Ctrl+C to stop.'],
  demoWarning: [
    '演示应用使用默认凭证（{key}），而服务监听 {host}，网络上的任何人都能用它调用接口。请设置 DEMO_API_KEY 与 DEMO_API_SECRET，或设 HOST=127.0.0.1。',
    '示範應用使用預設憑證（{key}），而服務監聽 {host}，網路上的任何人都能用它呼叫介面。請設定 DEMO_API_KEY 與 DEMO_API_SECRET，或設 HOST=127.0.0.1。',
    'The demo app has the default credentials ({key}) and the server listens on {host}: anyone on the network can call the API with them. Set DEMO_API_KEY and DEMO_API_SECRET, or HOST=127.0.0.1.',
  ],
} as const;

const INDEX: Record<Language, number> = { zh: 0, zh_tw: 1, en: 2 };

/** The database as a person reads it: the SQLite file, or the PostgreSQL address without its password. */
function describeDatabase(config: Config): string {
  const url = databaseUrl(config);
  if (url.startsWith('sqlite:')) return `SQLite ${url.replace(/^sqlite:(\/\/)?/, '')}`;
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** The banner printed once the server listens on `address` (`http://0.0.0.0:8080`). */
export function startBanner(
  config: Config,
  address: string,
  language: Language = terminalLanguage(),
): string {
  const l = (key: keyof typeof LABELS): string => LABELS[key][INDEX[language]]!;
  const warning = demoCredentialsWarning(config, language);
  // A wildcard listen address is reached as localhost from the same machine.
  const origin = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost');
  const rows: Array<[string, string]> = [
    [l('website'), `${origin}/`],
    [l('api'), `${origin}/v2/facepoints`],
    // The secret is printed only while it is the public local default.
    [
      l('key'),
      config.DEMO_API_SECRET === DEFAULT_DEMO_SECRET
        ? `${config.DEMO_API_KEY} / ${config.DEMO_API_SECRET}`
        : `${config.DEMO_API_KEY} / DEMO_API_SECRET`,
    ],
    [l('database'), describeDatabase(config)],
    [
      l('workers'),
      l('workersValue')
        .replace('{n}', String(config.WORKERS))
        .replace('{isolation}', config.WORKER_ISOLATION),
    ],
  ];
  if (!config.SMTP_URL || !config.SMS_WEBHOOK_URL)
    rows.push([l('outbox'), l('outboxValue').replace('{url}', `${origin}/outbox`)]);
  // Labels padded by display width: CJK characters take two columns.
  const width = (s: string) =>
    [...s].reduce((n, c) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 2 : 1), 0);
  const pad = Math.max(...rows.map(([label]) => width(label))) + 2;
  return [
    '',
    `  ${l('title')}`,
    '',
    ...rows.map(([label, value]) => `  ${label}${' '.repeat(pad - width(label))}${value}`),
    '',
    ...(warning ? [`  ! ${warning}`, ''] : []),
    `  ${l('stop')}`,
    '',
  ].join('\n');
}

/** Whether `host` (the HOST setting) is reached only from this machine. */
function loopbackOnly(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * The warning logged at start while the demo app keeps the published default key and secret and
 * the server listens beyond loopback (the default HOST, 0.0.0.0, is every interface); else undefined.
 */
export function demoCredentialsWarning(
  config: Config,
  language: Language = terminalLanguage(),
): string | undefined {
  const published =
    config.DEMO_API_KEY === DEFAULT_DEMO_KEY && config.DEMO_API_SECRET === DEFAULT_DEMO_SECRET;
  if (!published || loopbackOnly(config.HOST)) return undefined;
  return LABELS.demoWarning[INDEX[language]]!.replace(
    '{key}',
    `${config.DEMO_API_KEY} / ${config.DEMO_API_SECRET}`,
  ).replace('{host}', config.HOST);
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, not repeated after the message. */
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

/** One JSON log line as a person reads it: `12:00:01 INFO  message  key=value ...`. */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const rest = Object.entries(entry)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => {
      if (k === 'err' && v && typeof v === 'object' && 'stack' in v) return `\n${String(v.stack)}`;
      return `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`;
    })
    .join(' ');
  return `${time} ${level} ${String(entry.msg ?? '')}${rest ? `  ${rest}` : ''}`;
}

/** A destination for the logger that writes `prettyLine`s to `out`. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) out.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}

/**
 * Every text the command line shows a person, in the platform's three languages. The language is
 * `--language`, else PIXORA_LANGUAGE, else the config file's `language`, else the shell's locale
 * (LC_ALL, LC_MESSAGES, LANG: zh_TW / zh_HK / zh_MO / zh-Hant → zh_tw, other zh → zh), else English.
 * The same language is asked of the platform for its messages.
 */
import { LANGUAGES, terminalLanguage, type Language } from './language.ts';

export type { Language };
const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The CLI's language: the first valid of the flag, PIXORA_LANGUAGE and the config file's, else the locale. */
export function cliLanguage(candidates: readonly unknown[], env: NodeJS.ProcessEnv): Language {
  return candidates.find(isLanguage) ?? terminalLanguage(env);
}

type Args = Record<string, string | number>;
type Text = readonly [zh: string, zhTw: string, en: string];

const TEXTS = {
  paramShape: [
    '参数格式为 name=value，而不是 {pair}',
    '參數格式為 name=value，而不是 {pair}',
    'a parameter is name=value, not {pair}',
  ],
  nameCapability: [
    '请指定一项能力（pixora list 可列出全部）',
    '請指定一項能力（pixora list 可列出全部）',
    'name a capability (pixora list shows them)',
  ],
  noCapability: [
    '没有能力 {name}（pixora list 可列出全部）',
    '沒有能力 {name}（pixora list 可列出全部）',
    'no capability {name} (pixora list shows them)',
  ],
  notFound: ['{path} 不存在', '{path} 不存在', '{path} does not exist'],
  paramFile: [
    '{path} 不是参数的 JSON 对象（{reason}）',
    '{path} 不是參數的 JSON 物件（{reason}）',
    '{path} is not a JSON object of parameters ({reason})',
  ],
  noImages: [
    '没有可发送的图片（.jpg、.jpeg、.png、.webp、.gif）',
    '沒有可傳送的圖片（.jpg、.jpeg、.png、.webp、.gif）',
    'no images (.jpg, .jpeg, .png, .webp, .gif) to send',
  ],
  failedTail: ['，{n} 张失败', '，{n} 張失敗', ', {n} failed'],
  batchNeedsOutput: [
    'batch 需要用 -o <文件夹> 指定结果目录',
    'batch 需要用 -o <資料夾> 指定結果目錄',
    'batch needs -o <folder> for the results',
  ],
  batchOneImage: [
    'batch 只运行单图能力；{endpoint} 需要 {n} 张图',
    'batch 只執行單圖能力；{endpoint} 需要 {n} 張圖',
    'batch runs capabilities of one image; {endpoint} takes {n}',
  ],
  batchNeedsInputs: ['batch 需要文件夹或图片', 'batch 需要資料夾或圖片', 'batch needs a folder or images'],
  jobNeedsId: ['job 需要任务 ID', 'job 需要任務 ID', 'job needs a job id'],
  badLimit: [
    'limit 应为 1 到 100 的整数，而不是 {value}',
    'limit 應為 1 到 100 的整數，而不是 {value}',
    'limit is a whole number from 1 to 100, not {value}',
  ],
  badStatus: [
    'status 只能是 queued、running、done 或 cancelled，而不是 {value}',
    'status 只能是 queued、running、done 或 cancelled，而不是 {value}',
    'status is queued, running, done or cancelled, not {value}',
  ],
  jobsHeader: [
    '任务 ID|状态|完成/总数|失败|已取消|能力|创建时间',
    '任務 ID|狀態|完成/總數|失敗|已取消|能力|建立時間',
    'job id|status|done/total|failed|cancelled|capability|created',
  ],
  noJobs: ['（没有任务）', '（沒有任務）', '(no jobs)'],
  moreJobs: [
    '更早的任务：pixora jobs {options}',
    '更早的任務：pixora jobs {options}',
    'older jobs: pixora jobs {options}',
  ],
  imageCount: [
    '{endpoint} 需要 {n} 张图，收到 {given} 张',
    '{endpoint} 需要 {n} 張圖，收到 {given} 張',
    '{endpoint} takes {n} image(s); {given} given',
  ],
  saved: [
    '已保存 {path}（{format}，{bytes} 字节）',
    '已儲存 {path}（{format}，{bytes} 位元組）',
    'saved {path} ({format}, {bytes} bytes)',
  ],
  noImageAnswer: [
    '{endpoint} 不返回图片：未保存到 {path}',
    '{endpoint} 不回傳圖片：未儲存到 {path}',
    '{endpoint} answers no image: nothing saved to {path}',
  ],
  platformError: ['错误 {code}：{message}', '錯誤 {code}：{message}', 'error {code}: {message}'],
  httpError: ['HTTP {status}：{message}', 'HTTP {status}：{message}', 'HTTP {status}: {message}'],
  noKey: [
    '缺少 API 凭证：请使用 --key 和 --secret，或设置 PIXORA_API_KEY 与 PIXORA_API_SECRET，或写入 {file}',
    '缺少 API 憑證：請使用 --key 和 --secret，或設定 PIXORA_API_KEY 與 PIXORA_API_SECRET，或寫入 {file}',
    'no API key: pass --key and --secret, set PIXORA_API_KEY and PIXORA_API_SECRET, or write them to {file}',
  ],
  badAuth: [
    'auth 只能是 signature 或 query，而不是 {value}',
    'auth 只能是 signature 或 query，而不是 {value}',
    'auth is signature or query, not {value}',
  ],
  badLanguage: [
    'language 只能是 zh、zh_tw 或 en，而不是 {value}',
    'language 只能是 zh、zh_tw 或 en，而不是 {value}',
    'language is zh, zh_tw or en, not {value}',
  ],
  badTimeout: [
    'timeout 应为正整数毫秒，而不是 {value}',
    'timeout 應為正整數毫秒，而不是 {value}',
    'timeout is a positive number of milliseconds, not {value}',
  ],
  badConfig: [
    '{file} 不是有效的 JSON：{reason}',
    '{file} 不是有效的 JSON：{reason}',
    '{file} is not valid JSON: {reason}',
  ],
  none: ['（无）', '（無）', '(none)'],
  points: ['[{n} 个点]', '[{n} 個點]', '[{n} points]'],
  imageNote: [
    '<{format} 图片，base64 {kb} KB>',
    '<{format} 圖片，base64 {kb} KB>',
    '<{format} image, {kb} KB base64>',
  ],
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof TEXTS;
export const MESSAGE_KEYS = Object.keys(TEXTS) as MessageKey[];

/** A message of the CLI in `language`, its `{name}` placeholders filled from `args`. */
export function say(language: Language, key: MessageKey, args: Args = {}): string {
  const text = TEXTS[key][LANGUAGES.indexOf(language)]!;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

/** A mistake of the command line itself (exit code 2), shown in the CLI's language. */
export class UsageError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly args: Args = {},
  ) {
    super(say('en', key, args));
  }
}

export const USAGE: Record<Language, string> = {
  zh: `pixora {version}：在命令行中使用 Pixora 图像平台

用法：
  pixora <能力> <图片...> [-p 名称=值]... [-o result.png] [--pretty]
  pixora batch <能力> <文件夹或图片...> -o <文件夹> [-p 名称=值]...
  pixora job <任务 ID> [--cancel] [--pretty]
  pixora jobs [--status 状态] [--capability 能力] [--limit 数量] [--cursor 游标] [--pretty]
  pixora list

<能力> 可以是接口地址（v2/facepoints）、其最后一段（facepoints：有多个版本时取最高版本），
或 SDK 的方法名（facePoint）。图片为文件路径或 http(s) 地址。

选项：
  -p, --param 名称=值      能力的参数（数字与 true/false 按 JSON 解析），可重复
      --param-file 文件    从 JSON 文件读取参数（{ "名称": 值 }）；-p 优先
  -o, --output 路径        将结果图片保存到该处，掩码等图片字段另存为 <名称>-<字段>.png
                          （batch：所有结果的文件夹）
      --pretty            以易读的文本输出，而不是 JSON
      --cancel            （job）取消任务：尚未开始的图片不再运行、不计次数
      --status 状态        （jobs）只列出该状态的任务：queued、running、done、cancelled
      --capability 能力    （jobs）只列出该能力的任务（写法同 <能力>）
      --limit 数量         （jobs）每页的任务数，1 到 100（默认 20），最新的在前
      --cursor 游标        （jobs）上一页给出的游标，列出更早的任务
      --base-url 地址      平台地址（默认 http://localhost:8080）
      --key, --secret     应用的 API Key 与 Secret
      --auth signature|query   签名调用（默认），或将 Secret 放在查询参数中
      --language zh|zh_tw|en   命令行与平台提示信息的语言
      --timeout 毫秒       单个请求的超时（默认 60000）
  -h, --help              显示本说明

设置的优先顺序：选项，其次 PIXORA_BASE_URL、PIXORA_API_KEY、PIXORA_API_SECRET、
PIXORA_AUTH、PIXORA_LANGUAGE、PIXORA_TIMEOUT_MS，再次 ~/.config/pixora/config.json
（{ "baseUrl", "apiKey", "apiSecret", "auth", "language" }）；本机平台无需任何设置
（使用其演示应用）。JSON 输出到 stdout，提示与进度输出到 stderr。
`,
  zh_tw: `pixora {version}：在命令列中使用 Pixora 影像平台

用法：
  pixora <能力> <圖片...> [-p 名稱=值]... [-o result.png] [--pretty]
  pixora batch <能力> <資料夾或圖片...> -o <資料夾> [-p 名稱=值]...
  pixora job <任務 ID> [--cancel] [--pretty]
  pixora jobs [--status 狀態] [--capability 能力] [--limit 數量] [--cursor 游標] [--pretty]
  pixora list

<能力> 可以是介面位址（v2/facepoints）、其最後一段（facepoints：有多個版本時取最高版本），
或 SDK 的方法名稱（facePoint）。圖片為檔案路徑或 http(s) 位址。

選項：
  -p, --param 名稱=值      能力的參數（數字與 true/false 依 JSON 解析），可重複
      --param-file 檔案    從 JSON 檔案讀取參數（{ "名稱": 值 }）；-p 優先
  -o, --output 路徑        將結果圖片儲存到該處，遮罩等圖片欄位另存為 <名稱>-<欄位>.png
                          （batch：所有結果的資料夾）
      --pretty            以易讀的文字輸出，而不是 JSON
      --cancel            （job）取消任務：尚未開始的圖片不再執行、不計次數
      --status 狀態        （jobs）只列出該狀態的任務：queued、running、done、cancelled
      --capability 能力    （jobs）只列出該能力的任務（寫法同 <能力>）
      --limit 數量         （jobs）每頁的任務數，1 到 100（預設 20），最新的在前
      --cursor 游標        （jobs）上一頁給出的游標，列出更早的任務
      --base-url 位址      平台位址（預設 http://localhost:8080）
      --key, --secret     應用程式的 API Key 與 Secret
      --auth signature|query   簽章呼叫（預設），或將 Secret 放在查詢參數中
      --language zh|zh_tw|en   命令列與平台提示訊息的語言
      --timeout 毫秒       單一請求的逾時（預設 60000）
  -h, --help              顯示本說明

設定的優先順序：選項，其次 PIXORA_BASE_URL、PIXORA_API_KEY、PIXORA_API_SECRET、
PIXORA_AUTH、PIXORA_LANGUAGE、PIXORA_TIMEOUT_MS，再次 ~/.config/pixora/config.json
（{ "baseUrl", "apiKey", "apiSecret", "auth", "language" }）；本機平台無需任何設定
（使用其示範應用程式）。JSON 輸出到 stdout，提示與進度輸出到 stderr。
`,
  en: `pixora {version}: the Pixora imaging platform from the command line

Usage:
  pixora <capability> <image...> [-p name=value]... [-o result.png] [--pretty]
  pixora batch <capability> <folder or images...> -o <folder> [-p name=value]...
  pixora job <job id> [--cancel] [--pretty]
  pixora jobs [--status status] [--capability capability] [--limit n] [--cursor cursor] [--pretty]
  pixora list

<capability> is an endpoint (v2/facepoints), its last part (facepoints: of several versions the
highest), or a method name of the SDK (facePoint). An image is a file path or an http(s) URL.

Options:
  -p, --param name=value  a parameter of the capability (numbers and true/false as JSON); repeatable
      --param-file file   parameters from a JSON file ({ "name": value }); -p wins over it
  -o, --output path       save the result image there, and image fields such as a mask as
                          <name>-<field>.png beside it (batch: the folder for every result)
      --pretty            human-readable output instead of JSON
      --cancel            (job) cancel the job: images not started are not run nor counted
      --status status     (jobs) only the jobs of this status: queued, running, done, cancelled
      --capability name   (jobs) only the jobs of this capability (named as <capability>)
      --limit n           (jobs) jobs a page, 1 to 100 (default 20), newest first
      --cursor cursor     (jobs) the cursor the page before gave, for older jobs
      --base-url url      the platform (default http://localhost:8080)
      --key, --secret     the app's API key and secret
      --auth signature|query   sign calls (default) or send the secret in the query
      --language zh|zh_tw|en   the language of the command line and the platform's messages
      --timeout ms        how long one request may take (default 60000)
  -h, --help              this text

Settings come from the options, then PIXORA_BASE_URL, PIXORA_API_KEY, PIXORA_API_SECRET,
PIXORA_AUTH, PIXORA_LANGUAGE, PIXORA_TIMEOUT_MS, then ~/.config/pixora/config.json
({ "baseUrl", "apiKey", "apiSecret", "auth", "language" }); the local platform needs none of them
(its demo app is used). JSON goes to stdout, messages and progress to stderr.
`,
};

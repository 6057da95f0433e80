import {
  curlExample,
  answerRows,
  capabilities,
  capabilityUrl,
  groups,
  parameterRows,
  type Capability,
  type EndpointContract,
  type ReferenceRow,
} from '@pixora/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../platform/config.ts';
import { errorCatalogue } from '../../platform/error-catalogue.ts';
import type { Language } from '../../platform/messages.ts';
import { isServed } from '../gateway/bindings.ts';

/** Doc id of the "API reference" page; generated capability pages hang below it by group. */
export const API_REFERENCE_DOC = 110;

export interface DocNode {
  Id: number;
  PId: number;
  Title: string;
  Children: DocNode[];
}

export interface DocPage {
  Id: number;
  PId: number;
  Title: string;
  Content: string;
}

const labels = {
  endpoint: { zh: '接口地址', zh_tw: '介面位址', en: 'Endpoint' },
  moreEndpoints: { zh: '更多接口', zh_tw: '更多介面', en: 'More endpoints' },
  request: { zh: '请求参数', zh_tw: '請求參數', en: 'Request' },
  response: { zh: '返回结果', zh_tw: '返回結果', en: 'Response' },
  errors: { zh: '错误码', zh_tw: '錯誤碼', en: 'Errors' },
  example: { zh: '调用示例', zh_tw: '呼叫範例', en: 'Example' },
  demo: { zh: '在线体验', zh_tw: '線上體驗', en: 'Try it online' },
  name: { zh: '字段', zh_tw: '欄位', en: 'Field' },
  type: { zh: '类型', zh_tw: '類型', en: 'Type' },
  required: { zh: '必填', zh_tw: '必填', en: 'Required' },
  default: { zh: '默认值', zh_tw: '預設值', en: 'Default' },
  description: { zh: '说明', zh_tw: '說明', en: 'Description' },
  yes: { zh: '是', zh_tw: '是', en: 'yes' },
  no: { zh: '否', zh_tw: '否', en: 'no' },
  code: { zh: '错误码', zh_tw: '錯誤碼', en: 'Code' },
  status: { zh: 'HTTP 状态', zh_tw: 'HTTP 狀態', en: 'HTTP status' },
  message: { zh: 'ErrorMsg', zh_tw: 'ErrorMsg', en: 'ErrorMsg' },
  delivery: { zh: '接入方式', zh_tw: '接入方式', en: 'How to get it' },
  deliveryKinds: {
    capability: { zh: '能力', zh_tw: '能力', en: 'Capability' },
    open: { zh: '已开放', zh_tw: '已開放', en: 'open' },
    notOpen: { zh: '尚未开放', zh_tw: '尚未開放', en: 'not open yet' },
    sdk: { zh: '移动端 SDK，按申请提供', zh_tw: '行動端 SDK，依申請提供', en: 'Mobile SDK, on request' },
    solution: { zh: '解决方案', zh_tw: '解決方案', en: 'Solution' },
  },
  notOpen: {
    zh: '该能力的在线接口尚未在本平台开放：调用将返回 HTTP 404 与错误码 10023。如需提前接入，请联系 {{business_email}}。',
    zh_tw:
      '該能力的線上介面尚未在本平台開放：呼叫將返回 HTTP 404 與錯誤碼 10023。如需提前接入，請聯絡 {{business_email}}。',
    en: 'The online API of this capability is not open on this platform yet: calls answer HTTP 404 with error code 10023. To integrate early, write to {{business_email}}.',
  },
  notOpenFields: {
    zh: '结果字段将在接口开放时在本页公布。在此之前，调用只会返回下方的错误。',
    zh_tw: '結果欄位將在介面開放時於本頁公布。在此之前，呼叫只會返回下方的錯誤。',
    en: 'The result fields are published on this page when the API opens. Until then a call only answers the errors below.',
  },
  sdk: {
    zh: '该能力以移动端 SDK 形式提供，不提供 Web API。SDK 按申请提供：请写信至 {{business_email}}，或在控制台提交 SDK 接入申请（`/admin/sdkManager/apply?type=sdk`），审核通过后我们会随授权一并发送 SDK 包与接入说明。',
    zh_tw:
      '該能力以行動端 SDK 形式提供，不提供 Web API。SDK 依申請提供：請寫信至 {{business_email}}，或在控制台提交 SDK 接入申請（`/admin/sdkManager/apply?type=sdk`），審核通過後我們會隨授權一併寄送 SDK 套件與接入說明。',
    en: 'This capability ships as a mobile SDK, not as a web API. The SDK is available on request: write to {{business_email}} or apply in the console (`/admin/sdkManager/apply?type=sdk`); once approved, the SDK package and its integration guide come with the licence.',
  },
  sdkLinks: {
    zh: '接入说明：[Android SDK](/doc?id=121)、[iOS SDK](/doc?id=122)；全部 SDK 产品见 [SDK 产品页]({{sdk_page}})。',
    zh_tw:
      '接入說明：[Android SDK](/doc?id=121)、[iOS SDK](/doc?id=122)；全部 SDK 產品見 [SDK 產品頁]({{sdk_page}})。',
    en: 'Integration guides: [Android SDK](/doc?id=121), [iOS SDK](/doc?id=122); every SDK product is on the [SDK product page]({{sdk_page}}).',
  },
  solution: {
    zh: '这是一套组合多项能力的解决方案，不是单个 Web API。功能、标准版与定制版的对比和使用场景见 [解决方案页面]({{solution_page}})。咨询与开通请写信至 {{business_email}}。',
    zh_tw:
      '這是一套組合多項能力的解決方案，不是單一 Web API。功能、標準版與客製版的比較和使用場景見 [解決方案頁面]({{solution_page}})。諮詢與開通請寫信至 {{business_email}}。',
    en: 'This is a solution that combines several capabilities, not a single web API. Its features, the standard-versus-custom plan comparison and its use scenes are on the [solution page]({{solution_page}}). To ask about it or start, write to {{business_email}}.',
  },
  exampleIntro: {
    zh: '以下命令可直接在 Linux shell 中运行：先下载平台自带的示例图片，再把它以 base64 放入请求体（写入文件，大图也不会超出命令行长度限制）。`pixora-demo-key` / `pixora-demo-secret` 是本地安装的演示凭证，其他部署请换成您应用的 API Key 与 Secret；macOS 上请用 `base64 -i` 代替 `base64 -w0`。',
    zh_tw:
      '以下指令可直接在 Linux shell 中執行：先下載平台內建的範例圖片，再把它以 base64 放入請求內容（寫入檔案，大圖也不會超出命令列長度限制）。`pixora-demo-key` / `pixora-demo-secret` 是本機安裝的示範憑證，其他部署請換成您應用的 API Key 與 Secret；macOS 上請用 `base64 -i` 取代 `base64 -w0`。',
    en: 'These commands run as they are in a Linux shell: they download a sample image shipped with the platform, then put it in the request body as base64 (written to a file, so large photos stay within the command-line limit). `pixora-demo-key` / `pixora-demo-secret` are the demo credentials of a local installation; elsewhere use the API key and secret of your app. On macOS use `base64 -i` instead of `base64 -w0`.',
  },
  answerOk: {
    zh: '成功时返回 HTTP 200，结果位于 `media_info_list[0].media_extra`，字段见上表。',
    zh_tw: '成功時返回 HTTP 200，結果位於 `media_info_list[0].media_extra`，欄位見上表。',
    en: 'On success the answer is HTTP 200 with the results in `media_info_list[0].media_extra`, as in the table above.',
  },
  answerNotOpen: {
    zh: '在接口开放之前，该命令返回：',
    zh_tw: '在介面開放之前，該指令返回：',
    en: 'Until the API opens, the command answers:',
  },
  common: {
    media: {
      zh: '图片列表；`media_data` 为 base64（可含换行）或 http(s) 图片地址。',
      zh_tw: '圖片列表；`media_data` 為 base64（可含換行）或 http(s) 圖片位址。',
      en: 'Images; `media_data` is base64 (line breaks allowed) or an http(s) image URL.',
    },
    mediaCount: {
      zh: '本接口需要 {n} 张图片，按顺序放入 `media_info_list`。',
      zh_tw: '本介面需要 {n} 張圖片，依序放入 `media_info_list`。',
      en: 'This API takes {n} images, in order, in `media_info_list`.',
    },
    type: {
      zh: '`jpg`、`png`（也可 `jpeg`、`webp`、`gif`），或传地址时为 `url`；其他值返回 20009。图片格式以数据本身为准，此处仅作提示。',
      zh_tw:
        '`jpg`、`png`（也可 `jpeg`、`webp`、`gif`），或傳位址時為 `url`；其他值回傳 20009。圖片格式以資料本身為準，此處僅作提示。',
      en: '`jpg`, `png` (also `jpeg`, `webp`, `gif`), or `url` when `media_data` is an address; other values answer 20009. Only a hint: the image format is read from the bytes.',
    },
    parameter: {
      zh: '算法参数，见下表。',
      zh_tw: '演算法參數，見下表。',
      en: 'Algorithm parameters, below.',
    },
    extra: { zh: '原样返回的自定义数据。', zh_tw: '原樣返回的自訂資料。', en: 'Custom data, echoed back.' },
  },
} as const;

type Label = Exclude<keyof typeof labels, 'common' | 'deliveryKinds'>;

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Errors every web API may answer besides its own: wrong parameters, image download and decoding, limits, load. */
const ENVELOPE_ERRORS = [10000, 10002, 10003, 10007, 10013, 10014, 10015, 10029, 20009, 20013, 20015];

function errorTable(language: Language, codes?: number[]): string {
  const rows = Object.entries(errorCatalogue)
    .filter(([code]) => !codes || codes.includes(Number(code)))
    .map(([code, e]) => `| ${code} | ${e.status} | ${cell(e.message)} |`);
  return [
    `| ${labels.code[language]} | ${labels.status[language]} | ${labels.message[language]} |`,
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The request, response and error tables of one endpoint, with headings of `level`; `served` false: not open yet. */
function endpointTables(
  contract: EndpointContract | undefined,
  images: number,
  served: boolean,
  level: string,
  language: Language,
): string[] {
  const l = (k: Label) => labels[k][language];
  const header = `| ${l('name')} | ${l('type')} | ${l('required')} | ${l('default')} | ${l('description')} |\n| --- | --- | --- | --- | --- |`;
  const common = labels.common;
  const mediaText =
    images > 1
      ? `${common.media[language]} ${common.mediaCount[language].replace('{n}', String(images))}`
      : common.media[language];
  const row = (f: ReferenceRow) =>
    `| ${f.name} | ${cell(f.type)} | ${f.required ? l('yes') : l('no')} | ${f.default ?? ''} | ${cell(f.description[language])} |`;
  const doc = served ? contract : undefined;
  const out: string[] = [];
  out.push(
    `${level} ${l('request')}`,
    '',
    header,
    // Endpoints without an image (creating or listing face sets) take only the parameters.
    ...(images > 0
      ? [
          `| media_info_list[].media_data | string | ${l('yes')} |  | ${mediaText} |`,
          `| media_info_list[].media_profiles.media_data_type | string | ${l('no')} |  | ${common.type[language]} |`,
        ]
      : []),
    `| parameter | object | ${l('no')} |  | ${common.parameter[language]} |`,
    `| extra | object | ${l('no')} |  | ${common.extra[language]} |`,
    ...(doc ? parameterRows(doc).map(row) : []),
    '',
    `${level} ${l('response')}`,
    '',
  );
  if (doc) {
    out.push(
      '`media_info_list[0].media_extra`:',
      '',
      `| ${l('name')} | ${l('type')} | ${l('description')} |`,
      '| --- | --- | --- |',
      ...answerRows(doc).map((f) => `| ${f.name} | ${cell(f.type)} | ${cell(f.description[language])} |`),
      '',
    );
  } else {
    out.push(labels.notOpenFields[language], '');
  }
  const errors = doc ? [...new Set([...doc.errors, ...ENVELOPE_ERRORS])] : [10023, ...ENVELOPE_ERRORS];
  out.push(`${level} ${l('errors')}`, '', errorTable(language, errors), '');
  return out;
}

function capabilityPage(c: Capability, language: Language, origin: string): string {
  const l = (k: Label) => labels[k][language];
  const out = [
    `${c.description[language]}`,
    '',
    `${l('demo')}${language === 'en' ? ': ' : '：'}[${c.name[language]}](${capabilityUrl(c)})`,
    '',
  ];
  if (!c.endpoint) {
    const text =
      c.menuType === 2
        ? labels.solution[language].replace('{{solution_page}}', capabilityUrl(c))
        : `${l('sdk')}\n\n${labels.sdkLinks[language].replace('{{sdk_page}}', capabilityUrl(c))}`;
    return [...out, `## ${l('delivery')}`, '', text].join('\n');
  }
  const endpoint = c.endpoint;
  const served = isServed(c.id) && c.api !== undefined;
  const images = c.api?.images ?? 1;
  out.push(
    `## ${l('endpoint')}`,
    '',
    '```http',
    `POST /${c.endpoint}?api_key=<api_key>&api_secret=<api_secret>`,
    'Content-Type: application/json',
    '```',
    '',
  );
  if (!served) out.push(`> ${labels.notOpen[language]}`, '');
  out.push(...endpointTables(c.api, images, served, '##', language));
  const extra = served ? (c.extraEndpoints ?? []) : [];
  if (extra.length > 0) {
    out.push(`## ${l('moreEndpoints')}`, '');
    for (const e of extra)
      out.push(`### POST /${e.endpoint}`, '', ...endpointTables(e, e.images, true, '####', language));
  }
  const samples = Array.from({ length: images }, (_, i) => c.samples[i] ?? c.samples[0]!);
  out.push(
    `## ${l('example')}`,
    '',
    l('exampleIntro'),
    '',
    '```sh',
    curlExample({ origin, endpoint, samples }),
    '```',
    '',
  );
  if (served) out.push(l('answerOk'));
  else
    out.push(
      l('answerNotOpen'),
      '',
      '```json',
      JSON.stringify({
        ErrorCode: 10023,
        ErrorMsg: `${errorCatalogue[10023].message}: ${endpoint}`,
        Data: null,
      }),
      '```',
    );
  return out.join('\n');
}

/** How a capability is delivered, for the table of its group page. */
function delivery(c: Capability, language: Language): string {
  const l = labels.deliveryKinds;
  if (!c.endpoint) return (c.menuType === 2 ? l.solution : l.sdk)[language];
  return `\`POST /${c.endpoint}\` (${(isServed(c.id) ? l.open : l.notOpen)[language]})`;
}

/** A group page of the API reference: its capabilities, how each is delivered, links to their pages. */
function groupPage(menuId: number, language: Language): string {
  const group = groups.find((g) => g.menuId === menuId);
  const rows = capabilities
    .filter((c) => c.group === group?.id && c.extension.doc !== undefined)
    .map(
      (c) =>
        `| [${c.name[language]}](/doc?id=${c.extension.doc}) | ${cell(c.description[language])} | ${delivery(c, language)} |`,
    );
  const l = labels.deliveryKinds;
  return [
    `| ${l.capability[language]} | ${labels.description[language]} | ${labels.delivery[language]} |`,
    '| --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export class DocsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Config,
  ) {}

  /** Configuration values the texts name: contact addresses, company, licence numbers. */
  substitute(text: string, language: Language): string {
    const values: Record<string, string> = {
      contact_email: this.config.CONTACT_EMAIL,
      legal_email: this.config.LEGAL_EMAIL,
      business_email: this.config.BUSINESS_EMAIL,
      company_name: this.config.COMPANY_NAME,
      telecom_licence: this.config.TELECOM_LICENCE,
      culture_licence: this.config.CULTURE_LICENCE,
    };
    return text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
      key === 'error_table' ? errorTable(language) : (values[key] ?? whole),
    );
  }

  private generated(language: Language) {
    const nodes: Array<{ id: number; pid: number; sort: number; title: string; capability?: Capability }> =
      [];
    groups.forEach((g, i) =>
      nodes.push({ id: g.menuId, pid: API_REFERENCE_DOC, sort: i, title: g.name[language] }),
    );
    capabilities.forEach((c, i) => {
      const doc = c.extension.doc;
      const group = groups.find((g) => g.id === c.group)!;
      if (doc !== undefined)
        nodes.push({ id: doc, pid: group.menuId, sort: i, title: c.name[language], capability: c });
    });
    return nodes;
  }

  /** Every doc id a link may name: the stored pages (any language) and the generated API reference. */
  async knownIds(): Promise<Set<number>> {
    const rows = await this.db.selectFrom('docs').select('id').distinct().execute();
    return new Set([...rows.map((r) => r.id), API_REFERENCE_DOC, ...this.generated('zh').map((n) => n.id)]);
  }

  async tree(language: Language): Promise<DocNode[]> {
    const rows = await this.db
      .selectFrom('docs')
      .select(['id', 'pid', 'sort', 'title'])
      .where('lang', '=', language)
      .execute();
    const all = [...rows, ...this.generated(language)].sort((a, b) => a.sort - b.sort || a.id - b.id);
    const byId = new Map(
      all.map((r) => [r.id, { Id: r.id, PId: r.pid, Title: r.title, Children: [] as DocNode[] }]),
    );
    const roots: DocNode[] = [];
    for (const r of all) {
      const node = byId.get(r.id)!;
      const parent = r.pid ? byId.get(r.pid) : undefined;
      if (parent) parent.Children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  async page(id: number, language: Language, origin: string): Promise<DocPage | undefined> {
    const row = await this.db
      .selectFrom('docs')
      .selectAll()
      .where('id', '=', id)
      .where('lang', '=', language)
      .executeTakeFirst();
    if (row)
      return { Id: row.id, PId: row.pid, Title: row.title, Content: this.substitute(row.body, language) };
    const node = this.generated(language).find((n) => n.id === id);
    if (!node) return undefined;
    const content = node.capability
      ? capabilityPage(node.capability, language, this.config.PUBLIC_URL ?? origin)
      : groupPage(id, language);
    return { Id: node.id, PId: node.pid, Title: node.title, Content: this.substitute(content, language) };
  }
}

import { apiDocs, capabilities, capabilityUrl, groups, type Capability } from '@pixora/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../platform/config.ts';
import { errorCatalogue } from '../../platform/error-catalogue.ts';
import type { Language } from '../../platform/messages.ts';

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
  request: { zh: '请求参数', zh_tw: '請求參數', en: 'Request' },
  response: { zh: '返回结果', zh_tw: '返回結果', en: 'Response' },
  errors: { zh: '错误码', zh_tw: '錯誤碼', en: 'Errors' },
  example: { zh: '调用示例', zh_tw: '呼叫範例', en: 'Example' },
  demo: { zh: '在线体验', zh_tw: '線上體驗', en: 'Try it online' },
  name: { zh: '字段', zh_tw: '欄位', en: 'Field' },
  type: { zh: '类型', zh_tw: '類型', en: 'Type' },
  required: { zh: '必填', zh_tw: '必填', en: 'Required' },
  description: { zh: '说明', zh_tw: '說明', en: 'Description' },
  yes: { zh: '是', zh_tw: '是', en: 'yes' },
  no: { zh: '否', zh_tw: '否', en: 'no' },
  code: { zh: '错误码', zh_tw: '錯誤碼', en: 'Code' },
  status: { zh: 'HTTP 状态', zh_tw: 'HTTP 狀態', en: 'HTTP status' },
  message: { zh: 'ErrorMsg', zh_tw: 'ErrorMsg', en: 'ErrorMsg' },
  notOpen: {
    zh: '该能力的在线接口尚未在本平台开放：调用将返回 HTTP 404 与错误码 10023。如需提前接入，请联系 {{business_email}}。',
    zh_tw:
      '該能力的線上介面尚未在本平台開放：呼叫將返回 HTTP 404 與錯誤碼 10023。如需提前接入，請聯絡 {{business_email}}。',
    en: 'The online API of this capability is not open on this platform yet: calls answer HTTP 404 with error code 10023. To integrate early, write to {{business_email}}.',
  },
  sdk: {
    zh: '该能力以移动端 SDK 形式提供，可在控制台提交 SDK 接入申请（/admin/sdkManager/apply?type=sdk）。',
    zh_tw: '該能力以行動端 SDK 形式提供，可在控制台提交 SDK 接入申請（/admin/sdkManager/apply?type=sdk）。',
    en: 'This capability ships as a mobile SDK; apply for it in the console (/admin/sdkManager/apply?type=sdk).',
  },
  common: {
    media: {
      zh: '图片列表；`media_data` 为 base64（可含换行）或 http(s) 图片地址。',
      zh_tw: '圖片列表；`media_data` 為 base64（可含換行）或 http(s) 圖片位址。',
      en: 'Images; `media_data` is base64 (line breaks allowed) or an http(s) image URL.',
    },
    type: {
      zh: '`jpg`、`png`，或传地址时为 `url`。',
      zh_tw: '`jpg`、`png`，或傳位址時為 `url`。',
      en: '`jpg`, `png`, or `url` when `media_data` is an address.',
    },
    parameter: {
      zh: '算法参数，见下表。',
      zh_tw: '演算法參數，見下表。',
      en: 'Algorithm parameters, below.',
    },
    extra: { zh: '原样返回的自定义数据。', zh_tw: '原樣返回的自訂資料。', en: 'Custom data, echoed back.' },
  },
} as const;

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

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

function capabilityPage(c: Capability, language: Language, origin: string): string {
  const l = (k: Exclude<keyof typeof labels, 'common'>) => labels[k][language];
  const out = [
    `${c.description[language]}`,
    '',
    `${l('demo')}: [${c.name[language]}](${capabilityUrl(c)})`,
    '',
  ];
  if (!c.endpoint) return [...out, labels.sdk[language]].join('\n');
  out.push(
    `## ${l('endpoint')}`,
    '',
    '```http',
    `POST /${c.endpoint}?api_key=<api_key>&api_secret=<api_secret>`,
    'Content-Type: application/json',
    '```',
    '',
  );
  if (!c.available) out.push(`> ${labels.notOpen[language]}`, '');
  const doc = apiDocs[c.endpoint];
  const header = `| ${l('name')} | ${l('type')} | ${l('required')} | ${l('description')} |\n| --- | --- | --- | --- |`;
  const common = labels.common;
  out.push(
    `## ${l('request')}`,
    '',
    header,
    `| media_info_list[].media_data | string | ${l('yes')} | ${common.media[language]} |`,
    `| media_info_list[].media_profiles.media_data_type | string | ${l('no')} | ${common.type[language]} |`,
    `| parameter | object | ${l('no')} | ${common.parameter[language]} |`,
    `| extra | object | ${l('no')} | ${common.extra[language]} |`,
    ...(doc?.parameters ?? []).map(
      (f) =>
        `| ${f.name} | ${cell(f.type)} | ${f.required ? l('yes') : l('no')} | ${cell(f.description[language])} |`,
    ),
    '',
  );
  if (doc) {
    out.push(
      `## ${l('response')}`,
      '',
      '`media_info_list[0].media_extra`:',
      '',
      `| ${l('name')} | ${l('type')} | ${l('description')} |`,
      '| --- | --- | --- |',
      ...doc.response.map((f) => `| ${f.name} | ${cell(f.type)} | ${cell(f.description[language])} |`),
      '',
      `## ${l('errors')}`,
      '',
      errorTable(language, doc.errors),
      '',
    );
  }
  out.push(
    `## ${l('example')}`,
    '',
    '```sh',
    `curl -s "${origin}/${c.endpoint}?api_key=pixora-demo-key&api_secret=pixora-demo-secret" \\`,
    "  -H 'Content-Type: application/json' \\",
    '  -d "{\\"media_info_list\\":[{\\"media_data\\":\\"$(base64 -w0 photo.jpg)\\",\\"media_profiles\\":{\\"media_data_type\\":\\"jpg\\"}}]}"',
    '```',
  );
  return out.join('\n');
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
      : capabilities
          .filter((c) => groups.find((g) => g.menuId === id)?.id === c.group && c.extension.doc !== undefined)
          .map((c) => `- [${c.name[language]}](/doc?id=${c.extension.doc}) — ${c.description[language]}`)
          .join('\n');
    return { Id: node.id, PId: node.pid, Title: node.title, Content: this.substitute(content, language) };
  }
}

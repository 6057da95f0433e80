/**
 * The request a try-it panel sends, written as code a developer runs with their own key: curl, Python
 * (requests) and TypeScript (@pixora/sdk). Credentials go in the query (`api_key`, `api_secret`) in
 * curl and Python, as the gateway accepts; the SDK signs its calls. The secret is never filled in: the
 * page does not know it, so a placeholder stands for it.
 */
export interface SnippetInput {
  /** The platform's address, e.g. `https://ai.example.com`. */
  origin: string;
  /** `v1/apperal`. */
  endpoint: string;
  parameter: Record<string, unknown>;
  /** The developer's app key when signed in with an app; else a placeholder. */
  apiKey: string | null;
  /** Photos the capability takes (1 or 2). */
  images: number;
}

export type SnippetLanguage = 'curl' | 'python' | 'typescript';
export const SNIPPET_LANGUAGES: readonly SnippetLanguage[] = ['curl', 'python', 'typescript'];

export const KEY_PLACEHOLDER = '<api_key>';
export const SECRET_PLACEHOLDER = '<api_secret>';

const photoNames = (images: number) =>
  images === 1 ? ['photo.jpg'] : Array.from({ length: images }, (_, i) => `photo${i + 1}.jpg`);

/** A JSON value as a Python literal (True / False / None; JSON strings are valid Python strings). */
export function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value))
    return value.length ? `[${value.map((v) => pythonLiteral(v, indent)).join(', ')}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, inner)},`).join('\n')}\n${indent}}`;
}

/** Text safe inside a shell here-document whose delimiter is unquoted: `$`, backquote and backslash escaped. */
const hereDocSafe = (text: string) => text.replace(/[\\$`]/g, (c) => `\\${c}`);

function curl({ origin, endpoint, parameter, apiKey, images }: SnippetInput): string {
  const photos = photoNames(images);
  const vars = photos.map((p, i) => `IMAGE${i + 1}=$(base64 -w0 ${p})`);
  const media = photos.map(
    (_, i) => `{"media_data":"$IMAGE${i + 1}","media_profiles":{"media_data_type":"jpg"}}`,
  );
  const body = `{"parameter":${hereDocSafe(JSON.stringify(parameter))},"extra":{},"media_info_list":[${media.join(',')}]}`;
  return [
    ...vars,
    `curl -sS -X POST "${origin}/${endpoint}?api_key=${apiKey ?? KEY_PLACEHOLDER}&api_secret=${SECRET_PLACEHOLDER}" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  --data-binary @- <<EOF`,
    body,
    'EOF',
  ].join('\n');
}

function python({ origin, endpoint, parameter, apiKey, images }: SnippetInput): string {
  const photos = photoNames(images);
  return [
    'import base64',
    'import json',
    '',
    'import requests',
    '',
    '',
    'def media(path):',
    '    with open(path, "rb") as f:',
    '        return {"media_data": base64.b64encode(f.read()).decode(), "media_profiles": {"media_data_type": "jpg"}}',
    '',
    '',
    'answer = requests.post(',
    `    "${origin}/${endpoint}",`,
    `    params={"api_key": "${apiKey ?? KEY_PLACEHOLDER}", "api_secret": "${SECRET_PLACEHOLDER}"},`,
    '    json={',
    `        "parameter": ${pythonLiteral(parameter, '        ')},`,
    '        "extra": {},',
    `        "media_info_list": [${photos.map((p) => `media("${p}")`).join(', ')}],`,
    '    },',
    '    timeout=60,',
    ').json()',
    'print(json.dumps(answer, ensure_ascii=False, indent=2))',
  ].join('\n');
}

function typescript({ origin, endpoint, parameter, apiKey, images }: SnippetInput): string {
  const photos = photoNames(images).map((p) => `'${p}'`);
  const params = Object.keys(parameter).length ? `, ${JSON.stringify(parameter)}` : '';
  return [
    "import { Pixora } from '@pixora/sdk';",
    '',
    'const pixora = new Pixora({',
    `  baseUrl: '${origin}',`,
    `  apiKey: '${apiKey ?? KEY_PLACEHOLDER}',`,
    '  apiSecret: process.env.PIXORA_API_SECRET!,',
    '});',
    `const { answer } = await pixora.call('${endpoint}', [${photos.join(', ')}]${params});`,
    'console.log(JSON.stringify(answer, null, 2));',
  ].join('\n');
}

/** The three snippets of one request. */
export function requestSnippets(input: SnippetInput): Record<SnippetLanguage, string> {
  return { curl: curl(input), python: python(input), typescript: typescript(input) };
}

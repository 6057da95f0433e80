import fs from 'node:fs';
import path from 'node:path';

export const CONTENT_LANGUAGES = ['zh', 'zh_tw', 'en'] as const;

export interface MarkdownFile {
  meta: Record<string, string>;
  body: string;
}

/** Markdown with a `---` block of `key: value` lines at the top. */
export function parseMarkdown(text: string): MarkdownFile {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0)
      meta[line.slice(0, i).trim()] = line
        .slice(i + 1)
        .trim()
        .replace(/^["']|["']$/g, '');
  }
  return { meta, body: text.slice(match[0].length) };
}

export interface DocFile {
  id: number;
  lang: string;
  pid: number;
  sort: number;
  title: string;
  body: string;
}

export interface LoadedContent {
  docs: DocFile[];
  /** JSON text by key: `site/<name>` for content/site/<name>.json, `legal/<name>/<lang>` for legal texts. */
  entries: Map<string, string>;
}

const readDirs = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/** Reads the content folder: docs, legal texts and site data. A missing folder yields no content. */
export function loadContent(root: string): LoadedContent {
  const docs: DocFile[] = [];
  for (const name of readDirs(path.join(root, 'docs'))) {
    const id = Number(name);
    if (!Number.isInteger(id)) continue;
    for (const lang of CONTENT_LANGUAGES) {
      const file = path.join(root, 'docs', name, `${lang}.md`);
      if (!fs.existsSync(file)) throw new Error(`content: ${file} is missing`);
      const { meta, body } = parseMarkdown(fs.readFileSync(file, 'utf8'));
      docs.push({
        id,
        lang,
        pid: Number(meta.pid ?? 0),
        sort: Number(meta.order ?? 0),
        title: meta.title ?? '',
        body,
      });
    }
  }
  const entries = new Map<string, string>();
  for (const name of readDirs(path.join(root, 'legal'))) {
    for (const lang of CONTENT_LANGUAGES) {
      const file = path.join(root, 'legal', name, `${lang}.md`);
      if (!fs.existsSync(file)) throw new Error(`content: ${file} is missing`);
      const { meta, body } = parseMarkdown(fs.readFileSync(file, 'utf8'));
      entries.set(
        `legal/${name}/${lang}`,
        JSON.stringify({ title: meta.title ?? '', updated: meta.updated ?? '', body }),
      );
    }
  }
  const siteDir = path.join(root, 'site');
  if (fs.existsSync(siteDir)) {
    for (const file of fs.readdirSync(siteDir).filter((f) => f.endsWith('.json'))) {
      const text = fs.readFileSync(path.join(siteDir, file), 'utf8');
      JSON.parse(text);
      entries.set(`site/${file.replace(/\.json$/, '')}`, text);
    }
  }
  return { docs, entries };
}

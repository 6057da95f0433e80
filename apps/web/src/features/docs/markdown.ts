import markdownIt, { type Token } from 'markdown-it';

export type { Token };

/**
 * The one markdown parser of the site. Raw HTML is off: `<script>`, `<img onerror>` and any other
 * tag in a text stay literal text. markdown-it also drops links to `javascript:`, `vbscript:`,
 * `file:` and `data:` addresses (except image data) before the renderer sees them.
 */
const parser = markdownIt({ html: false, linkify: false, typographer: false });

export function parseMarkdown(source: string): Token[] {
  return parser.parse(source, {});
}

/** A token with the tokens between its opening and closing token as children. */
export interface MarkdownNode {
  token: Token;
  children: MarkdownNode[];
}

/** Turns markdown-it's flat token stream (open / close pairs) into a tree. */
export function toTree(tokens: readonly Token[]): MarkdownNode[] {
  const root: MarkdownNode[] = [];
  const stack: MarkdownNode[][] = [root];
  for (const token of tokens) {
    const siblings = stack[stack.length - 1]!;
    if (token.nesting === 1) {
      const node: MarkdownNode = { token, children: [] };
      siblings.push(node);
      stack.push(node.children);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else {
      siblings.push({ token, children: [] });
    }
  }
  return root;
}

/** Plain text of an inline token (a heading's text). */
export function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  return token.children
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : ''))
    .join('');
}

/**
 * Anchor ids of headings: letters of any script, digits and dashes, so that Chinese headings keep
 * readable ids; repeated headings get `-2`, `-3`.
 */
export function createSlugger() {
  const seen = new Map<string, number>();
  return (text: string): string => {
    const base =
      text
        .toLowerCase()
        .normalize('NFKC')
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .trim()
        .replace(/\s+/g, '-') || 'section';
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  };
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

/** The h2 and h3 headings of a markdown text, with the ids the renderer gives them. */
export function outline(tokens: readonly Token[]): Heading[] {
  const slug = createSlugger();
  const out: Heading[] = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const text = inlineText(tokens[i + 1]);
    const id = slug(text);
    const level = Number(token.tag.slice(1));
    if (level === 2 || level === 3) out.push({ level, text, id });
  });
  return out;
}

export type LinkKind = 'internal' | 'hash' | 'external' | 'mail' | 'unsafe';

/** How a link target is followed: inside the app, on the page, in a new tab, by mail, or not at all. */
export function linkKind(href: string): LinkKind {
  if (href.startsWith('#')) return 'hash';
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return 'internal';
  if (/^https?:\/\//i.test(href)) return 'external';
  if (/^mailto:/i.test(href)) return 'mail';
  return 'unsafe';
}

import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  createSlugger,
  inlineText,
  linkKind,
  parseMarkdown,
  toTree,
  type MarkdownNode,
  type Token,
} from './markdown.ts';
import styles from './Markdown.module.css';

type Slugger = ReturnType<typeof createSlugger>;

/** An attribute of a token as text (markdown-it types attributes as text or number). */
const attr = (token: Token, name: string): string => String(token.attrGet(name) ?? '');

/** A code block with its language and a copy button, as the docs show code. */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className={styles.code} data-testid="code-block" data-language={language || undefined}>
      <div className={styles.codeBar}>
        <span className={styles.codeLanguage}>{language}</span>
        <button type="button" className={styles.copy} onClick={() => void copy()}>
          {t(state === 'copied' ? 'docs.copied' : state === 'failed' ? 'docs.copyFailed' : 'docs.copy')}
        </button>
      </div>
      <pre tabIndex={0}>
        <code>{code.replace(/\n$/, '')}</code>
      </pre>
    </div>
  );
}

function MarkdownLink({ href, children }: { href: string; children: ReactNode }) {
  switch (linkKind(href)) {
    case 'internal':
      return <Link to={href}>{children}</Link>;
    case 'hash':
    case 'mail':
      return <a href={href}>{children}</a>;
    case 'external':
      return (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    default:
      return <>{children}</>;
  }
}

function renderInline(nodes: readonly MarkdownNode[]): ReactNode[] {
  return nodes.map(({ token, children }, key) => {
    switch (token.type) {
      case 'text':
        return token.content;
      case 'code_inline':
        return <code key={key}>{token.content}</code>;
      case 'softbreak':
        return '\n';
      case 'hardbreak':
        return <br key={key} />;
      case 'strong_open':
        return <strong key={key}>{renderInline(children)}</strong>;
      case 'em_open':
        return <em key={key}>{renderInline(children)}</em>;
      case 's_open':
        return <s key={key}>{renderInline(children)}</s>;
      case 'link_open':
        return (
          <MarkdownLink key={key} href={attr(token, 'href')}>
            {renderInline(children)}
          </MarkdownLink>
        );
      case 'image': {
        const src = attr(token, 'src');
        const kind = linkKind(src);
        return kind === 'internal' || kind === 'external' ? (
          <img key={key} src={src} alt={token.content} loading="lazy" />
        ) : (
          token.content
        );
      }
      default:
        return token.content;
    }
  });
}

function renderBlocks(nodes: readonly MarkdownNode[], slug: Slugger, tight = false): ReactNode[] {
  return nodes.map(({ token, children }, key) => {
    const inner = () => renderBlocks(children, slug, tight);
    switch (token.type) {
      case 'inline':
        return <Fragment key={key}>{renderInline(toTree(token.children ?? []))}</Fragment>;
      case 'paragraph_open':
        return tight || token.hidden ? inner() : <p key={key}>{inner()}</p>;
      case 'heading_open': {
        const text = inlineText(children[0]?.token);
        const id = slug(text);
        // The page title is the only h1; a `#` heading in a text becomes an h2.
        const Tag = (token.tag === 'h1' ? 'h2' : token.tag) as 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
        return (
          <Tag key={key} id={id} className={styles.heading}>
            {inner()}
            <a className={styles.anchor} href={`#${id}`} aria-hidden="true" tabIndex={-1}>
              #
            </a>
          </Tag>
        );
      }
      case 'bullet_list_open':
        return <ul key={key}>{inner()}</ul>;
      case 'ordered_list_open': {
        const start = Number(token.attrGet('start') ?? 1);
        return (
          <ol key={key} start={start === 1 ? undefined : start}>
            {inner()}
          </ol>
        );
      }
      case 'list_item_open':
        return <li key={key}>{renderBlocks(children, slug, true)}</li>;
      case 'blockquote_open':
        return <blockquote key={key}>{inner()}</blockquote>;
      case 'table_open':
        return (
          <div key={key} className={styles.tableWrap} tabIndex={0}>
            <table>{inner()}</table>
          </div>
        );
      case 'thead_open':
        return <thead key={key}>{inner()}</thead>;
      case 'tbody_open':
        return <tbody key={key}>{inner()}</tbody>;
      case 'tr_open':
        return <tr key={key}>{inner()}</tr>;
      case 'th_open':
      case 'td_open': {
        const align = /text-align:(left|right|center)/.exec(attr(token, 'style'))?.[1] as
          'left' | 'right' | 'center' | undefined;
        const Cell = token.type === 'th_open' ? 'th' : 'td';
        return (
          <Cell key={key} style={align ? { textAlign: align } : undefined}>
            {inner()}
          </Cell>
        );
      }
      case 'fence':
      case 'code_block':
        return (
          <CodeBlock key={key} code={token.content} language={token.info.trim().split(/\s+/)[0] ?? ''} />
        );
      case 'hr':
        return <hr key={key} />;
      default:
        return children.length > 0 ? inner() : null;
    }
  });
}

/**
 * Markdown rendered as React elements, never as HTML text: raw HTML in the source is shown as
 * text, unsafe links are dropped, internal links (`/doc?id=49`) navigate inside the app, external
 * ones open in a new tab. Headings get anchor ids (see `outline`), code blocks a copy button.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const content = useMemo(() => renderBlocks(toTree(parseMarkdown(source)), createSlugger()), [source]);
  return <div className={`${styles.markdown} ${className ?? ''}`}>{content}</div>;
}

import type { MailMessage } from './messaging.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a platform mail says: its paragraphs, an optional table of facts, and the button to follow. */
export interface MailContent {
  lines: readonly string[];
  /** Label then value, shown as a table under the paragraphs. */
  facts?: ReadonlyArray<readonly [string, string]>;
  link: {
    href: string;
    label: string;
    /** Also print the address under the button (single-use account links a mail client may not open). */
    showAddress?: boolean;
  };
}

/** A platform mail in plain text and HTML: paragraphs, facts, a button, the platform's name. */
export function layoutMail(to: string, subject: string, { lines, facts, link }: MailContent): MailMessage {
  const text = [
    ...lines,
    ...(facts ? ['', ...facts.map(([label, value]) => `${label}: ${value}`)] : []),
    '',
    `${link.label}: ${link.href}`,
  ].join('\n');
  const rows = facts
    ?.map(
      ([label, value]) =>
        `<tr><td style="padding:6px 16px 6px 0;color:#6b7280;white-space:nowrap;vertical-align:top">${escape(label)}</td><td style="padding:6px 0">${escape(value)}</td></tr>`,
    )
    .join('');
  const button = `<p><a href="${escape(link.href)}" style="display:inline-block;padding:10px 18px;background:#3b5bdb;color:#fff;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>`;
  const address = link.showAddress ? `<p style="font-size:12px;color:#6b7280">${escape(link.href)}</p>` : '';
  const body = [
    lines.map((l) => `<p>${escape(l)}</p>`).join('\n'),
    ...(rows !== undefined ? [`<table style="border-collapse:collapse;margin:12px 0">${rows}</table>`] : []),
    `${button}${address}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1f2937;line-height:1.6">
${body}
<p style="font-size:12px;color:#6b7280">Pixora AI Open Platform</p></body></html>`;
  return { to, subject, text, html };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFaq, plainText, searchFaq, supportMailto, terms } from './faq.ts';

const faqDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../content/docs/113',
);
const faq = (language: string) => parseFaq(readFileSync(path.join(faqDir, `${language}.md`), 'utf8'));

describe('support FAQ', () => {
  it('reads every question of the FAQ page in the three languages, with its section', () => {
    const [en, zh, zhTw] = ['en', 'zh', 'zh_tw'].map(faq);
    expect(en!.length).toBeGreaterThanOrEqual(15);
    expect(zh).toHaveLength(en!.length);
    expect(zhTw).toHaveLength(en!.length);
    expect(en![0]).toMatchObject({
      section: 'Accounts and credentials',
      question: 'Do I need an account to try the algorithms?',
    });
    expect(en![0]!.answer).toMatch(/^No\. Every capability has a demo page/);
    for (const entry of en!) expect(entry.answer).not.toMatch(/\*\*|\]\(|^#/m);
  });

  it('turns inline markdown into plain text', () => {
    expect(plainText('See the [Quick start](/doc?id=101), use `api_key` and **never** *share* it.')).toBe(
      'See the Quick start, use api_key and never share it.',
    );
  });

  it('splits Chinese into character pairs and keeps latin words and numbers', () => {
    expect(terms('频率限制 429 rate')).toEqual(['频率', '率限', '限制', '429', 'rate']);
  });

  it('finds the answer to a question typed in English or Chinese, best match first', () => {
    expect(searchFaq(faq('en'), 'what is the rate limit?')[0]!.question).toMatch(/rate limit/i);
    expect(searchFaq(faq('zh'), '频率限制')[0]!.question).toContain('频率限制');
    expect(searchFaq(faq('zh_tw'), '註冊')[0]!.question).toContain('註冊');
    expect(searchFaq(faq('en'), 'zzzz qqqq')).toEqual([]);
    expect(searchFaq(faq('en'), 'the and')).toEqual([]);
    expect(searchFaq(faq('en'), 'image', 3)).toHaveLength(3);
  });

  it('writes a support mail that names the page', () => {
    const href = supportMailto(
      'help@pixora.example',
      'Support request',
      'https://x.example/doc?id=1',
      'Page:',
    );
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('help@pixora.example');
    expect(url.searchParams.get('subject')).toBe('Support request');
    expect(url.searchParams.get('body')).toContain('Page: https://x.example/doc?id=1');
  });
});

/** One question of the FAQ page (doc 113) with its answer as plain text. */
export interface FaqEntry {
  /** The section the question belongs to (`## ...`), '' before the first one. */
  section: string;
  question: string;
  answer: string;
}

/** The FAQ's doc id (/doc?id=113). */
export const FAQ_DOC_ID = 113;

/** Markdown inline marks as plain text: links keep their words, code and emphasis lose their marks. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*([^*\n]+)\*/g, '$1$2')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The questions (`### ...`) of a FAQ page and their answers, in page order. */
export function parseFaq(markdown: string): FaqEntry[] {
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const entries: FaqEntry[] = [];
  let section = '';
  let current: { question: string; lines: string[] } | null = null;
  const flush = () => {
    if (current)
      entries.push({ section, question: current.question, answer: plainText(current.lines.join('\n')) });
    current = null;
  };
  for (const line of body.split('\n')) {
    const heading = /^(#{2,3})\s+(.+?)\s*#*$/.exec(line);
    if (heading) {
      flush();
      if (heading[1] === '##') section = plainText(heading[2]!);
      else current = { question: plainText(heading[2]!), lines: [] };
    } else if (current) {
      current.lines.push(line);
    }
  }
  flush();
  return entries;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The words of a text for matching: latin words and numbers lower-cased, and for Chinese (written
 * without spaces) every pair of neighbouring characters, plus single characters of one-character runs.
 */
export function terms(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z0-9]+|[\u3400-\u9fff\uf900-\ufaff]+/g) ?? []) {
    if (!CJK.test(word)) {
      if (word.length > 1 || /\d/.test(word)) found.add(word);
    } else if (word.length === 1) {
      found.add(word);
    } else {
      for (let i = 0; i < word.length - 1; i += 1) found.add(word.slice(i, i + 2));
    }
  }
  return [...found];
}

/** Latin words so common that matching on them alone finds everything. */
const STOP_WORDS = new Set([
  'the',
  'is',
  'are',
  'do',
  'does',
  'can',
  'how',
  'what',
  'my',
  'to',
  'of',
  'and',
  'or',
  'in',
  'it',
  'an',
  'for',
  'on',
  'why',
  'which',
  'with',
  'me',
  'you',
  'we',
  'be',
  'at',
]);

/**
 * The entries that best answer `query`: each query term found in a question counts 3, in a section
 * title 2, in an answer 1; entries without any match are left out. Best first, page order on ties.
 */
export function searchFaq(entries: readonly FaqEntry[], query: string, limit = 5): FaqEntry[] {
  const wanted = terms(query).filter((term) => !STOP_WORDS.has(term));
  if (wanted.length === 0) return [];
  return entries
    .map((entry, index) => {
      const question = entry.question.toLowerCase();
      const section = entry.section.toLowerCase();
      const answer = entry.answer.toLowerCase();
      const score = wanted.reduce(
        (sum, term) =>
          sum +
          (question.includes(term) ? 3 : 0) +
          (section.includes(term) ? 2 : 0) +
          (answer.includes(term) ? 1 : 0),
        0,
      );
      return { entry, index, score };
    })
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((candidate) => candidate.entry);
}

/** A support e-mail about the page the visitor is on. */
export function supportMailto(address: string, subject: string, pageUrl: string, pageLine: string): string {
  const body = `\n\n---\n${pageLine} ${pageUrl}`;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

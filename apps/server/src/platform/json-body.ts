import type { FastifyInstance } from 'fastify';
import { ApiError } from './error-catalogue.ts';

/** Deepest nesting of objects and arrays a JSON body may have; the contracts need a handful. */
export const MAX_JSON_DEPTH = 32;
/** Most objects, arrays and list items (outside strings) a JSON body may have; images are strings. */
export const MAX_JSON_ITEMS = 100_000;

/**
 * The first way `text` breaks the JSON limits (MAX_JSON_DEPTH, MAX_JSON_ITEMS), or undefined.
 * One pass over the characters, before parsing: a body built to exhaust the parser, the
 * validator or the answer's serializer (which recurse) is refused before any of them runs.
 * A string's inside counts for nothing, so the pass jumps from its opening quote to its closing
 * one with indexOf (a quote is closing when an even number of backslashes precede it): an image
 * of 100 kB in base64 is skipped in one native search instead of a loop over its characters.
 */
export function jsonLimitBroken(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxItems = MAX_JSON_ITEMS,
): string | undefined {
  let depth = 0;
  let items = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = closingQuote(text, i + 1);
      if (i < 0) return undefined; // an unterminated string: the parser refuses it
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return `JSON nested deeper than ${maxDepth} levels`;
      if (++items > maxItems) return `JSON with more than ${maxItems} items`;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    else if (c === 0x2c /* , */ && ++items > maxItems) return `JSON with more than ${maxItems} items`;
  }
  return undefined;
}

/** Index of the quote closing a string whose content starts at `from` (-1 when none). */
function closingQuote(text: string, from: number): number {
  for (let q = text.indexOf('"', from); q >= 0; q = text.indexOf('"', q + 1)) {
    let backslashes = 0;
    while (q - 1 - backslashes >= from && text.charCodeAt(q - 1 - backslashes) === 0x5c /* \ */)
      backslashes++;
    if (backslashes % 2 === 0) return q;
  }
  return -1;
}

/**
 * JSON bodies are checked against the limits (400 / 10000) and then parsed by Fastify's own
 * parser, which keeps its answers to empty bodies and to `__proto__` / `constructor` keys.
 */
export function registerJsonLimits(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const broken = jsonLimitBroken(body as string);
    if (broken) {
      done(new ApiError(10000, broken), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

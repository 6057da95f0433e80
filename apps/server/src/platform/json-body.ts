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
 */
export function jsonLimitBroken(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxItems = MAX_JSON_ITEMS,
): string | undefined {
  let depth = 0;
  let items = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return `JSON nested deeper than ${maxDepth} levels`;
      if (++items > maxItems) return `JSON with more than ${maxItems} items`;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
    else if (c === 0x2c /* , */ && ++items > maxItems) return `JSON with more than ${maxItems} items`;
  }
  return undefined;
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

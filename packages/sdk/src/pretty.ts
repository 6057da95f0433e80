import { say, type Language } from './cli-messages.ts';

/**
 * `--pretty`: an answer as indented lines a person reads, not JSON. Long lists of coordinates are
 * summed up by their length, embedded images by their format and size.
 */
const isScalar = (v: unknown) => v === null || typeof v !== 'object';
const scalar = (v: unknown) =>
  typeof v === 'number' && !Number.isInteger(v) ? String(Number(v.toFixed(4))) : String(v);

function imageNote(text: string, language: Language): string | undefined {
  if (text.length < 200 || !/^[A-Za-z0-9+/=]+$/.test(text.slice(0, 200))) return undefined;
  const bytes = Buffer.from(text.slice(0, 16), 'base64');
  const format = bytes[0] === 0x89 ? 'PNG' : bytes[0] === 0xff ? 'JPEG' : 'data';
  return say(language, 'imageNote', { format, kb: Math.round((text.length * 3) / 4 / 1024) });
}

function line(value: unknown, language: Language): string | undefined {
  if (typeof value === 'string') return imageNote(value, language) ?? value;
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return say(language, 'none');
    if (value.every(isScalar) && value.length <= 6) return value.map(scalar).join(', ');
    if (value.every((v) => Array.isArray(v) && v.every(isScalar)))
      return say(language, 'points', { n: value.length });
  }
  return undefined;
}

export function pretty(value: unknown, language: Language = 'en', indent = ''): string {
  const simple = line(value, language);
  if (simple !== undefined) return `${indent}${simple}`;
  const out: string[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const one = line(item, language);
      if (one !== undefined) out.push(`${indent}${i + 1}. ${one}`);
      else out.push(`${indent}${i + 1}.`, pretty(item, language, `${indent}   `));
    });
    return out.join('\n');
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const one = line(item, language);
    if (one !== undefined) out.push(`${indent}${key}: ${one}`);
    else out.push(`${indent}${key}:`, pretty(item, language, `${indent}  `));
  }
  return out.join('\n');
}

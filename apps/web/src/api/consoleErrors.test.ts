import { describe, expect, it } from 'vitest';
import { consoleErrorText } from './consoleErrors.ts';
import { ApiError } from './http.ts';

const t = (key: string) => `t(${key})`;
const failure = (status: number, body: Record<string, unknown>) =>
  new ApiError(
    { kind: 'http', status, code: typeof body.code === 'number' ? body.code : null, message: '' },
    body,
    '/api/v1/user/profile',
  );

describe('consoleErrorText', () => {
  it('says the translated messages of refused fields rather than the summary', () => {
    const error = failure(400, {
      code: 30003,
      message: 'Invalid form: company: companyMin',
      errors: [
        { field: 'company', rule: 'companyMin', message: '不少于 3 个字符。' },
        { field: 'industry', rule: 'industryMax', message: '最多 20 个字符' },
      ],
    });
    expect(consoleErrorText(error, t)).toBe('不少于 3 个字符。 最多 20 个字符');
  });

  it('says the server message, else the catalogue message, and leaves a 401 to the session layer', () => {
    expect(consoleErrorText(failure(429, { code: 10029, message: '操作过于频繁。' }), t)).toBe(
      '操作过于频繁。',
    );
    expect(consoleErrorText(failure(502, {}), t)).toBe('t(errors.status.502)');
    expect(consoleErrorText(failure(401, { code: 30006, message: 'expired' }), t)).toBeNull();
    expect(consoleErrorText(new Error('boom'), t)).toBe('t(errors.status.other)');
  });
});

import { describe, expect, it } from 'vitest';
import { pythonLiteral, requestSnippets } from './tryItSnippets.ts';

describe('the try-it panel’s request as code', () => {
  const input = {
    origin: 'https://ai.example.com',
    endpoint: 'v1/apperal',
    parameter: { max_person_num: 2, flag: true, name: 'a$b' },
    apiKey: 'key-123',
    images: 1,
  };

  it('writes curl with the body in a here-document, the key filled in and the secret a placeholder', () => {
    const { curl } = requestSnippets(input);
    expect(curl).toContain('IMAGE1=$(base64 -w0 photo.jpg)');
    expect(curl).toContain(
      'curl -sS -X POST "https://ai.example.com/v1/apperal?api_key=key-123&api_secret=<api_secret>"',
    );
    // A dollar in a value is escaped so that the shell does not expand it; the image variable is not.
    expect(curl).toContain('{"parameter":{"max_person_num":2,"flag":true,"name":"a\\$b"},"extra":{}');
    expect(curl).toContain('"media_data":"$IMAGE1"');
  });

  it('writes Python with Python literals and one media entry per photo', () => {
    const { python } = requestSnippets({ ...input, images: 2, apiKey: null });
    expect(python).toContain('params={"api_key": "<api_key>", "api_secret": "<api_secret>"}');
    expect(python).toContain('"flag": True,');
    expect(python).toContain('"media_info_list": [media("photo1.jpg"), media("photo2.jpg")],');
    expect(pythonLiteral({ a: null, b: [false, 1.5] })).toBe('{\n    "a": None,\n    "b": [False, 1.5],\n}');
  });

  it('writes TypeScript with the SDK, the parameters only when there are some', () => {
    const { typescript } = requestSnippets(input);
    expect(typescript).toContain(
      `await pixora.call('v1/apperal', ['photo.jpg'], {"max_person_num":2,"flag":true,"name":"a$b"});`,
    );
    expect(requestSnippets({ ...input, parameter: {} }).typescript).toContain(
      "await pixora.call('v1/apperal', ['photo.jpg']);",
    );
  });
});

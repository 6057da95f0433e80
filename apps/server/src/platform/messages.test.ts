import { describe, expect, it } from 'vitest';
import { messages, translate, type MessageKey } from './messages.ts';

describe('server messages', () => {
  it('says every message a person sees in zh, zh_tw and en', () => {
    const keys = Object.keys(messages) as MessageKey[];
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) {
      const [zh, tw, en] = (['zh', 'zh_tw', 'en'] as const).map((l) => translate(key, l));
      for (const text of [zh, tw, en]) expect(text?.trim(), key).toBeTruthy();
      // The Chinese texts are Chinese (not English left untranslated), the English text is not Chinese.
      expect(zh, key).toMatch(/[\u4e00-\u9fff]/);
      expect(tw, key).toMatch(/[\u4e00-\u9fff]/);
      expect(en, key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  escapeNewlines,
  FEEDBACK_DEFAULTS,
  FEEDBACK_PRIORITIES,
  FEEDBACK_TYPES,
  feedbackFormData,
  feedbackOutcome,
  fileType,
  isAcceptedType,
  isTitleValid,
} from './feedbackForm.ts';
import en from '../../i18n/locales/en/index.ts';
import zh from '../../i18n/locales/zh/index.ts';
import zhTw from '../../i18n/locales/zh_tw/index.ts';

describe('feedback form', () => {
  it('opens as a product optimisation of medium priority', () => {
    expect(FEEDBACK_DEFAULTS).toMatchObject({ type_id: 2, priority_id: 2 });
    expect(FEEDBACK_TYPES.map((type) => type.value)).toEqual([1, 2]);
    expect(FEEDBACK_PRIORITIES.map((priority) => priority.value)).toEqual([1, 2, 3]);
  });

  it('needs a title that is not blank once trimmed', () => {
    expect(isTitleValid('')).toBe(false);
    expect(isTitleValid(' \n\t ')).toBe(false);
    expect(isTitleValid(' Crash ')).toBe(true);
  });

  it('escapes every kind of newline of the content', () => {
    expect(escapeNewlines('a\nb\r\nc\rd')).toBe('a\\nb\\nc\\nd');
  });

  it('sends type, trimmed title, escaped content, priority and one field per attachment', () => {
    const form = feedbackFormData(
      { type_id: 1, title: '  Boxes off  ', content: 'step 1\nstep 2', priority_id: 3 },
      ['uploads/a.png', 'uploads/b.log'],
    );
    expect([...form.entries()]).toEqual([
      ['type_id', '1'],
      ['title', 'Boxes off'],
      ['content', 'step 1\\nstep 2'],
      ['priority_id', '3'],
      ['attachment', 'uploads/a.png'],
      ['attachment', 'uploads/b.log'],
    ]);
  });

  it('takes attachments by their extension', () => {
    expect(fileType('Screen Shot.PNG')).toBe('png');
    expect(fileType('.env')).toBe('');
    expect(fileType('notes.')).toBe('');
    expect(isAcceptedType('trace.log')).toBe(true);
    expect(isAcceptedType('tool.exe')).toBe(false);
  });

  it('reads data.code 0 as success, and otherwise keeps the server message for the visitor', () => {
    expect(feedbackOutcome({ code: 0, message: 'Thank you!', data: { code: 0 } })).toEqual({
      ok: true,
      message: 'Thank you!',
    });
    expect(feedbackOutcome({ code: 30003, message: 'Please enter a title', data: null })).toEqual({
      ok: false,
      message: 'Please enter a title',
    });
    expect(feedbackOutcome({ data: { code: 5 } })).toEqual({ ok: false, message: null });
    expect(feedbackOutcome('<html>')).toEqual({ ok: false, message: null });
  });

  it('has the labels of every type and priority in the three languages', () => {
    for (const messages of [en, zh, zhTw]) {
      const feedback = (messages as unknown as { feedback: Record<string, Record<string, string>> }).feedback;
      for (const type of FEEDBACK_TYPES) expect(feedback.types![type.key]).toBeTruthy();
      for (const priority of FEEDBACK_PRIORITIES) expect(feedback.priorities![priority.key]).toBeTruthy();
    }
  });
});

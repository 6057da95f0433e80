import { describe, expect, it, vi } from 'vitest';
import { shareOrCopy, type ShareNavigator } from './share.ts';

const page = {
  title: 'Face key points',
  url: 'https://ai.pixora.example/algorithm/faceTechnology/facepointdetect',
};

describe('share', () => {
  it('uses the Web Share API where the browser has it', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    expect(await shareOrCopy(page, { share, clipboard: { writeText } })).toBe('shared');
    expect(share).toHaveBeenCalledWith(page);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as cancelled, not as a failure to report', async () => {
    const share = async () => {
      throw new DOMException('closed', 'AbortError');
    };
    const writeText = vi.fn(async () => undefined);
    expect(await shareOrCopy(page, { share, clipboard: { writeText } })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when there is no Web Share API, or it cannot share this, or it fails', async () => {
    const copied: string[] = [];
    const clipboard = { writeText: async (text: string) => void copied.push(text) };
    const failing: ShareNavigator = {
      share: async () => {
        throw new DOMException('denied', 'NotAllowedError');
      },
      clipboard,
    };
    expect(await shareOrCopy(page, { clipboard })).toBe('copied');
    expect(await shareOrCopy(page, { share: async () => undefined, canShare: () => false, clipboard })).toBe(
      'copied',
    );
    expect(await shareOrCopy(page, failing)).toBe('copied');
    expect(copied).toEqual([page.url, page.url, page.url]);
  });

  it('falls back to copying through a selection, and reports a failure when that fails too', async () => {
    const refused = {
      writeText: async () => {
        throw new DOMException('denied', 'NotAllowedError');
      },
    };
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    expect(await shareOrCopy(page, { clipboard: refused })).toBe('copied');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    execCommand.mockReturnValue(false);
    expect(await shareOrCopy(page, {})).toBe('failed');
  });
});

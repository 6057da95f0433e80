/** What a share attempt ended in. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareData {
  title: string;
  url: string;
}

/** The parts of `navigator` sharing uses (a parameter so tests can hand in their own). */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/** Copies through a hidden text field: browsers without the async clipboard (or outside HTTPS). */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/** Copies `text` to the clipboard; true when it worked. */
export async function copyText(text: string, nav: ShareNavigator = navigator): Promise<boolean> {
  if (nav.clipboard) {
    try {
      await nav.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not focused): the selection way may still work.
    }
  }
  return copyWithSelection(text);
}

/**
 * Shares a page with the Web Share API where the browser has it (phones, some desktops); else,
 * or when sharing fails, copies the link. A visitor closing the share sheet is not a failure.
 */
export async function shareOrCopy(data: ShareData, nav: ShareNavigator = navigator): Promise<ShareOutcome> {
  if (nav.share && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(data.url, nav)) ? 'copied' : 'failed';
}

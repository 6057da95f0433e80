import { JUMP_TO_INDEX_EVENT } from '../../components/useNotifyError.ts';

/**
 * The global account events: anything may ask for the login dialog, the
 * register dialog or the jump back to the index, and listen for a protocol agreement. They travel
 * as DOM events on `window`, so senders need no reference to the dialog.
 */
export const ACCOUNT_EVENTS = {
  login: 'pixora:login',
  register: 'pixora:register',
  changePwd: 'pixora:change-password',
  closeLogin: 'pixora:close-login',
  jumpToIndex: JUMP_TO_INDEX_EVENT,
  protocolAgreed: 'pixora:protocol-agreed',
} as const;

export type AccountEvent = keyof typeof ACCOUNT_EVENTS;

export interface AccountEventDetail {
  /** An e-mail address to put in the form the event opens. */
  email?: string;
}

export function emit(event: AccountEvent, detail: AccountEventDetail = {}): void {
  window.dispatchEvent(new CustomEvent<AccountEventDetail>(ACCOUNT_EVENTS[event], { detail }));
}

export function on(event: AccountEvent, handler: (detail: AccountEventDetail) => void): () => void {
  const listener = (e: Event) => handler((e as CustomEvent<AccountEventDetail | null>).detail ?? {});
  window.addEventListener(ACCOUNT_EVENTS[event], listener);
  return () => window.removeEventListener(ACCOUNT_EVENTS[event], listener);
}

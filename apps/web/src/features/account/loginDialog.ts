import { on, type AccountEventDetail } from './events.ts';
import { createStore } from './store.ts';

/** The three modes of the login dialog. */
export type LoginMode = 'LOGIN' | 'REGISTER' | 'CHANGEPWD';

export interface LoginDialogState {
  open: boolean;
  mode: LoginMode;
  /** E-mail to put in the form when it opens. */
  email: string;
  /** Bumped on every opening, so the form starts afresh. */
  opening: number;
}

export const loginDialog = createStore<LoginDialogState>({
  open: false,
  mode: 'LOGIN',
  email: '',
  opening: 0,
});

export function openLoginDialog(mode: LoginMode = 'LOGIN', email = ''): void {
  loginDialog.set((state) => ({ open: true, mode, email, opening: state.opening + 1 }));
}

export function closeLoginDialog(): void {
  loginDialog.set((state) => (state.open ? { ...state, open: false } : state));
}

export function setLoginMode(mode: LoginMode): void {
  loginDialog.set((state) => ({ ...state, mode, email: '' }));
}

// The global events open the dialog even before the page has rendered it (a route guard may ask
// for the login during the first navigation): the state waits in the store.
const email = (detail: AccountEventDetail) => detail.email ?? '';
on('login', (detail) => openLoginDialog('LOGIN', email(detail)));
on('register', (detail) => openLoginDialog('REGISTER', email(detail)));
on('changePwd', (detail) => openLoginDialog('CHANGEPWD', email(detail)));
on('jumpToIndex', () => openLoginDialog('LOGIN'));
on('closeLogin', closeLoginDialog);

import { parseRoles } from '@pixora/catalog';
import { accountApi, type Profile, type ProfileAnswer, type UserRecord } from '../../api/account.ts';
import { readToken, removeTokenCookie, SESSION_EXPIRED_EVENT } from '../../api/http.ts';
import { emit } from './events.ts';
import { createStore, useStore } from './store.ts';

/** Internal (IN) or outside (OUT) network; OUT until the probe says otherwise. */
export type Domain = 'IN' | 'OUT';

/** The user session: token, name, avatar, user id, roles, domain, profile and the protocol flag. */
export interface SessionState {
  /** The token of the `Admin-Token` cookie; null when signed out. */
  token: string | null;
  /** Real name, else username. */
  name: string;
  userId: number | null;
  /** Null until the profile is loaded for the current token. */
  roles: string[] | null;
  profile: Profile | null;
  /** The protocol version in force (ten-digit seconds). */
  protocolVersion: string | null;
  /** The stored agreement differs from the version in force: the acceptance dialog must be shown. */
  protocolChanged: boolean;
  domain: Domain;
  domainChecked: boolean;
  /** Unread in-product messages of the signed-in user (the top bar's badge); 0 when signed out. */
  unreadCount: number;
}

const signedOut = {
  token: null,
  name: '',
  userId: null,
  roles: null,
  profile: null,
  protocolVersion: null,
  protocolChanged: false,
  unreadCount: 0,
} as const satisfies Partial<SessionState>;

export const session = createStore<SessionState>({
  ...signedOut,
  token: typeof document === 'undefined' ? null : readToken(),
  domain: 'OUT',
  domainChecked: false,
});

export const useSession = () => useStore(session);

/** Roles of a user record: RolePermissions split on commas, or `user` when empty. */
export const rolesOf = (user: UserRecord): string[] => parseRoles(user.RolePermissions);

/** The name shown for the user: the real name, else the username. */
export const displayNameOf = (profile: Profile, user: UserRecord): string =>
  profile.RealName?.trim() || user.Username;

/** The session once the profile answer is in. */
export function withProfile(state: SessionState, answer: ProfileAnswer): SessionState {
  return {
    ...state,
    name: displayNameOf(answer.profile, answer.user),
    userId: answer.user.Id,
    roles: rolesOf(answer.user),
    profile: answer.profile,
    protocolVersion: answer.protocol_version,
    protocolChanged: answer.profile.agreement !== answer.protocol_version,
    unreadCount: answer.unread_count ?? state.unreadCount,
  };
}

/** Sets the unread count after a message was read, or a fresh count arrived. */
export function setUnreadCount(count: number): void {
  session.set((state) => ({ ...state, unreadCount: Math.max(0, count) }));
}

/** Takes the cookie as the truth about the token: a new or vanished token drops what was loaded for the old one. */
export function syncToken(): SessionState {
  const token = readToken();
  if (token !== session.get().token) session.set((state) => ({ ...state, ...signedOut, token }));
  return session.get();
}

/**
 * Whether this page is being left (pagehide, until a pageshow brings it back from the back/forward
 * cache). Calls cut off by leaving fail without any answer from the server.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * Loads the profile of the current token and derives name, roles and the protocol flag. On any
 * failure the user is logged out locally and false is returned; a call cut off
 * because the page is being left is no answer about the session and logs nobody out.
 */
export async function loadProfile(): Promise<boolean> {
  const token = syncToken().token;
  if (!token) return false;
  try {
    const answer = await accountApi.profile();
    if (session.get().token !== token) return false;
    session.set((state) => withProfile(state, answer.data));
    return true;
  } catch {
    if (!leaving) localLogout();
    return false;
  }
}

/** Updates the stored profile after a save. */
export function applyProfile(profile: Profile): void {
  session.set((state) => ({
    ...state,
    profile,
    name: profile.RealName?.trim() || state.name,
    protocolChanged: state.protocolVersion !== null && profile.agreement !== state.protocolVersion,
  }));
}

/** Local logout: token, roles and name cleared and the cookie removed, without calling the server. */
export function localLogout(): void {
  removeTokenCookie();
  session.set((state) => ({ ...state, ...signedOut }));
}

/** Logout: the server ends the session, then the local one is cleared and the page reloads. */
export async function logout(reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await accountApi.signout();
  } catch {
    // The local session ends whatever the server said; an unreachable server keeps an expiring token only.
  }
  localLogout();
  reload();
}

/** Reads the profile again (the version in force may have changed); a failure leaves the session as it is. */
export async function refreshProfile(): Promise<void> {
  const token = session.get().token;
  if (!token) return;
  try {
    const answer = await accountApi.profile();
    if (session.get().token === token) session.set((state) => withProfile(state, answer.data));
  } catch {
    // A 401 has ended the session through `request`; anything else keeps what is shown.
  }
}

/**
 * Agreeing saves the profile with the version in force; the flag clears and the success event
 * fires. When the server refuses (the texts changed again meanwhile), the profile is read again so
 * the dialog shows the new version and the next agreement names it.
 */
export async function agreeProtocol(): Promise<void> {
  const version = session.get().protocolVersion;
  if (!version) throw new Error('no protocol version loaded');
  let answer;
  try {
    answer = await accountApi.updateProfile({ agreement: version });
  } catch (error) {
    void refreshProfile();
    throw error;
  }
  applyProfile(answer.data.profile);
  session.set((state) => ({ ...state, protocolChanged: false }));
  emit('protocolAgreed');
}

let domainProbe: Promise<void> | null = null;

/** Where the domain found by the probes is kept for the browser session (tab). */
export const DOMAIN_KEY = 'pixora.domain';

/**
 * The second internal-network probe: a GET of `url`, an address reachable from the internal network
 * only. Any reply within `timeoutMs` (an opaque one too: the probe host need not allow this site)
 * means IN; a network error or no reply in time means OUT.
 */
export async function probeReachable(
  url: string,
  timeoutMs: number,
  send: typeof fetch = fetch,
): Promise<boolean> {
  try {
    await send(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return true;
  } catch {
    return false;
  }
}

/** The domain: a reply of the first probe with a code means IN; otherwise the second probe, when named, decides. */
export async function detectDomain(send: typeof fetch = fetch): Promise<Domain> {
  let answer;
  try {
    answer = await accountApi.checkOa();
  } catch {
    return 'OUT';
  }
  if (answer.data?.code) return 'IN';
  const probe = answer.data?.probe;
  if (!probe) return 'OUT';
  return (await probeReachable(probe, answer.data?.probe_timeout_ms ?? 3000, send)) ? 'IN' : 'OUT';
}

function cachedDomain(): Domain | null {
  try {
    const value = sessionStorage.getItem(DOMAIN_KEY);
    return value === 'IN' || value === 'OUT' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The internal-network check, run once per browser session: its result is kept in session storage
 * and read again by later page loads of the tab. Success and failure are handled alike (a failed
 * check counts as outside).
 */
export function ensureDomainChecked(): Promise<void> {
  domainProbe ??= (async () => {
    const domain = cachedDomain() ?? (await detectDomain());
    try {
      sessionStorage.setItem(DOMAIN_KEY, domain);
    } catch {
      // Without storage the check runs again on the next page load.
    }
    session.set((state) => ({ ...state, domain, domainChecked: true }));
  })();
  return domainProbe;
}

// Redirect path kept across the login (app settings): a tab's session storage.
const REDIRECT_KEY = 'pixora.redirect';

export function storedRedirect(): string | null {
  try {
    return sessionStorage.getItem(REDIRECT_KEY);
  } catch {
    return null;
  }
}

export function storeRedirect(path: string): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    // Without storage the user lands on the index after logging in.
  }
}

export function clearStoredRedirect(): void {
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Nothing stored.
  }
}

/** A 401 from a console call, waiting to be announced by the page (text of the server, or empty). */
export const expiredNotice = createStore<{ message: string } | null>(null);

/** An error met outside any form (a failed third-party login), waiting to be shown by the page. */
export const pendingError = createStore<string | null>(null);

if (typeof window !== 'undefined') {
  window.addEventListener(SESSION_EXPIRED_EVENT, (event) => {
    const wasSignedIn = session.get().token !== null;
    session.set((state) => ({ ...state, ...signedOut }));
    // One notice for a burst of failed calls.
    if (wasSignedIn && expiredNotice.get() === null) {
      const detail = (event as CustomEvent<{ message?: string } | null>).detail;
      expiredNotice.set({ message: detail?.message ?? '' });
    }
  });
}

/** For tests: back to a fresh, signed-out page. */
export function resetSessionForTests(state: Partial<SessionState> = {}): void {
  domainProbe = state.domainChecked ? Promise.resolve() : null;
  leaving = false;
  session.set({ ...signedOut, domain: 'OUT', domainChecked: false, ...state });
  try {
    sessionStorage.removeItem(DOMAIN_KEY);
  } catch {
    // Nothing stored.
  }
  expiredNotice.set(null);
  pendingError.set(null);
}

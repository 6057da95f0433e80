import { redirect } from 'react-router';
import { accountApi, exchangeRedirectUrl } from '../../api/account.ts';
import { consoleErrorText } from '../../api/consoleErrors.ts';
import { HOME_PATH } from '../../routing/paths.ts';
import { i18n } from '../../i18n/i18n.ts';
import { emit } from './events.ts';
import { guard, loginingTarget, returnPath, type GuardSession } from './guard.ts';
import {
  clearStoredRedirect,
  ensureDomainChecked,
  loadProfile,
  localLogout,
  pendingError,
  storedRedirect,
  storeRedirect,
  syncToken,
} from './session.ts';

function guardSession(): GuardSession {
  const state = syncToken();
  return { token: state.token, roles: state.roles, domain: state.domain, storedRedirect: storedRedirect() };
}

/**
 * The window holding the login dialog when this page runs in its OA frame (same origin), else null.
 * That window moves on to /logining, back to the page it showed.
 */
function dialogWindow(): Window | null {
  try {
    const top = window.top;
    if (!top || top === window.self) return null;
    void top.location.pathname; // throws when the frame is not ours
    return top;
  } catch {
    return null;
  }
}

/**
 * Runs the navigation guard for `url` before the page renders and carries out its
 * decision: returns to let the page load, or throws a redirect.
 */
export async function runAccountGuard(url: URL): Promise<void> {
  await ensureDomainChecked();
  let decision = guard(url.pathname, url.search, guardSession());
  if (decision.kind === 'loadProfile') {
    // A failed profile load has logged the user out locally (cookie removed): back to the index.
    if (!(await loadProfile())) throw redirect(HOME_PATH);
    decision = guard(url.pathname, url.search, guardSession());
  }

  switch (decision.kind) {
    case 'allow':
    case 'loadProfile':
      return;
    case 'login':
      storeRedirect(decision.redirect);
      emit('login');
      throw redirect(decision.to);
    case 'redirect':
      if (decision.clearStoredRedirect) clearStoredRedirect();
      throw redirect(decision.to);
    case 'exchange': {
      emit('closeLogin');
      try {
        await accountApi.exchangeCode({
          code: decision.code,
          state: decision.state,
          // The address the provider sent the browser back to, without its query, encoded.
          redirect_url: exchangeRedirectUrl(url),
        });
      } catch (error) {
        localLogout();
        pendingError.set(consoleErrorText(error, (key) => i18n.t(key)));
        throw redirect(HOME_PATH);
      }
      // The server has set the session cookie; the roles of any earlier session are dropped.
      syncToken();
      const top = dialogWindow();
      if (top) {
        // The OA page ran inside the login dialog's frame: the whole window moves on. The frame
        // stays on its spinner and starts nothing more: a profile call of its own, cut off when
        // the window leaves, would count as a failed load and log the new session out.
        const back = storedRedirect() ?? returnPath(top.location.pathname, top.location.search);
        top.location.assign(loginingTarget(back));
        return;
      }
      throw redirect(decision.to);
    }
  }
}

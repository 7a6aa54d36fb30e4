/**
 * The shell's login dialog (app-shell §2, always present): opened from the toolbar, the login
 * gate, the end screen's account offer, or an e-mail's link (`/?reset=TOKEN` sets a new password,
 * `/?signIn=1` asks to sign in, `&refused=CODE` after a social sign-in that did not happen); the link's token is taken out of the address at once. The dialog
 * and its messages are loaded when it first opens.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { withAccountCatalog } from '../account/catalog';
import { ACCOUNT_ERROR_CODES } from '@eid/domain/shell';
import { takeQueryParam } from './query';
import { closeLogin, openLogin, shownLogin, subscribeLogin } from './login-request';

const LoginDialog = lazy(() => withAccountCatalog(() => import('../account/login-dialog')).then((m) => ({ default: m.LoginDialog })));

export function LoginHost() {
  const shown = useSyncExternalStore(subscribeLogin, shownLogin);
  useEffect(() => {
    const reset = takeQueryParam('reset');
    if (reset) openLogin({ mode: 'reset', token: reset });
    else if (takeQueryParam('signIn') !== null) {
      // A social sign-in that came back refused says why (a known code only).
      const refused = takeQueryParam('refused');
      openLogin({ mode: 'sign-in', ...(refused && (ACCOUNT_ERROR_CODES as readonly string[]).includes(refused) ? { refused } : {}) });
    }
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog key={shown.n} request={shown.value} onClose={closeLogin} />
    </Suspense>
  );
}

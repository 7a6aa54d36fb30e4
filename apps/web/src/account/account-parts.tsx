/**
 * Parts the account pages share: the prompt for a visitor the login gate let in by a declaration's
 * connection token (not signed in), the sign-in method's name, a date and time in the interface
 * language, and signing out.
 */
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { LOCALE_TAGS, isLocale, type SignInMethod } from '@eid/domain';
import { AccountCallError, signedOut, useAccount } from '../shell/account-session';
import { api } from '../shell/api';
import { openLogin } from '../shell/login-request';
import { notify } from '../shell/snackbar';
import { ErrorText } from '../decla/fields/fields';
import { ConfirmDialog, RefusalShown } from '../ui/confirm-dialog';

export function SignInPrompt({ title, next }: { title: string; next: string }) {
  const { t } = useLingui();
  const state = useAccount();
  return (
    <article className="page account-page">
      <h1>{title}</h1>
      {state.kind === 'anonymous' && state.ended ? <p role="status">{t`Your session here has ended: you were signed out from another device, or it expired. Sign in again to go on.`}</p> : null}
      <p>{t`Sign in to see this page. Your declaration in progress stays on this device.`}</p>
      <button type="button" className="button" onClick={() => openLogin({ mode: 'sign-in', next })}>
        {t`Sign in`}
      </button>
    </article>
  );
}

export function useMethodName(): (method: SignInMethod) => string {
  const { t } = useLingui();
  const names: Record<SignInMethod, string> = {
    password: t`E-mail and password`,
    smartid: 'Smart-ID',
    mobileid: 'Mobile-ID',
    oidc: t`Social account`,
  };
  return (method) => names[method];
}

export function useDateTime(): (ms: number) => string {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(isLocale(i18n.locale) ? LOCALE_TAGS[i18n.locale] : LOCALE_TAGS.lt, { dateStyle: 'medium', timeStyle: 'short' });
  return (ms) => format.format(ms);
}

/**
 * Ends a session of this account and leads home: this one (`/sign-out`) or every one
 * (`/sign-out-everywhere`, after a confirmation: it cannot be undone and reaches other devices).
 */
export function SignOutButton({ everywhere = false }: { everywhere?: boolean }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const signOut = async () => {
    await api.call(everywhere ? 'signOutEverywhere' : 'signOut');
    signedOut();
    notify('info', everywhere ? t`You are signed out on every device.` : t`You are signed out.`);
    void navigate({ to: '/' });
  };
  return (
    <>
      <button
        type="button"
        className={everywhere ? 'button button--secondary' : 'button'}
        disabled={busy}
        onClick={async () => {
          if (everywhere) {
            setAsking(true);
            return;
          }
          setBusy(true);
          setRefusal(null);
          try {
            await signOut();
          } catch (e) {
            setRefusal(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR');
          } finally {
            setBusy(false);
          }
        }}
      >
        {everywhere ? t`Sign out everywhere` : t`Sign out`}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t`Sign out on every device?`}
          act={t`Sign out everywhere`}
          danger
          onClose={() => setAsking(false)}
          onAct={async () => {
            try {
              await signOut();
            } catch (e) {
              throw new RefusalShown(<ErrorText code={e instanceof AccountCallError ? e.code : 'GENERIC_ERROR'} />);
            }
          }}
        >
          <p>{t`Every browser and phone where you are signed in, this one included, is signed out at once. Each will need to sign in again. A declaration in progress is not affected.`}</p>
        </ConfirmDialog>
      ) : null}
      {refusal ? (
        <div role="alert">
          <ErrorText code={refusal} />
        </div>
      ) : null}
    </>
  );
}

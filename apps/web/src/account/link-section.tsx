/**
 * Settings L, ID9: an account without a verified personal code (e-mail, social) links Smart-ID or
 * Mobile-ID — the same form as signing in, the same session afterwards; an account with one says
 * so.
 */
import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountView } from '@eid/domain';
import { signedIn } from '../shell/account-session';
import { api } from '../shell/api';
import { notify } from '../shell/snackbar';
import { IdentityForm } from './identity-form';

export function LinkSection({ account }: { account: AccountView }) {
  const { t } = useLingui();
  const [offered, setOffered] = useState<readonly string[]>([]);
  const [linking, setLinking] = useState<'smart-id' | 'mobile-id' | null>(null);
  useEffect(() => {
    let live = true;
    api.call('signInMethods').then(
      (m) => live && setOffered(m.identity),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <section aria-labelledby="link-title">
      <h2 id="link-title">{t`Smart-ID and Mobile-ID`}</h2>
      {account.personalCodeVerified ? (
        <p>
          <Trans>Your personal code is verified: it fills in your declarations.</Trans>
        </p>
      ) : linking ? (
        <IdentityForm
          key={linking}
          method={linking}
          link
          onSignedIn={(linked) => {
            signedIn(linked);
            setLinking(null);
            notify('success', t`Your personal code is verified and linked to this account.`);
          }}
          onBack={() => setLinking(null)}
        />
      ) : (
        <>
          <p>
            <Trans>Link Smart-ID or Mobile-ID to verify your personal code. Then your declarations are filled in with it, and you can see your documents and accidents.</Trans>
          </p>
          <div className="dialog-buttons dialog-buttons--stacked">
            {offered.includes('smartid') ? (
              <button type="button" className="button button--secondary" onClick={() => setLinking('smart-id')}>
                {t`Link Smart-ID`}
              </button>
            ) : null}
            {offered.includes('mobileid') ? (
              <button type="button" className="button button--secondary" onClick={() => setLinking('mobile-id')}>
                {t`Link Mobile-ID`}
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}

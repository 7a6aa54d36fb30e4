/**
 * The account's confirmation link (`/confirm?account=TOKEN`, AC2): the link confirms the address
 * together with the password chosen at registration, so the page asks for it. (The route takes
 * the token out of the address bar at once.)
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../shell/api';
import { openLogin } from '../shell/login-request';
import { ErrorText } from '../decla/fields/fields';
import { CurrentPasswordField, Refusal, useSend } from './form-field';

export function ConfirmAccountPage({ token }: { token: string }) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  /** The confirmed address, carried over to the sign-in. */
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const { busy, refusal, send } = useSend();
  const submit = () => {
    setTried(true);
    if (password === '') return;
    void send(async () => {
      setConfirmed((await api.call('confirmAccount', { body: { token, password } })).email);
    });
  };
  return (
    <article className="page confirm-account">
      <h1>{t`Confirming the account`}</h1>
      {confirmed !== null ? (
        <>
          <p role="status" className="confirmed">
            <span aria-hidden="true">✓ </span>
            <Trans>The address is confirmed and the account is ready.</Trans>
          </p>
          <button type="button" className="button" onClick={() => openLogin({ mode: 'sign-in', next: '/user', email: confirmed })}>
            {t`Sign in`}
          </button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p>
            <Trans>Enter the password you chose when creating the account: it confirms that the account is yours.</Trans>
          </p>
          <CurrentPasswordField label={t`Password`} value={password} onChange={setPassword} tried={tried} />
          <Refusal refusal={refusal} wrongPassword={t`This is not the password chosen when the account was created.`} />
          <button type="submit" className="button" disabled={busy || !token}>
            {t`Confirm the address`}
          </button>
          {!token ? <ErrorText code="ACCOUNT_LINK_INVALID" /> : null}
        </form>
      )}
    </article>
  );
}
